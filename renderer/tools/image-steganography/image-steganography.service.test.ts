import { describe, expect, it } from 'vitest';
import { CIPHER_OVERHEAD, RECORD_OVERHEAD } from '@shared/image/lsb';
import { capacityReport, outputFileName, utf8Length } from './image-steganography.service';

describe('capacityReport', () => {
  it('subtracts the record overhead, and the cipher overhead with a password', () => {
    expect(capacityReport(1000, '', false).maxBytes).toBe(1000 - RECORD_OVERHEAD);
    expect(capacityReport(1000, '', true).maxBytes).toBe(1000 - RECORD_OVERHEAD - CIPHER_OVERHEAD);
    expect(capacityReport(10, '', true).maxBytes).toBe(0);
  });

  it('counts UTF-8 bytes, not characters, and flags text over capacity', () => {
    expect(utf8Length('a百😀')).toBe(1 + 3 + 4);
    const capacity = RECORD_OVERHEAD + 6;
    expect(capacityReport(capacity, '百宝', false)).toEqual({ maxBytes: 6, usedBytes: 6, maxHanzi: 2, over: false });
    expect(capacityReport(capacity, '百宝a', false).over).toBe(true);
  });
});

describe('outputFileName', () => {
  it('always ends in .png and keeps the base name', () => {
    expect(outputFileName('photo.jpg')).toBe('photo-hidden.png');
    expect(outputFileName('archive.tar.webp')).toBe('archive.tar-hidden.png');
    expect(outputFileName('.png')).toBe('.png-hidden.png');
    expect(outputFileName('')).toBe('image-hidden.png');
  });
});
