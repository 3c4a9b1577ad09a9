import { describe, expect, it } from 'vitest';
import { writeBmp } from './bmp';

describe('writeBmp', () => {
  it('writes a 24-bit bottom-up bitmap with padded rows', () => {
    // 3×2: top row red, green, blue; bottom row white, black, grey.
    const rgba = Uint8Array.from([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 128, 128, 128, 255]);
    const bmp = writeBmp(rgba, 3, 2);
    const view = new DataView(bmp.buffer);
    expect(String.fromCharCode(bmp[0]!, bmp[1]!)).toBe('BM');
    // 9 bytes of pixels per row, padded to 12.
    expect(bmp.length).toBe(54 + 12 * 2);
    expect([
      view.getUint32(2, true),
      view.getUint32(10, true),
      view.getInt32(18, true),
      view.getInt32(22, true),
      view.getUint16(28, true),
    ]).toEqual([78, 54, 3, 2, 24]);
    // First stored row is the bottom one, in BGR order.
    expect([...bmp.subarray(54, 63)]).toEqual([255, 255, 255, 0, 0, 0, 128, 128, 128]);
    expect([...bmp.subarray(66, 75)]).toEqual([0, 0, 255, 0, 255, 0, 255, 0, 0]);
  });

  it('refuses pixel data of the wrong length', () => {
    expect(() => writeBmp(new Uint8Array(10), 2, 2)).toThrow(RangeError);
  });
});
