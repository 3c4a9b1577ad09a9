import { describe, expect, it } from 'vitest';
import { outputName, resultBlob, uniqueNames } from './names';

describe('output names', () => {
  it('swaps the extension for the output format', () => {
    expect(outputName('holiday.HEIC', 'jpeg')).toBe('holiday.jpg');
    expect(outputName('a.b.png', 'webp')).toBe('a.b.webp');
    expect(outputName('.hidden', 'png')).toBe('.hidden.png');
    expect(outputName('', 'avif')).toBe('image.avif');
  });

  it('numbers duplicates, ignoring case', () => {
    expect(uniqueNames(['a.jpg', 'A.jpg', 'a.jpg', 'b.jpg', 'a (2).jpg'])).toEqual([
      'a.jpg',
      'A (2).jpg',
      'a (3).jpg',
      'b.jpg',
      'a (2) (2).jpg',
    ]);
  });
});

describe('resultBlob', () => {
  it('holds exactly the bytes of the view, not the rest of its buffer', async () => {
    const buffer = new Uint8Array([9, 9, 1, 2, 3, 9]);
    const blob = resultBlob({ bytes: buffer.subarray(2, 5), mime: 'image/png' });
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(blob.type).toBe('image/png');
    const shared = new Uint8Array(new SharedArrayBuffer(2));
    shared.set([7, 8]);
    expect([...new Uint8Array(await resultBlob({ bytes: shared, mime: 'image/bmp' }).arrayBuffer())]).toEqual([7, 8]);
  });
});
