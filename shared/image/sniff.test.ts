import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gifFrameCount, jpegOrientation, sniffFormat } from './sniff';

const pixel = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } });

describe('sniffFormat', () => {
  it('recognises the containers sharp writes and refuses text', async () => {
    expect(sniffFormat(await pixel().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffFormat(await pixel().png().toBuffer())).toBe('png');
    expect(sniffFormat(await pixel().webp().toBuffer())).toBe('webp');
    expect(sniffFormat(await pixel().avif().toBuffer())).toBe('avif');
    expect(sniffFormat(await pixel().gif().toBuffer())).toBe('gif');
    expect(sniffFormat(await pixel().tiff().toBuffer())).toBe('tiff');
    expect(sniffFormat(new TextEncoder().encode('hello, not an image'))).toBeUndefined();
    expect(sniffFormat(new Uint8Array(0))).toBeUndefined();
  });
});

describe('jpegOrientation', () => {
  it('reads the EXIF orientation tag of a JPEG', async () => {
    expect(jpegOrientation(new Uint8Array(await pixel().withMetadata({ orientation: 6 }).jpeg().toBuffer()))).toBe(6);
    expect(jpegOrientation(new Uint8Array(await pixel().jpeg().toBuffer()))).toBeUndefined();
  });

  it('recognises the formats sharp cannot read but browsers can', () => {
    expect(sniffFormat(new Uint8Array([0x42, 0x4d, 0, 0]))).toBe('bmp');
    expect(sniffFormat(new Uint8Array([0, 0, 1, 0, 1, 0]))).toBe('ico');
  });
});

describe('gifFrameCount', () => {
  it('counts the frames of an animation', async () => {
    const frame = (background: string) => sharp({ create: { width: 4, height: 4, channels: 3, background } }).png().toBuffer();
    // Frames must differ, or the GIF encoder merges them.
    const animated = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } }).gif().toBuffer();
    expect(gifFrameCount(new Uint8Array(animated))).toBe(3);
    expect(gifFrameCount(new Uint8Array(await pixel().gif().toBuffer()))).toBe(1);
  });
});
