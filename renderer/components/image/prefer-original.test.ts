import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { originalIsSmaller } from './prefer-original';

const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
/** Stored 30×20 with EXIF orientation 6: upright it is 20×30, which is what the engines report. */
const turnedJpeg = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
const result = (format: 'png' | 'jpeg' | 'webp', bytes: number, width: number, height: number) => ({
  format,
  bytes: new Uint8Array(bytes),
  width,
  height,
});

describe('originalIsSmaller', () => {
  it('prefers the original over a same-format, same-size result that is no smaller', async () => {
    const original = new Uint8Array(await png());
    expect(originalIsSmaller(original, original.length, result('png', original.length + 1, 30, 20))).toBe(true);
    expect(originalIsSmaller(original, original.length, result('png', original.length, 30, 20))).toBe(true);
    expect(originalIsSmaller(original, original.length, result('png', original.length - 1, 30, 20))).toBe(false);
  });

  it('keeps a result the user asked to be different: another format or another size', async () => {
    const original = new Uint8Array(await png());
    expect(originalIsSmaller(original, original.length, result('webp', original.length * 2, 30, 20))).toBe(false);
    expect(originalIsSmaller(original, original.length, result('png', original.length * 2, 15, 10))).toBe(false);
  });

  it('compares upright sizes, as the engines report them', async () => {
    const original = new Uint8Array(await turnedJpeg());
    expect(originalIsSmaller(original, original.length, result('jpeg', original.length * 2, 20, 30))).toBe(true);
    expect(originalIsSmaller(original, original.length, result('jpeg', original.length * 2, 30, 20))).toBe(false);
  });

  it('keeps the result when the original is not an image it can read', () => {
    const text = new TextEncoder().encode('not an image at all');
    expect(originalIsSmaller(text, text.length, result('png', 100, 30, 20))).toBe(false);
  });
});
