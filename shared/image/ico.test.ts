import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IcoFormatError, isPng, readIco, writeIco } from './ico';

const png = (size: number, color: string) =>
  sharp({ create: { width: size, height: size, channels: 4, background: color } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

describe('writeIco', () => {
  it('writes ICONDIR, one ICONDIRENTRY per image and the PNGs back to back', async () => {
    const images = await Promise.all([16, 32, 48].map(async (size) => ({ width: size, height: size, png: await png(size, '#ff000080') })));
    const ico = writeIco(images);
    const view = new DataView(ico.buffer);
    expect([view.getUint16(0, true), view.getUint16(2, true), view.getUint16(4, true)]).toEqual([0, 1, 3]);
    let expectedOffset = 6 + 16 * 3;
    images.forEach((image, index) => {
      const at = 6 + 16 * index;
      expect(ico[at]).toBe(image.width);
      expect(ico[at + 1]).toBe(image.height);
      expect(view.getUint16(at + 4, true)).toBe(1);
      expect(view.getUint16(at + 6, true)).toBe(32);
      expect(view.getUint32(at + 8, true)).toBe(image.png.length);
      expect(view.getUint32(at + 12, true)).toBe(expectedOffset);
      expectedOffset += image.png.length;
    });
    expect(ico.length).toBe(expectedOffset);
  });

  it('round-trips through readIco; every payload decodes as a PNG of its directory size', async () => {
    const sizes = [16, 32, 48, 256];
    const ico = writeIco(await Promise.all(sizes.map(async (size) => ({ width: size, height: size, png: await png(size, '#336699') }))));
    const entries = readIco(ico);
    expect(entries.map((entry) => entry.width)).toEqual(sizes);
    // 256 is stored as 0 in the one-byte field.
    expect(ico[6 + 16 * 3]).toBe(0);
    for (const entry of entries) {
      expect(isPng(entry.png)).toBe(true);
      const meta = await sharp(entry.png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', entry.width, entry.height]);
    }
  });

  it('refuses sizes an ICO cannot describe and empty sets', () => {
    const bytes = new Uint8Array(8);
    expect(() => writeIco([])).toThrow(RangeError);
    expect(() => writeIco([{ width: 257, height: 257, png: bytes }])).toThrow(RangeError);
    expect(() => writeIco([{ width: 0, height: 16, png: bytes }])).toThrow(RangeError);
  });
});

describe('readIco', () => {
  it('rejects bytes that are not a well-formed icon', async () => {
    const black = await png(16, '#000');
    const good = writeIco([{ width: 16, height: 16, png: black }]);
    expect(() => readIco(new Uint8Array(0))).toThrow(IcoFormatError);
    expect(() => readIco(black)).toThrow(IcoFormatError);
    expect(() => readIco(good.subarray(0, good.length - 1))).toThrow(/outside the file/);
    expect(() => readIco(good.subarray(0, 10))).toThrow(/directory/);
    expect(() => readIco(new Uint8Array([0, 0, 1, 0, 0, 0]))).toThrow(/without images/);
  });
});
