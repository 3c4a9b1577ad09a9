import { describe, expect, it } from 'vitest';
import { imageJobSchema } from '@shared/contracts/image';
import {
  DEFAULT_SETTINGS,
  ID_PHOTOS,
  centredCrop,
  cropAspect,
  cropPixels,
  keptFormat,
  linkedSide,
  outputSize,
  parseSettings,
  percentSize,
  resizerJob,
  withLock,
  withSide,
} from './image-resizer.service';

const jpg = { name: 'a.jpg', type: 'image/jpeg' };

describe('image-resizer service', () => {
  it('gives the ID-photo pixel sizes at 300 dpi', () => {
    expect(ID_PHOTOS.map(({ id, width, height }) => `${id} ${width}×${height}`)).toEqual([
      'one 295×413',
      'smallTwo 413×531',
      'two 413×579',
    ]);
  });

  it('rounds percentages and aspect-locked sides, never below 1 px or beyond the engines’ limit', () => {
    expect(percentSize({ width: 1001, height: 667 }, 50)).toEqual({ width: 501, height: 334 });
    expect(percentSize({ width: 3, height: 1 }, 10)).toEqual({ width: 1, height: 1 });
    expect(percentSize({ width: 10_000, height: 5_000 }, 400)).toEqual({ width: 16_384, height: 8_192 });
    expect(linkedSide(800, 4 / 3)).toBe(600);
    expect(linkedSide(1001, 3 / 2)).toBe(667);
    expect(linkedSide(600, 3 / 4)).toBe(800);
  });

  it('maps a free crop’s shares to each image’s pixels', () => {
    const crop = { x: 0.25, y: 0.1, width: 0.5, height: 0.8 };
    expect(cropPixels(crop, { width: 1000, height: 500 })).toEqual({ left: 250, top: 50, width: 500, height: 400 });
    expect(cropPixels(crop, { width: 333, height: 777 })).toEqual({ left: 83, top: 78, width: 167, height: 622 });
  });

  it('keeps a ratio crop at its ratio on images of other shapes: a full 1:1 crop is each image’s largest square', () => {
    const square = centredCrop({ width: 1600, height: 1200 }, 1);
    expect(square).toEqual({ x: 0.125, y: 0, width: 0.75, height: 1 });
    expect(cropPixels(square, { width: 1600, height: 1200 }, 1)).toEqual({ left: 200, top: 0, width: 1200, height: 1200 });
    expect(cropPixels(square, { width: 1200, height: 1600 }, 1)).toEqual({ left: 0, top: 200, width: 1200, height: 1200 });
    // Half of the largest 16:9 crop, in the previewed image's top-left corner, keeps its centre (in shares) and 16:9 elsewhere.
    const corner = { x: 0, y: 0, width: 0.5, height: 0.375 };
    expect(cropPixels(corner, { width: 1600, height: 1200 }, 16 / 9)).toEqual({ left: 0, top: 0, width: 800, height: 450 });
    expect(cropPixels(corner, { width: 900, height: 1600 }, 16 / 9)).toEqual({ left: 0, top: 174, width: 450, height: 253 });
  });

  it('asks for the crop box turned when the image is turned a quarter', () => {
    expect(cropAspect({ width: 16, height: 9 }, 0)).toBeCloseTo(16 / 9);
    expect(cropAspect({ width: 16, height: 9 }, 90)).toBeCloseTo(9 / 16);
    expect(cropAspect({ width: 16, height: 9 }, 180)).toBeCloseTo(16 / 9);
  });

  it('builds crop → rotate → resize jobs the contract accepts', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      crop: centredCrop({ width: 1600, height: 1200 }, 1),
      ratio: { width: 1, height: 1 },
      angle: 90 as const,
      flipX: true,
      width: 500,
      height: 500,
    };
    const job = resizerJob(settings, jpg, { width: 1600, height: 1200 });
    expect(job.ops).toEqual([
      { kind: 'crop', left: 200, top: 0, width: 1200, height: 1200 },
      { kind: 'rotate', angle: 90, flipX: true, flipY: false },
      { kind: 'resize', width: 500, height: 500, fit: 'cover', withoutEnlargement: false },
    ]);
    expect(imageJobSchema.safeParse(job).success).toBe(true);
    expect(outputSize(settings, { width: 1600, height: 1200 })).toEqual({ width: 500, height: 500 });
    // A ratio alone crops the largest centred rectangle of it.
    expect(resizerJob({ ...DEFAULT_SETTINGS, ratio: { width: 16, height: 9 } }, jpg, { width: 1600, height: 1600 }).ops).toEqual([
      { kind: 'crop', left: 0, top: 350, width: 1600, height: 900 },
    ]);
  });

  it('resizes by percentage of the cropped, turned size and by one side alone', () => {
    const half = { ...DEFAULT_SETTINGS, mode: 'percent' as const, percent: 50, angle: 270 as const };
    expect(resizerJob(half, jpg, { width: 1600, height: 1200 }).ops).toEqual([
      { kind: 'rotate', angle: 270, flipX: false, flipY: false },
      { kind: 'resize', width: 600, height: 800, fit: 'fill', withoutEnlargement: false },
    ]);
    expect(outputSize(half, { width: 1600, height: 1200 })).toEqual({ width: 600, height: 800 });
    const wide = { ...DEFAULT_SETTINGS, width: 1080, height: 0 };
    expect(outputSize(wide, { width: 1600, height: 1200 })).toEqual({ width: 1080, height: 810 });
    expect(outputSize({ ...wide, enlarge: false }, { width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(resizerJob(DEFAULT_SETTINGS, jpg, { width: 10, height: 10 }).ops).toEqual([]);
    expect(resizerJob({ ...half, angle: 0, percent: 100 }, jpg, { width: 10, height: 10 }).ops).toEqual([]);
  });

  it('gives every image of a mixed batch its own ratio when one side is typed under the aspect lock', () => {
    // Typed while a portrait was previewed: the height must not be fixed from that portrait.
    const settings = withSide(DEFAULT_SETTINGS, 'width', 400);
    expect([settings.width, settings.height]).toEqual([400, 0]);
    const portrait = { width: 450, height: 600 };
    const landscape = { width: 600, height: 450 };
    expect(outputSize(settings, portrait)).toEqual({ width: 400, height: 533 });
    expect(outputSize(settings, landscape)).toEqual({ width: 400, height: 300 });
    // No crop anywhere: the landscape keeps its whole width.
    expect(resizerJob(settings, jpg, landscape).ops).toEqual([
      { kind: 'resize', width: 400, height: undefined, fit: 'cover', withoutEnlargement: false },
    ]);
    // Typing the other side replaces the first one; without the lock both sides are a box.
    expect(withSide(settings, 'height', 300)).toMatchObject({ width: 0, height: 300 });
    expect(outputSize(withSide({ ...settings, lockAspect: false }, 'height', 300), portrait)).toEqual({ width: 400, height: 300 });
    // With a ratio every output shares it, so the other side is filled in.
    expect(withSide({ ...DEFAULT_SETTINGS, ratio: { width: 16, height: 9 } }, 'width', 1920)).toMatchObject({ width: 1920, height: 1080 });
    // Turning the lock on keeps the width only; old presets with both sides under the lock too.
    expect(withLock({ ...DEFAULT_SETTINGS, lockAspect: false, width: 800, height: 600 }, true)).toMatchObject({
      lockAspect: true,
      width: 800,
      height: 0,
    });
    expect(parseSettings({ ...DEFAULT_SETTINGS, width: 400, height: 533 })).toMatchObject({ width: 400, height: 0 });
    expect(parseSettings({ ...DEFAULT_SETTINGS, ratio: { width: 1, height: 1 }, width: 800, height: 800 })).toMatchObject({
      width: 800,
      height: 800,
    });
  });

  it('keeps JPEG, PNG and WebP and turns other inputs into PNG or JPEG; chosen formats carry the quality', () => {
    expect(keptFormat({ name: 'x.PNG', type: '' })).toBe('png');
    expect(keptFormat({ name: 'anim.gif', type: 'image/gif' })).toBe('png');
    expect(keptFormat({ name: 'IMG_1.HEIC', type: '' })).toBe('jpeg');
    expect(keptFormat({ name: 'spinner.apng', type: 'image/apng' })).toBe('png');
    expect(keptFormat({ name: 'spinner.APNG', type: '' })).toBe('png');
    expect(resizerJob({ ...DEFAULT_SETTINGS, format: 'webp', quality: 70 }, jpg, { width: 10, height: 10 }).output).toEqual({
      format: 'webp',
      quality: 70,
    });
  });

  it('reads stored presets that still fit and drops the rest', () => {
    expect(parseSettings(JSON.parse(JSON.stringify(DEFAULT_SETTINGS)))).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings({ ...DEFAULT_SETTINGS, angle: 45 })).toBeUndefined();
    expect(parseSettings({ ...DEFAULT_SETTINGS, crop: { x: 0, y: 0, width: 2, height: 1 } })).toBeUndefined();
  });
});
