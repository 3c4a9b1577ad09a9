import { describe, expect, it } from 'vitest';
import { epubReader } from './epub-reader.service';

describe('epub-reader service', () => {
  it('trims its input', () => {
    expect(epubReader('  x  ')).toBe('x');
  });
});
