import { LOSSY_FORMATS, METADATA_FORMATS } from '@shared/contracts/image-base';
import type { ImageCapability, ImageJobInput, ImageOutputFormat } from '@shared/contracts/image';
import { isBoolean, isOneOf } from '@/lib/field-checks';
import { isNumber, isShape } from '@/lib/shape-checks';
import type { Checked } from '@/lib/field-checks';
import { COMPRESS_DEFAULTS } from '@/components/image/compress-presets';

/** The compressor's pure logic: settings, their job, and what "keep format" means. No DOM, no React. */

export const COMPRESS_FORMATS = ['keep', 'jpeg', 'webp', 'avif', 'png'] as const;
export type CompressFormat = (typeof COMPRESS_FORMATS)[number];

export const compressSettingsSchema = isShape({
  format: isOneOf(COMPRESS_FORMATS),
  quality: isNumber({ integer: true, min: 1, max: 100 }),
  /** 0 = no limit. */
  maxWidth: isNumber({ integer: true, min: 0, max: 16_384 }),
  maxHeight: isNumber({ integer: true, min: 0, max: 16_384 }),
  /** Target-size mode: the output must fit in this many KB (0 = off). */
  targetKB: isNumber({ integer: true, min: 0, max: 100_000 }),
  keepMetadata: isBoolean,
  smallest: isBoolean,
});
export type CompressSettings = Checked<typeof compressSettingsSchema>;

/** Shared with PicHub, which compresses with the compressor's defaults when no preset is chosen. */
export const DEFAULT_SETTINGS: CompressSettings = COMPRESS_DEFAULTS;

/** Stored presets may come from an older version: take what still parses, else nothing. */
export function parseSettings(stored: unknown): CompressSettings | undefined {
  const parsed = compressSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

// APNG is a PNG (image/apng, .apng): it may be transparent, so it must not become a JPEG.
const BY_EXTENSION: Record<string, ImageOutputFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  apng: 'png',
  webp: 'webp',
  avif: 'avif',
};

/**
 * "Keep format" for a file: JPEG, PNG, WebP and AVIF stay what they are. Formats that compress
 * badly or that we do not write (GIF's first frame, BMP, TIFF, HEIC, ICO) become JPEG when they
 * are photos and PNG when they may hold transparency or sharp edges.
 */
export function keptFormat(file: { name: string; type: string }): ImageOutputFormat {
  const fromType = file.type.startsWith('image/') ? file.type.slice(6) : '';
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const known = BY_EXTENSION[fromType] ?? BY_EXTENSION[extension];
  if (known) return known;
  return ['gif', 'bmp', 'x-icon', 'vnd.microsoft.icon', 'ico', 'png'].includes(fromType || extension) ? 'png' : 'jpeg';
}

/**
 * Whether "keep metadata" can mean anything for the chosen output on this engine: `all` files,
 * `jpegOnly` ("keep format" in the browser, which carries metadata only from a JPEG into a JPEG),
 * or `none` (the form disables the box and says why).
 */
export function metadataReach(format: CompressFormat, engine: ImageCapability['engine']): 'all' | 'jpegOnly' | 'none' {
  const writable = METADATA_FORMATS[engine];
  if (format !== 'keep') return writable.has(format) ? 'all' : 'none';
  // "Keep" turns GIF, BMP, ICO into PNG and TIFF, HEIC into JPEG: every kept format is one of the four sharp writes into.
  return engine === 'native' ? 'all' : 'jpegOnly';
}

/**
 * Whether target-size mode can steer this output choice: it lowers the quality, and PNG has none.
 * "Keep format" can, because files it would keep as PNG are written as WebP in that mode (compressJob).
 */
export const targetApplies = (format: CompressFormat) => format !== 'png';

export function compressJob(settings: CompressSettings, file: { name: string; type: string }): ImageJobInput {
  const kept = settings.format === 'keep' ? keptFormat(file) : settings.format;
  const target = settings.targetKB > 0 && targetApplies(settings.format);
  // "Under 200 KB" with "keep format": a PNG (or a GIF, BMP, ICO kept as one) has no quality to lower
  // and would silently stay over the size asked for; WebP can meet it and keeps the transparency.
  const format = target && !LOSSY_FORMATS.has(kept) ? 'webp' : kept;
  const resize = settings.maxWidth > 0 || settings.maxHeight > 0;
  return {
    ops: resize
      ? [
          {
            kind: 'resize',
            width: settings.maxWidth || undefined,
            height: settings.maxHeight || undefined,
            fit: 'inside',
            withoutEnlargement: true,
          },
        ]
      : [],
    output: {
      format,
      quality: settings.quality,
      keepMetadata: settings.keepMetadata,
      smallest: settings.smallest,
      targetBytes: target ? settings.targetKB * 1024 : undefined,
    },
  };
}
