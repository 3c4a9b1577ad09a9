import { describe, expect, it } from 'vitest';
import { IMAGE_OUTPUT_FORMATS, imageErrorCode, imageJobSchema } from '@shared/contracts/image';
import { planResize } from '@shared/image/geometry';
import { DEFAULT_SETTINGS, convertJob, formatRules, mayBeAnimated, parseSettings } from './image-convert.service';
import type { ConvertSettings } from './image-convert.service';

const photo = { name: 'cat.png', type: 'image/png' };
const settings = (patch: Partial<ConvertSettings>): ConvertSettings => ({ ...DEFAULT_SETTINGS, ...patch });

function thrownCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return imageErrorCode(error);
  }
  return undefined;
}

describe('formatRules', () => {
  it('offers quality only for lossy outputs and the background only where alpha is lost', () => {
    const table = Object.fromEntries(IMAGE_OUTPUT_FORMATS.map((format) => [format, formatRules(format, 'native')]));
    expect(IMAGE_OUTPUT_FORMATS.filter((format) => table[format]!.quality)).toEqual(['jpeg', 'webp', 'avif']);
    expect(IMAGE_OUTPUT_FORMATS.filter((format) => table[format]!.background)).toEqual(['jpeg', 'bmp']);
    expect(IMAGE_OUTPUT_FORMATS.filter((format) => table[format]!.icoSize)).toEqual(['ico']);
  });

  it('keeps metadata wherever sharp can write it, in the browser only JPEG to JPEG', () => {
    expect(IMAGE_OUTPUT_FORMATS.filter((format) => formatRules(format, 'native').metadata)).toEqual(['jpeg', 'png', 'webp', 'avif']);
    expect(IMAGE_OUTPUT_FORMATS.filter((format) => formatRules(format, 'browser').metadata)).toEqual(['jpeg']);
  });
});

describe('convertJob', () => {
  it('passes quality and background and drops metadata where the output cannot hold it', () => {
    const job = imageJobSchema.parse(
      convertJob(settings({ format: 'jpeg', quality: 70, background: '#ff0000', keepMetadata: true }), 'browser', photo),
    );
    expect(job).toEqual({
      ops: [],
      output: expect.objectContaining({ format: 'jpeg', quality: 70, background: '#ff0000', keepMetadata: true }),
    });
    expect(convertJob(settings({ format: 'png', keepMetadata: true }), 'browser', photo).output.keepMetadata).toBe(false);
    expect(convertJob(settings({ format: 'png', keepMetadata: true }), 'native', photo).output.keepMetadata).toBe(true);
  });

  it('makes an ICO a letterboxed square of the chosen side, enlarging small pictures', () => {
    const job = imageJobSchema.parse(convertJob(settings({ format: 'ico', icoSize: 48 }), 'browser', photo));
    expect(job.ops).toEqual([{ kind: 'resize', width: 48, height: 48, fit: 'contain', withoutEnlargement: false }]);
    const resize = job.ops[0]!;
    if (resize.kind !== 'resize') throw new Error('expected a resize');
    // A wide banner fits inside with transparent bands above and below; a tiny picture grows to fill the square.
    expect(planResize({ width: 1000, height: 250 }, resize)).toMatchObject({
      width: 48,
      height: 48,
      target: { x: 0, y: 18, width: 48, height: 12 },
    });
    expect(planResize({ width: 10, height: 10 }, resize)).toMatchObject({
      width: 48,
      height: 48,
      target: { x: 0, y: 0, width: 48, height: 48 },
    });
  });

  it('never resizes other outputs', () => {
    expect(convertJob(settings({ format: 'png', icoSize: 16 }), 'native', photo).ops).toEqual([]);
  });

  it('refuses SVG in the browser with a translatable code and writes every output format on both engines', () => {
    expect(thrownCode(() => convertJob(DEFAULT_SETTINGS, 'browser', { name: 'logo.SVG', type: '' }))).toBe('unsupportedInput');
    expect(thrownCode(() => convertJob(DEFAULT_SETTINGS, 'browser', { name: 'logo', type: 'image/svg+xml' }))).toBe('unsupportedInput');
    expect(thrownCode(() => convertJob(DEFAULT_SETTINGS, 'native', { name: 'logo.svg', type: 'image/svg+xml' }))).toBeUndefined();
    for (const engine of ['browser', 'native'] as const) {
      for (const format of IMAGE_OUTPUT_FORMATS)
        expect(
          thrownCode(() => convertJob(settings({ format }), engine, photo)),
          `${format} on ${engine}`,
        ).toBeUndefined();
    }
    // HEIC is decoded in the browser too (libheif), so it is not refused up front.
    expect(thrownCode(() => convertJob(DEFAULT_SETTINGS, 'browser', { name: 'IMG_0001.HEIC', type: 'image/heic' }))).toBeUndefined();
  });
});

describe('mayBeAnimated', () => {
  it('picks GIF, WebP and PNG/APNG by type or extension', () => {
    expect(mayBeAnimated({ name: 'a.GIF', type: '' })).toBe(true);
    expect(mayBeAnimated({ name: 'noext', type: 'image/webp' })).toBe(true);
    expect(mayBeAnimated({ name: 'spinner.apng', type: '' })).toBe(true);
    expect(mayBeAnimated({ name: 'noext', type: 'image/png' })).toBe(true);
    expect(mayBeAnimated({ name: 'photo.jpg', type: 'image/jpeg' })).toBe(false);
  });
});

describe('parseSettings', () => {
  it('accepts the defaults and rejects an ICO side the format cannot hold or a colour with alpha', () => {
    expect(parseSettings(DEFAULT_SETTINGS)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings({ ...DEFAULT_SETTINGS, icoSize: 512 })).toBeUndefined();
    expect(parseSettings({ ...DEFAULT_SETTINGS, background: '#ffffff80' })).toBeUndefined();
    expect(parseSettings(null)).toBeUndefined();
  });
});
