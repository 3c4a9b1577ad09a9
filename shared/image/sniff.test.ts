import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { animationFrames, framesNeedWholeFile, gifFrameCount, isAnimatedWebp, jpegOrientation, sniffFormat } from './sniff';

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

  it('recognises Photoshop documents (PSD and PSB), which no engine here reads, so they are never called damaged', () => {
    const header = (version: number) => new Uint8Array([0x38, 0x42, 0x50, 0x53, 0, version, 0, 0, 0, 0, 0, 0]);
    expect(sniffFormat(header(1))).toBe('psd');
    expect(sniffFormat(header(2))).toBe('psd');
    expect(sniffFormat(header(3))).toBeUndefined();
  });
});

describe('gifFrameCount', () => {
  it('counts the frames of an animation', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 4, height: 4, channels: 3, background } })
        .png()
        .toBuffer();
    // Frames must differ, or the GIF encoder merges them.
    const animated = await sharp([await frame('#ff0000'), await frame('#00ff00'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect(gifFrameCount(new Uint8Array(animated))).toBe(3);
    expect(gifFrameCount(new Uint8Array(await pixel().gif().toBuffer()))).toBe(1);
  });
});

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const u32be = (value: number) => [(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
const u32le = (value: number) => u32be(value).reverse();
/** A PNG chunk (the CRC is not checked, so zeros). */
const pngChunk = (type: string, data: number[]) => [...u32be(data.length), ...ascii(type), ...data, 0, 0, 0, 0];
const PNG_SIGNATURE = [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = pngChunk('IHDR', [...u32be(40), ...u32be(30), 8, 6, 0, 0, 0]);
/** A RIFF chunk, padded to an even length. */
const riffChunk = (type: string, data: number[]) => [...ascii(type), ...u32le(data.length), ...data, ...(data.length % 2 ? [0] : [])];
const webp = (chunks: number[][]) => {
  const body = [...ascii('WEBP'), ...chunks.flat()];
  return Uint8Array.from([...ascii('RIFF'), ...u32le(body.length), ...body]);
};

describe('animationFrames', () => {
  it('counts an APNG by its acTL chunk and a still PNG as one frame', () => {
    const apng = Uint8Array.from([
      ...PNG_SIGNATURE,
      ...IHDR,
      ...pngChunk('acTL', [...u32be(12), ...u32be(0)]),
      ...pngChunk('IDAT', [1, 2, 3]),
      ...pngChunk('IEND', []),
    ]);
    expect(animationFrames(apng)).toBe(12);
    expect(framesNeedWholeFile(apng)).toBe(false);
    const still = Uint8Array.from([...PNG_SIGNATURE, ...IHDR, ...pngChunk('IDAT', [1, 2, 3]), ...pngChunk('IEND', [])]);
    expect(animationFrames(still)).toBe(1);
    // acTL after the image data is not an APNG's, and a header cut short is no animation.
    expect(
      animationFrames(
        Uint8Array.from([...PNG_SIGNATURE, ...IHDR, ...pngChunk('IDAT', [1]), ...pngChunk('acTL', [...u32be(5), ...u32be(0)])]),
      ),
    ).toBe(1);
    expect(animationFrames(apng.subarray(0, 20))).toBe(1);
  });

  it('counts an animated WebP by its ANMF chunks, odd sizes padded', () => {
    const vp8x = (flags: number) => riffChunk('VP8X', [flags, 0, 0, 0, 39, 0, 0, 29, 0, 0]);
    const animated = webp([
      vp8x(0x02 | 0x10),
      riffChunk('ANIM', [0, 0, 0, 0, 0, 0]),
      riffChunk('ANMF', [1, 2, 3]),
      riffChunk('ANMF', [4, 5]),
      riffChunk('ANMF', [6]),
    ]);
    expect(isAnimatedWebp(animated)).toBe(true);
    expect(framesNeedWholeFile(animated)).toBe(true);
    expect(animationFrames(animated)).toBe(3);
    const still = webp([vp8x(0x10), riffChunk('VP8L', [1, 2, 3])]);
    expect(isAnimatedWebp(still)).toBe(false);
    expect(animationFrames(still)).toBe(1);
    expect(animationFrames(webp([riffChunk('VP8 ', [1, 2])]))).toBe(1);
  });

  it('agrees with libwebp and giflib on real animations, and calls other images one frame', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 4, height: 4, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await Promise.all(['#ff0000', '#00ff00', '#0000ff', '#ffffff'].map(frame));
    const animatedWebp = new Uint8Array(
      await sharp(frames, { join: { animated: true } })
        .webp()
        .toBuffer(),
    );
    expect(animationFrames(animatedWebp)).toBe(4);
    expect(
      animationFrames(
        new Uint8Array(
          await sharp(frames, { join: { animated: true } })
            .gif()
            .toBuffer(),
        ),
      ),
    ).toBe(4);
    expect(animationFrames(new Uint8Array(await pixel().jpeg().toBuffer()))).toBe(1);
    expect(animationFrames(new Uint8Array(0))).toBe(1);
  });
});
