import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { encode } from 'fast-png';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageError } from '@shared/contracts/image';
import { crc32 } from '@shared/hash/crc32';
import { CIPHER_OVERHEAD, RECORD_OVERHEAD, maxMessageBytes } from '@shared/image/lsb';
import type { RgbaPixels } from '@shared/image/lsb';
import { StegoFailure, decodeImage, decodePng, encodePng, hideText, revealText, sniffFormat, summarize } from './stego-core';
import type { DecodedImage, StegoErrorCode } from './stego-core';

/** Stands in for the browser decoder in Node: sharp gives the same RGBA pixels canvas would. */
async function sharpDecode(bytes: Uint8Array<ArrayBuffer>): Promise<RgbaPixels> {
  const { data, info } = await sharp(bytes).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

const load = (bytes: Uint8Array) => decodeImage(new Uint8Array(bytes), sharpDecode);

/** A photo-like gradient with noise, optionally with a transparent hole. */
async function makePng(width: number, height: number, alpha = false): Promise<Uint8Array> {
  const channels = alpha ? 4 : 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels;
      raw[at] = (x * 255) / width;
      raw[at + 1] = (y * 255) / height;
      raw[at + 2] = (x * y + x * 7) & 0xff;
      if (alpha) raw[at + 3] = x < width / 4 ? 0 : x < width / 2 ? 128 : 255;
    }
  }
  return new Uint8Array(await sharp(raw, { raw: { width, height, channels } }).png().toBuffer());
}

async function failure(work: Promise<unknown>): Promise<StegoErrorCode | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    if (error instanceof StegoFailure) return error.code;
    throw error;
  }
}

describe('hide and reveal', () => {
  it('round-trips Unicode text without a password through real PNG bytes', async () => {
    const text = '百宝箱 steganography ✓ 😀👍🏽 — ends here';
    const png = await hideText(await load(await makePng(120, 80)), text, '');
    expect(sniffFormat(png)).toBe('png');
    // sharp (libpng) reads the same pixels fast-png wrote.
    expect((await sharp(png).metadata()).channels).toBe(3);
    expect(await revealText(await load(png), '')).toEqual({ text, encrypted: false });
  });

  it('round-trips with a password; a wrong or missing password is told apart', async () => {
    const png = await hideText(await load(await makePng(100, 100)), '密码保护的秘密', 'correct horse 马');
    const image = await load(png);
    expect(await revealText(image, 'correct horse 马')).toEqual({ text: '密码保护的秘密', encrypted: true });
    expect(await failure(revealText(image, 'wrong'))).toBe('wrongPassword');
    expect(await failure(revealText(image, ''))).toBe('passwordRequired');
  });

  it('uses a fresh salt and IV: the same text and password give different pixels', async () => {
    const image = await load(await makePng(60, 60));
    const [a, b] = await Promise.all([hideText(image, 'same', 'pw'), hideText(image, 'same', 'pw')]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  it('keeps alpha exactly and survives zeroed colour in transparent pixels', async () => {
    const source = await load(await makePng(80, 40, true));
    const png = await hideText(source, 'alpha-safe', '');
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    for (let i = 3; i < data.length; i += 4) expect(data[i]).toBe(source.pixels.data[i]);
    // Re-save the way an optimiser would: transparent pixels' colour zeroed.
    for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 0) data.fill(0, i, i + 3);
    const cleaned = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await revealText(await load(cleaned), '')).toEqual({ text: 'alpha-safe', encrypted: false });
  });

  it('fills to capacity exactly, with and without a password, and refuses one byte more', async () => {
    const image = await load(await makePng(40, 30));
    const capacity = summarize(image).capacity;
    expect(capacity).toBe(Math.floor((40 * 30 * 3) / 8));
    for (const password of ['', 'pw']) {
      const max = maxMessageBytes(capacity, password !== '');
      expect(max).toBe(capacity - RECORD_OVERHEAD - (password ? CIPHER_OVERHEAD : 0));
      const text = '字'.repeat(Math.floor(max / 3)) + 'a'.repeat(max % 3);
      expect(await revealText(await load(await hideText(image, text, password)), password)).toEqual({ text, encrypted: password !== '' });
      expect(await failure(hideText(image, `${text}a`, password))).toBe('tooLong');
    }
    expect(await failure(hideText(image, '', ''))).toBe('emptyText');
  });

  it('says "no hidden data" for a plain PNG and blames lossy compression for a JPEG', async () => {
    expect(await failure(revealText(await load(await makePng(50, 50)), ''))).toBe('noData');
    const jpeg = await sharp(await makePng(50, 50))
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(await failure(revealText(await load(jpeg), ''))).toBe('noDataLossy');
  });

  it('destroyed by JPEG re-compression, as the page warns', async () => {
    const png = await hideText(await load(await makePng(64, 64)), 'fragile', '');
    const recompressed = await sharp(png).jpeg({ quality: 100 }).toBuffer();
    expect(await failure(revealText(await load(recompressed), ''))).toBe('noDataLossy');
  });

  it('reports a damaged record when pixels were edited after hiding', async () => {
    const png = await hideText(await load(await makePng(64, 64)), 'edit me and I break', 'pw');
    const image = await load(png);
    const data = image.pixels.data.slice();
    data[4 * 40] = (data[4 * 40] ?? 0) ^ 1; // a sample inside the body
    const edited: DecodedImage = { ...image, pixels: { ...image.pixels, data } };
    expect(await failure(revealText(await load(encodePng(edited)), 'pw'))).toBe('damaged');
  });

  it('hides in a JPEG carrier and outputs PNG', async () => {
    const jpeg = await sharp(await makePng(90, 60))
      .jpeg()
      .toBuffer();
    const image = await load(jpeg);
    expect(image.format).toBe('jpeg');
    const png = await hideText(image, 'from a jpeg', '');
    expect(sniffFormat(png)).toBe('png');
    expect(await revealText(await load(png), '')).toEqual({ text: 'from a jpeg', encrypted: false });
  });
});

describe('bad input', () => {
  it('refuses zero-byte, non-image, truncated and corrupt files as "not an image"', async () => {
    const png = await makePng(64, 64);
    const corrupt = png.slice();
    corrupt.fill(0x55, 60, 200);
    const cases = [new Uint8Array(0), new TextEncoder().encode('just some text, not a picture'), png.slice(0, png.length / 2), corrupt];
    for (const bytes of cases) expect(await failure(load(bytes))).toBe('notImage');
  });

  it('names a real image the browser cannot read (TIFF) apart from a damaged one', async () => {
    const tiff = new Uint8Array(
      await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
        .tiff()
        .toBuffer(),
    );
    // What renderer/platform/image/decode-bitmap.ts throws for it in the browser.
    const browser = () => Promise.reject(new ImageError('unsupportedInput', 'tiff'));
    expect(await failure(decodeImage(tiff, browser))).toBe('unsupportedFormat');
    // Comlink hands a worker's error over as a plain Error: the code survives in its message.
    expect(await failure(decodeImage(tiff, () => Promise.reject(new Error(new ImageError('unsupportedInput', 'tiff').message))))).toBe(
      'unsupportedFormat',
    );
    expect(await failure(decodeImage(tiff, () => Promise.reject(new ImageError('decode', 'bad'))))).toBe('notImage');
    // A JPEG whose header declares more than any browser decodes.
    expect(await failure(decodeImage(tiff, () => Promise.reject(new ImageError('tooLarge', '30000×30000'))))).toBe('tooBig');
  });

  it('lets a decoder that could not be downloaded through, instead of calling the file damaged', async () => {
    const heic = new Uint8Array([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode('ftypheic'),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode('mif1heic'),
    ]);
    const offline = new Error(new ImageError('codecUnavailable', 'TypeError: Failed to fetch').message);
    await expect(decodeImage(heic, () => Promise.reject(offline))).rejects.toBe(offline);
  });

  it('refuses images beyond the size limit (read from IHDR before decoding)', async () => {
    const huge = await sharp({ create: { width: 16_385, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(await failure(load(huge))).toBe('tooBig');
  });
});

/** Adds a tRNS chunk (one transparent colour) right after IHDR; fast-png's encoder does not write one. */
function withTrns(png: Uint8Array, colour: number[]): Uint8Array {
  const afterIhdr = 8 + 4 + 4 + 13 + 4;
  const chunk = new Uint8Array(12 + colour.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, colour.length);
  chunk.set(new TextEncoder().encode('tRNS'), 4);
  chunk.set(colour, 8);
  view.setUint32(8 + colour.length, crc32(chunk.subarray(4, 8 + colour.length)));
  return new Uint8Array([...png.subarray(0, afterIhdr), ...chunk, ...png.subarray(afterIhdr)]);
}

describe('PNG decoding to RGBA', () => {
  it('matches libvips for palette, grey, grey+alpha, 2/4-bit grey, 16-bit and tRNS colour-key images', async () => {
    const base = sharp(await makePng(33, 17, true));
    const packed = (depth: number) => new Uint8Array(Math.ceil((33 * depth) / 8) * 17).map((_, i) => (i * 29) & 0xff);
    const rgb = new Uint8Array(33 * 17 * 3).map((_, i) => (i % 5 === 0 ? 7 : (i * 13) & 0xff));
    const variants: Record<string, Uint8Array> = {
      palette: await base.clone().png({ palette: true, colours: 16 }).toBuffer(),
      grey: await base.clone().flatten().toColourspace('b-w').png().toBuffer(),
      greyAlpha: await base.clone().toColourspace('b-w').png().toBuffer(),
      twoBitGrey: encode({ width: 33, height: 17, data: packed(2), depth: 2, channels: 1 }),
      fourBitGrey: encode({ width: 33, height: 17, data: packed(4), depth: 4, channels: 1 }),
      sixteen: await base.clone().toColourspace('rgb16').png().toBuffer(),
      colourKey: withTrns(encode({ width: 33, height: 17, data: rgb, depth: 8, channels: 3 }), [0, 7, 0, 13, 0, 26]),
    };
    for (const [name, bytes] of Object.entries(variants)) {
      const ours = decodePng(new Uint8Array(bytes));
      const { data } = await sharp(bytes).ensureAlpha().toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      expect(ours.pixels.data.length, name).toBe(data.length);
      let worst = 0;
      for (let i = 0; i < data.length; i += 1) worst = Math.max(worst, Math.abs((ours.pixels.data[i] ?? 0) - (data[i] ?? 0)));
      // 16-bit → 8-bit: we keep the high byte, libvips rounds; they may differ by one.
      expect(worst, name).toBeLessThanOrEqual(1);
      expect(ours.hasAlpha, name).toBe(name === 'palette' || name === 'greyAlpha' || name === 'sixteen' || name === 'colourKey');
    }
  });
});

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpus = (path: string) => join(corpusDir, 'image', path);
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
if (!corpusPresent) console.info(`image-steganography: corpus checks skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);

describe.runIf(corpusPresent)('real images from the corpus', () => {
  it.each([
    'sharp/bgbn4a08.png',
    'sharp/tbgn2c16.png',
    'sharp/embedgravitybird.png',
    'file-type/fixture.png',
    'file-type/fixture.jpg',
    'file-type/fixture.webp',
    'sharp/Landscape_6.jpg',
  ])('round-trips text with a password in %s', async (path) => {
    const image = await load(readFileSync(corpus(path)));
    const text = `隐写 ${path} 🔒`;
    const png = await hideText(image, text, 'pw');
    const back = await load(png);
    expect([back.pixels.width, back.pixels.height]).toEqual([image.pixels.width, image.pixels.height]);
    expect(await revealText(back, 'pw')).toEqual({ text, encrypted: true });
    expect(await failure(revealText(image, 'pw'))).toMatch(/^noData/);
  });

  it('refuses the damaged corpus PNG as not an image', async () => {
    expect(await failure(load(readFileSync(corpus('file-type/fixture-corrupt.png'))))).toBe('notImage');
  });
});
