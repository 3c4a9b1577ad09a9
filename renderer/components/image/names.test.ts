import { describe, expect, it } from 'vitest';
import { outputName, uniqueNames } from './names';

describe('output names', () => {
  it('swaps the extension for the output format', () => {
    expect(outputName('holiday.HEIC', 'jpeg')).toBe('holiday.jpg');
    expect(outputName('a.b.png', 'webp')).toBe('a.b.webp');
    expect(outputName('.hidden', 'png')).toBe('.hidden.png');
    expect(outputName('', 'avif')).toBe('image.avif');
  });

  it('numbers duplicates, ignoring case', () => {
    expect(uniqueNames(['a.jpg', 'A.jpg', 'a.jpg', 'b.jpg', 'a (2).jpg'])).toEqual(['a.jpg', 'A (2).jpg', 'a (3).jpg', 'b.jpg', 'a (2) (2).jpg']);
  });
});
