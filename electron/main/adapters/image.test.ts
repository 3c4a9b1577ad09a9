import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_SIDE, imageErrorCode, imageJobSchema, unsupportedFormat } from '@shared/contracts/image';
import type { ImageJobInput } from '@shared/contracts/image';
import { writeBmp } from '@shared/image/bmp';
import { readIco } from '@shared/image/ico';
import { probeImage, processImage, toBytes } from './image';

const CORPUS = process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../../shared/corpus');
const IMAGES = join(CORPUS, 'image');
const hasCorpus = existsSync(IMAGES);
if (!hasCorpus) console.warn(`[image adapter] corpus not found at ${IMAGES}: corpus checks skipped`);

let dir: string;
const path = (name: string) => join(dir, name);
const run = (file: string, job: ImageJobInput, signal?: AbortSignal) => processImage(file, imageJobSchema.parse(job), { signal });

/** A photo-like image: smooth gradients plus noise, so encoders have real work and sizes are realistic. */
async function photo(width: number, height: number): Promise<Buffer> {
  const gradient = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      gradient[at] = (x * 255) / width;
      gradient[at + 1] = (y * 255) / height;
      gradient[at + 2] = ((x + y) * 127) / (width + height) + 64;
    }
  }
  return sharp(gradient, { raw: { width, height, channels: 3 } })
    .composite([
      {
        input: { create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } },
        blend: 'overlay',
      },
    ])
    .jpeg({ quality: 95 })
    .toBuffer();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-image-'));
  writeFileSync(path('photo.jpg'), await photo(1600, 1200));
  // EXIF orientation 6: stored landscape 300×200, shown portrait 200×300.
  writeFileSync(
    path('rotated.jpg'),
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ff0000' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer(),
  );
  writeFileSync(
    path('alpha.png'),
    await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0 } } })
      .png()
      .toBuffer(),
  );
  writeFileSync(path('empty.jpg'), Buffer.alloc(0));
  writeFileSync(path('text.png'), 'this is not an image');
  const full = await photo(400, 300);
  writeFileSync(path('truncated.jpg'), full.subarray(0, Math.floor(full.length / 2)));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sharp image adapter', () => {
  it('compresses a photo to a smaller JPEG of the requested width', async () => {
    const result = await run(path('photo.jpg'), { ops: [{ kind: 'resize', width: 800 }], output: { format: 'jpeg', quality: 70 } });
    const meta = await sharp(result.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect(result).toMatchObject({ format: 'jpeg', mime: 'image/jpeg', width: 800, height: 600, quality: 70 });
  });

  it('writes WebP, AVIF, PNG, GIF, BMP and ICO that read back as such', async () => {
    const ops: ImageJobInput['ops'] = [{ kind: 'resize', width: 120 }];
    for (const format of ['webp', 'avif', 'png', 'gif'] as const) {
      const result = await run(path('photo.jpg'), { ops, output: { format } });
      const meta = await sharp(result.bytes).metadata();
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(format);
      expect(meta.width).toBe(120);
    }
    const bmp = await run(path('alpha.png'), { output: { format: 'bmp', background: '#ff0000' } });
    expect(Buffer.from(bmp.bytes.subarray(0, 2)).toString()).toBe('BM');
    // Transparent pixels were flattened onto the background: the first pixel (BGR) is red.
    expect([...bmp.bytes.subarray(54, 57)]).toEqual([0, 0, 255]);
    const ico = await run(path('photo.jpg'), { ops: [{ kind: 'resize', width: 48, height: 48, fit: 'cover' }], output: { format: 'ico' } });
    const [entry] = readIco(ico.bytes);
    expect(entry).toMatchObject({ width: 48, height: 48 });
    expect((await sharp(entry!.png).metadata()).format).toBe('png');
  });

  it('applies EXIF orientation first and strips metadata unless asked to keep it', async () => {
    expect(await probeImage(path('rotated.jpg'))).toMatchObject({ width: 200, height: 300, orientation: 6, format: 'jpeg' });
    const stripped = await run(path('rotated.jpg'), { output: { format: 'jpeg' } });
    const meta = await sharp(stripped.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([200, 300, undefined, undefined]);
    const kept = await run(path('rotated.jpg'), { output: { format: 'jpeg', keepMetadata: true } });
    const keptMeta = await sharp(kept.bytes).metadata();
    expect(keptMeta.exif).toBeDefined();
    expect([keptMeta.width, keptMeta.height]).toEqual([200, 300]);
    expect(keptMeta.orientation ?? 1).toBe(1);
  });

  it('runs crop, rotate and flip in the order given', async () => {
    const result = await run(path('photo.jpg'), {
      ops: [
        { kind: 'crop', left: 100, top: 100, width: 500, height: 300 },
        { kind: 'rotate', angle: 90, flipX: true },
        { kind: 'resize', width: 150 },
      ],
      output: { format: 'png' },
    });
    expect([result.width, result.height]).toEqual([150, 250]);
  });

  it('fills transparency with the background for JPEG', async () => {
    const result = await run(path('alpha.png'), { output: { format: 'jpeg', background: '#00ff00' } });
    const { data } = await sharp(result.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeLessThan(30);
    expect(data[1]).toBeGreaterThan(220);
  });

  it('finds the highest quality under a target size', async () => {
    const target = 60 * 1024;
    const result = await run(path('photo.jpg'), { output: { format: 'jpeg', quality: 95, targetBytes: target } });
    expect(result.fitsTarget).toBe(true);
    expect(result.bytes.length).toBeLessThanOrEqual(target);
    expect(result.quality).toBeLessThan(95);
    const oneHigher = await run(path('photo.jpg'), { output: { format: 'jpeg', quality: result.quality + 1 } });
    expect(oneHigher.bytes.length).toBeGreaterThan(target);
  });

  it('reports broken input as image:decode and missing files plainly', async () => {
    for (const name of ['empty.jpg', 'text.png', 'truncated.jpg']) {
      const error = await run(path(name), { output: { format: 'jpeg' } }).catch((caught: unknown) => caught);
      expect(imageErrorCode(error), name).toBe('decode');
    }
    for (const unavailable of [path('missing.jpg'), dir]) {
      const error = await run(unavailable, { output: { format: 'jpeg' } }).catch((caught: unknown) => caught);
      expect(imageErrorCode(error), unavailable).toBe('fileUnavailable');
      // The path came from the renderer: it does not go back in the message.
      expect(String(error), unavailable).not.toContain(dir);
    }
  });

  it.skipIf(process.platform === 'win32')('refuses a FIFO at once instead of blocking a thread on it', async () => {
    const fifo = path('pipe.jpg');
    execFileSync('mkfifo', [fifo]);
    const error = await run(fifo, { output: { format: 'jpeg' } }).catch((caught: unknown) => caught);
    expect(imageErrorCode(error)).toBe('fileUnavailable');
    await expect(probeImage(fifo)).rejects.toThrow('image:fileUnavailable');
  });

  it('calls an image beyond the largest side tooLarge, not damaged', async () => {
    writeFileSync(
      path('wide.png'),
      await sharp({ create: { width: MAX_IMAGE_SIDE + 1, height: 2, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
    );
    const error = await run(path('wide.png'), { output: { format: 'png' } }).catch((caught: unknown) => caught);
    expect(imageErrorCode(error)).toBe('tooLarge');
  });

  it('refuses a resize whose result would exceed the largest side before doing any pixel work', async () => {
    // A long screenshot scaled up to 1920 wide would be 1920×76800: tens of seconds of libvips work in main.
    writeFileSync(
      path('long.png'),
      await sharp({ create: { width: 400, height: 16000, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
    );
    const started = performance.now();
    const error = await run(path('long.png'), {
      ops: [{ kind: 'resize', width: 1920, withoutEnlargement: false }],
      output: { format: 'png' },
    }).catch((caught: unknown) => caught);
    expect(imageErrorCode(error)).toBe('tooLarge');
    expect(performance.now() - started).toBeLessThan(2000);
    const cropped = await run(path('long.png'), {
      ops: [
        { kind: 'crop', left: 0, top: 0, width: 400, height: 800 },
        { kind: 'resize', width: 1920, withoutEnlargement: false },
      ],
      output: { format: 'png' },
    });
    expect([cropped.width, cropped.height]).toEqual([1920, 3840]);
  });

  it("hands IPC bytes that own their whole buffer, never a view into Node's shared pool", () => {
    const secret = Buffer.from('token-in-the-pool');
    const small = Buffer.from([1, 2, 3]);
    expect(small.buffer.byteLength).toBeGreaterThan(small.length);
    const bytes = toBytes(small);
    expect([...bytes]).toEqual([1, 2, 3]);
    expect(bytes.buffer.byteLength).toBe(3);
    expect(Buffer.from(bytes.buffer).includes(secret)).toBe(false);
    const whole = Buffer.alloc(8192);
    expect(toBytes(whole).buffer).toBe(whole.buffer);
  });

  it('keeps EXIF and ICC across several stages and in target-size mode when asked', async () => {
    writeFileSync(
      path('tagged.jpg'),
      await sharp(await photo(400, 300))
        .withExif({ IFD0: { Copyright: 'Baibao test', Artist: 'Tester' } })
        .withIccProfile('p3')
        .jpeg()
        .toBuffer(),
    );
    const jobs: ImageJobInput[] = [
      {
        ops: [
          { kind: 'crop', left: 10, top: 10, width: 300, height: 200 },
          { kind: 'resize', width: 150 },
        ],
        output: { format: 'jpeg', keepMetadata: true },
      },
      { ops: [{ kind: 'resize', width: 200 }], output: { format: 'jpeg', keepMetadata: true, targetBytes: 200_000 } },
    ];
    for (const job of jobs) {
      const meta = await sharp((await run(path('tagged.jpg'), job)).bytes).metadata();
      expect(meta.exif?.toString('latin1'), JSON.stringify(job.ops)).toContain('Baibao test');
      expect(meta.icc?.length, JSON.stringify(job.ops)).toBeGreaterThan(0);
    }
    const stripped = await sharp((await run(path('tagged.jpg'), { ...jobs[0]!, output: { format: 'jpeg' } })).bytes).metadata();
    expect(stripped.exif).toBeUndefined();
  });

  it('calls real images in formats libvips cannot read "unsupported", not damaged', async () => {
    const bmp = writeBmp(new Uint8Array(16).fill(200), 2, 2);
    writeFileSync(path('real.bmp'), bmp);
    const error = await run(path('real.bmp'), { output: { format: 'png' } }).catch((caught: unknown) => caught);
    expect(imageErrorCode(error)).toBe('unsupportedInput');
  });

  it('stops a cancelled job', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await run(path('photo.jpg'), { output: { format: 'jpeg' } }, controller.signal).catch((caught: unknown) => caught);
    expect(imageErrorCode(error)).toBe('cancelled');
  });

  it('a job cancelled while its only stage runs rejects instead of sending its bytes', async () => {
    const controller = new AbortController();
    const job = run(
      path('photo.jpg'),
      { ops: [{ kind: 'resize', width: 300 }], output: { format: 'avif', quality: 60 } },
      controller.signal,
    );
    // sharp finishes a stage it started: a small AVIF keeps the wait short, and is still far longer than 20 ms.
    setTimeout(() => controller.abort(), 20);
    expect(imageErrorCode(await job.catch((caught: unknown) => caught))).toBe('cancelled');
  });
});

describe.skipIf(!hasCorpus)('sharp image adapter on the corpus', () => {
  const corpus = (name: string) => join(IMAGES, name);

  it('turns every EXIF orientation upright (sharp fixtures Landscape_1/3/6/8, Portrait_5)', async () => {
    // All four show the same landscape once upright: compare thumbnails with Landscape_1's.
    const thumbnail = async (bytes: Uint8Array) =>
      (await sharp(bytes).resize(24, 18, { fit: 'fill' }).greyscale().raw().toBuffer()).valueOf();
    let reference: Buffer | undefined;
    for (const name of ['Landscape_1.jpg', 'Landscape_3.jpg', 'Landscape_6.jpg', 'Landscape_8.jpg']) {
      const result = await run(corpus(`sharp/${name}`), { output: { format: 'webp', quality: 80 } });
      expect([result.width, result.height], name).toEqual([600, 450]);
      const pixels = await thumbnail(result.bytes);
      reference ??= pixels;
      const meanDifference = pixels.reduce((sum, value, index) => sum + Math.abs(value - reference![index]!), 0) / pixels.length;
      expect(meanDifference, name).toBeLessThan(12);
    }
    const portrait = await run(corpus('sharp/Portrait_5.jpg'), { output: { format: 'jpeg' } });
    expect([portrait.width, portrait.height]).toEqual([450, 600]);
  });

  it('keeps alpha in PNG and WebP (PngSuite tbgn2c16, bgbn4a08)', async () => {
    for (const name of ['sharp/tbgn2c16.png', 'sharp/bgbn4a08.png']) {
      const result = await run(corpus(name), { output: { format: 'webp' } });
      expect((await sharp(result.bytes).metadata()).hasAlpha, name).toBe(true);
    }
  });

  it('takes the first frame of an animated GIF, and counts the frames of an APNG', async () => {
    expect(await probeImage(corpus('sharp/animated-loop-3.gif'))).toMatchObject({ width: 370, height: 285, frames: 10 });
    expect(await probeImage(corpus('file-type/fixture.apng'))).toMatchObject({ width: 100, height: 100, format: 'png', frames: 20 });
    const result = await run(corpus('sharp/animated-loop-3.gif'), { output: { format: 'png' } });
    expect((await sharp(result.bytes).metadata()).pages ?? 1).toBe(1);
  });

  it('reads WebP and AVIF, and refuses the damaged PNG', async () => {
    expect(await probeImage(corpus('file-type/fixture.webp'))).toMatchObject({ width: 200, height: 133, format: 'webp' });
    const avif = await run(corpus('avif-sample-images/kimono.avif'), { ops: [{ kind: 'resize', width: 361 }], output: { format: 'jpeg' } });
    expect([avif.width, avif.height]).toEqual([361, 512]);
    const error = await run(corpus('file-type/fixture-corrupt.png'), { output: { format: 'jpeg' } }).catch((caught: unknown) => caught);
    expect(imageErrorCode(error)).toBe('decode');
  });

  it('calls an HEVC HEIC unsupported (the page then decodes it), not damaged', async () => {
    const error = await run(corpus('file-type/fixture-mif1.heic'), { output: { format: 'jpeg' } }).catch((caught: unknown) => caught);
    expect(imageErrorCode(error)).toBe('unsupportedInput');
  });

  it('calls a valid PSD unsupported and names it (the page then says which tool opens it), not damaged', async () => {
    const error = await run(join(CORPUS, 'psd/ag-psd/layers.psd'), { output: { format: 'jpeg' } }).catch((caught: unknown) => caught);
    expect(imageErrorCode(error)).toBe('unsupportedInput');
    expect(unsupportedFormat(error)).toBe('psd');
  });

  it('makes a real photo smaller at the same size', async () => {
    const source = corpus('avif-sample-images/kimono.jpg');
    const result = await run(source, { output: { format: 'jpeg', quality: 75 } });
    expect(result.bytes.length).toBeLessThan(259_121);
    expect([result.width, result.height]).toEqual([722, 1024]);
  });
});
