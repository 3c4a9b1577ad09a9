import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { writeGif } from './gif';
import { gifFrameCount, sniffFormat } from './sniff';

/** A smooth two-axis gradient: more than 256 colours, so the palette has to be fitted. */
function gradient(width: number, height: number, alpha: (x: number, y: number) => number): Uint8Array {
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1)
      pixels.set([Math.round((x / (width - 1)) * 255), Math.round((y / (height - 1)) * 255), 96, alpha(x, y)], (y * width + x) * 4);
  }
  return pixels;
}

async function readBack(gif: Uint8Array) {
  const { data, info } = await sharp(gif).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  return { info, pixel, metadata: await sharp(gif).metadata() };
}

describe('writeGif', () => {
  it('writes a single-frame GIF of the size given whose colours stay close to the source', async () => {
    const source = gradient(120, 80, () => 255);
    const gif = writeGif(source.slice(), 120, 80);
    expect(sniffFormat(gif)).toBe('gif');
    expect(gifFrameCount(gif)).toBe(1);
    const { info, pixel, metadata } = await readBack(gif);
    expect([metadata.format, info.width, info.height, metadata.pages ?? 1]).toEqual(['gif', 120, 80, 1]);
    for (const [x, y] of [
      [0, 0],
      [60, 40],
      [119, 79],
      [30, 70],
    ] as const) {
      const expected = [...source.subarray((y * 120 + x) * 4, (y * 120 + x) * 4 + 4)];
      const actual = pixel(x, y);
      // 256 entries over a 120×80 gradient: each channel within a few levels of the source.
      expect(
        actual.every((value, channel) => Math.abs(value - expected[channel]!) <= 12),
        `${x},${y}: ${actual.join(',')} vs ${expected.join(',')}`,
      ).toBe(true);
    }
  });

  it('keeps transparency as one transparent index and leaves opaque pixels opaque', async () => {
    // Left third fully transparent, a half-transparent middle third (below the threshold), opaque right third.
    const gif = writeGif(
      gradient(90, 30, (x) => (x < 30 ? 0 : x < 60 ? 100 : 255)),
      90,
      30,
    );
    const { pixel, metadata } = await readBack(gif);
    expect(metadata.hasAlpha).toBe(true);
    expect(pixel(5, 5)[3]).toBe(0);
    expect(pixel(45, 15)[3]).toBe(0);
    expect(pixel(80, 15)[3]).toBe(255);
    const opaque = pixel(89, 29);
    expect(Math.abs(opaque[0]! - 255) <= 12 && Math.abs(opaque[1]! - 255) <= 12, opaque.join(',')).toBe(true);
    // An opaque black pixel must not collapse onto the transparent entry (which gifenc stores as black).
    const black = new Uint8Array(4 * 4 * 4);
    for (let at = 0; at < black.length; at += 4) black.set(at < 32 ? [0, 0, 0, 0] : [0, 0, 0, 255], at);
    const dark = await readBack(writeGif(black, 4, 4));
    expect([dark.pixel(0, 0)[3], dark.pixel(0, 3)]).toEqual([0, [0, 0, 0, 255]]);
  });

  it('reads only the picture when handed a view into a larger buffer', async () => {
    const backing = new Uint8Array(8 + 2 * 2 * 4).fill(255);
    const view = backing.subarray(8);
    view.set([255, 0, 0, 255, 255, 0, 0, 255, 0, 0, 255, 255, 0, 0, 255, 255]);
    const { pixel } = await readBack(writeGif(view, 2, 2));
    expect([pixel(0, 0), pixel(1, 1)]).toEqual([
      [255, 0, 0, 255],
      [0, 0, 255, 255],
    ]);
  });

  it('refuses a pixel buffer that does not match the size', () => {
    expect(() => writeGif(new Uint8Array(12), 2, 2)).toThrow(RangeError);
  });
});
