import { MAX_IMAGE_SIDE } from '@shared/contracts/image-base';
import type { ImageJobInput, ImageOp, ImageOpInput, ImageOutputFormat } from '@shared/contracts/image';
import { isBoolean, isOneOf } from '@/lib/field-checks';
import { isNullable, isNumber, isShape } from '@/lib/shape-checks';
import type { Checked } from '@/lib/field-checks';
import { planResize } from '@shared/image/geometry';

/**
 * The resizer's pure logic: settings, size math and the job (crop → rotate → resize → encode).
 * Sizes here are upright sizes: both engines apply EXIF orientation before any op, and probe
 * reports the upright size too. No DOM, no React.
 */

export interface Size {
  width: number;
  height: number;
}

/** A crop as shares (0…1) of the image, so one crop drawn on the previewed image fits every image of a batch. */
export interface CropShare {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PixelRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export const RESIZER_FORMATS = ['keep', 'jpeg', 'png', 'webp'] as const;
export const RESIZE_MODES = ['keep', 'exact', 'percent'] as const;
export const RESIZER_FITS = ['contain', 'cover', 'fill', 'inside'] as const;
export const ANGLES = [0, 90, 180, 270] as const;
export type Angle = (typeof ANGLES)[number];

/** Ratio presets as width:height of the output. */
export const RATIO_PRESETS = [
  { id: '1:1', width: 1, height: 1 },
  { id: '4:3', width: 4, height: 3 },
  { id: '3:2', width: 3, height: 2 },
  { id: '16:9', width: 16, height: 9 },
  { id: '9:16', width: 9, height: 16 },
] as const;

/** The dpi Chinese ID-photo pixel sizes are quoted at (and photo studios print at). */
export const ID_PHOTO_DPI = 300;

/** Millimetres at a dpi → whole pixels. */
export const mmToPixels = (mm: number, dpi = ID_PHOTO_DPI) => Math.round((mm / 25.4) * dpi);

/** 一寸 25×35 mm, 小二寸 35×45 mm, 二寸 35×49 mm. */
const idPhoto = <Id extends string>(id: Id, widthMm: number, heightMm: number) => ({
  id,
  widthMm,
  heightMm,
  width: mmToPixels(widthMm),
  height: mmToPixels(heightMm),
});
export const ID_PHOTOS = [idPhoto('one', 25, 35), idPhoto('smallTwo', 35, 45), idPhoto('two', 35, 49)] as const;

const share = isNumber({ min: 0, max: 1 });
const positiveShare = isNumber({ min: 0, max: 1, positive: true });
const pixels = isNumber({ integer: true, min: 0, max: MAX_IMAGE_SIDE });

export const resizerSettingsSchema = isShape({
  /** null = the whole image, or with a ratio the largest centred crop of it. */
  crop: isNullable(isShape({ x: share, y: share, width: positiveShare, height: positiveShare })),
  /** Output ratio the crop is held to (width:height after rotation); null = free. */
  ratio: isNullable(isShape({ width: isNumber({ positive: true }), height: isNumber({ positive: true }) })),
  angle: isOneOf([0, 90, 180, 270]),
  flipX: isBoolean,
  flipY: isBoolean,
  mode: isOneOf(RESIZE_MODES),
  /** Exact mode: 0 = follow the image's ratio from the other side. */
  width: pixels,
  height: pixels,
  lockAspect: isBoolean,
  fit: isOneOf(RESIZER_FITS),
  /** Exact mode: false keeps images that are smaller than the box at their size. */
  enlarge: isBoolean,
  percent: isNumber({ min: 1, max: 1000 }),
  format: isOneOf(RESIZER_FORMATS),
  quality: isNumber({ integer: true, min: 1, max: 100 }),
});
export type ResizerSettings = Checked<typeof resizerSettingsSchema>;

export const DEFAULT_SETTINGS: ResizerSettings = {
  crop: null,
  ratio: null,
  angle: 0,
  flipX: false,
  flipY: false,
  mode: 'exact',
  width: 0,
  height: 0,
  lockAspect: true,
  fit: 'cover',
  enlarge: true,
  percent: 50,
  format: 'keep',
  quality: 85,
};

/**
 * Stored presets may come from an older version: take what still parses, else nothing. Older
 * versions stored both sides under the aspect lock without a ratio (the second one computed from
 * the previewed image), which cropped every image of another shape; such a preset keeps its width.
 */
export function parseSettings(stored: unknown): ResizerSettings | undefined {
  const parsed = resizerSettingsSchema.safeParse(stored);
  if (!parsed.success) return undefined;
  const settings = parsed.data;
  return settings.lockAspect && !settings.ratio && settings.width > 0 && settings.height > 0 ? { ...settings, height: 0 } : settings;
}

const quarterTurn = (angle: Angle) => angle === 90 || angle === 270;
const turned = (size: Size, angle: Angle): Size => (quarterTurn(angle) ? { width: size.height, height: size.width } : size);

/** The ratio (width / height) the crop box needs on the unrotated image so the output has `ratio` after rotating. */
export function cropAspect(ratio: Size, angle: Angle): number {
  const box = turned(ratio, angle);
  return box.width / box.height;
}

/** The other side for an aspect-locked pair: height for a width (or width for a height, with the inverse ratio). */
export const linkedSide = (side: number, ratio: number) => Math.min(MAX_IMAGE_SIDE, Math.max(1, Math.round(side / ratio)));

export type Side = 'width' | 'height';
const otherSide = (side: Side): Side => (side === 'width' ? 'height' : 'width');

/**
 * The settings after the user types one side. Under the aspect lock the other side is left empty
 * unless a ratio is chosen: a number computed from the previewed image would force that image's
 * shape on every image of the batch (a portrait preview made every landscape photo 400×533 by
 * cropping it), while an empty side follows each image's own ratio. With a ratio every output
 * shares it, so the other side is filled in.
 */
export function withSide(settings: ResizerSettings, side: Side, value: number): ResizerSettings {
  const next = { ...settings, [side]: value };
  if (!settings.lockAspect) return next;
  const other = otherSide(side);
  if (!settings.ratio || value <= 0) return { ...next, [other]: 0 };
  const ratio = settings.ratio.width / settings.ratio.height;
  return { ...next, [other]: linkedSide(value, side === 'width' ? ratio : 1 / ratio) };
}

/** Turning the lock on with both sides typed and no ratio keeps the width: one side, each image its own ratio. */
export function withLock(settings: ResizerSettings, lockAspect: boolean): ResizerSettings {
  const next = { ...settings, lockAspect };
  return lockAspect && settings.width > 0 ? withSide(next, 'width', settings.width) : next;
}

/** Largest rectangle of `aspect` (w/h) inside `size`, in shares of it. */
function largestShares(size: Size, aspect: number): Size {
  const imageAspect = size.width / size.height;
  return imageAspect > aspect ? { width: aspect / imageAspect, height: 1 } : { width: 1, height: imageAspect / aspect };
}

/** The largest crop of `aspect`, centred: what a ratio preset starts from. */
export function centredCrop(size: Size, aspect: number): CropShare {
  const { width, height } = largestShares(size, aspect);
  return { x: (1 - width) / 2, y: (1 - height) / 2, width, height };
}

const clampInt = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

/**
 * The crop in pixels for one image of the batch. Without a ratio the shares map directly. With one,
 * shares would give other images another ratio, so the crop is re-read as "this much of the largest
 * crop of the ratio, around this centre" (a full 1:1 crop is the largest square of each image) and
 * the pixel height follows the rounded width so a 1:1 crop is exactly square.
 */
export function cropPixels(crop: CropShare, size: Size, aspect?: number): PixelRect {
  let width: number;
  let height: number;
  if (aspect === undefined) {
    width = clampInt(crop.width * size.width, 1, size.width);
    height = clampInt(crop.height * size.height, 1, size.height);
  } else {
    const largest = largestShares(size, aspect);
    const scale = Math.min(1, Math.max(crop.width, crop.height));
    width = clampInt(scale * largest.width * size.width, 1, size.width);
    height = clampInt(width / aspect, 1, size.height);
  }
  const centreX = (crop.x + crop.width / 2) * size.width;
  const centreY = (crop.y + crop.height / 2) * size.height;
  return {
    left: clampInt(centreX - width / 2, 0, size.width - width),
    top: clampInt(centreY - height / 2, 0, size.height - height),
    width,
    height,
  };
}

/** Percentage of a size, both sides at least 1 px; scaled down as a whole when a side would pass the engines' limit. */
export function percentSize(size: Size, percent: number): Size {
  const scale = Math.min(percent / 100, MAX_IMAGE_SIDE / size.width, MAX_IMAGE_SIDE / size.height);
  return { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) };
}

/** Size after crop and rotation, before resizing: what percentages and the aspect lock refer to. */
export function croppedSize(settings: Pick<ResizerSettings, 'crop' | 'ratio' | 'angle'>, size: Size): Size {
  const rect = cropOf(settings, size) ?? size;
  return turned({ width: rect.width, height: rect.height }, settings.angle);
}

const WHOLE: CropShare = { x: 0, y: 0, width: 1, height: 1 };

/** The pixel crop of one image; a ratio without a drawn crop means the largest centred crop of that ratio. */
export function cropOf(settings: Pick<ResizerSettings, 'crop' | 'ratio' | 'angle'>, size: Size): PixelRect | undefined {
  if (settings.ratio) return cropPixels(settings.crop ?? WHOLE, size, cropAspect(settings.ratio, settings.angle));
  return settings.crop ? cropPixels(settings.crop, size) : undefined;
}

// APNG is a PNG (image/apng, .apng): it may be transparent, so it must not become a JPEG.
const BY_EXTENSION: Record<string, ImageOutputFormat> = { jpg: 'jpeg', jpeg: 'jpeg', jfif: 'jpeg', png: 'png', apng: 'png', webp: 'webp' };

/** "Keep format": JPEG, PNG and WebP stay; GIF/BMP/ICO (possibly transparent) become PNG, the rest (HEIC, TIFF, AVIF…) JPEG. */
export function keptFormat(file: { name: string; type: string }): ImageOutputFormat {
  const fromType = file.type.startsWith('image/') ? file.type.slice(6) : '';
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const known = BY_EXTENSION[fromType] ?? BY_EXTENSION[extension];
  if (known) return known;
  return ['gif', 'bmp', 'x-icon', 'vnd.microsoft.icon', 'ico'].includes(fromType || extension) ? 'png' : 'jpeg';
}

type ResizeOp = Extract<ImageOp, { kind: 'resize' }>;

function resizeOp(settings: ResizerSettings, size: Size): ResizeOp | undefined {
  if (settings.mode === 'percent') {
    if (settings.percent === 100) return undefined;
    return { kind: 'resize', ...percentSize(size, settings.percent), fit: 'fill', withoutEnlargement: false };
  }
  if (settings.mode === 'exact' && (settings.width > 0 || settings.height > 0)) {
    return {
      kind: 'resize',
      width: settings.width || undefined,
      height: settings.height || undefined,
      fit: settings.fit,
      withoutEnlargement: !settings.enlarge,
    };
  }
  return undefined;
}

/**
 * The job for one file of `size` (upright, from probe). Crop first (the shares were drawn on the
 * unrotated preview), then rotate/flip, then resize to the output size the user typed.
 */
export function resizerJob(settings: ResizerSettings, file: { name: string; type: string }, size: Size): ImageJobInput {
  const ops: ImageOpInput[] = [];
  const crop = cropOf(settings, size);
  if (crop) ops.push({ kind: 'crop', ...crop });
  if (settings.angle !== 0 || settings.flipX || settings.flipY)
    ops.push({ kind: 'rotate', angle: settings.angle, flipX: settings.flipX, flipY: settings.flipY });
  const resize = resizeOp(settings, croppedSize(settings, size));
  if (resize) ops.push(resize);
  return { ops, output: outputOptions(settings, file) };
}

/** Format and quality of a file's output. */
export const outputOptions = (settings: Pick<ResizerSettings, 'format' | 'quality'>, file: { name: string; type: string }) => ({
  format: settings.format === 'keep' ? keptFormat(file) : settings.format,
  quality: settings.quality,
});

/** The output size of one image: what the summary under the settings shows. */
export function outputSize(settings: ResizerSettings, size: Size): Size {
  const base = croppedSize(settings, size);
  const op = resizeOp(settings, base);
  if (!op) return base;
  const { width, height } = planResize(base, op);
  return { width, height };
}
