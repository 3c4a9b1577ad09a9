import { IMAGE_OUTPUT_FORMATS, ImageError, LOSSY_FORMATS, METADATA_FORMATS, OPAQUE_FORMATS } from '@shared/contracts/image-base';
import type { ImageCapability, ImageJobInput, ImageOutputFormat } from '@shared/contracts/image';
import { isBoolean, isOneOf } from '@/lib/field-checks';
import { isHexColour, isNumber, isShape } from '@/lib/shape-checks';
import type { Checked } from '@/lib/field-checks';

/**
 * The converter's pure logic: its settings, which option applies to which output on which engine,
 * the ICO sizing rule, and the job for each file. No DOM, no React. Output names come from the
 * shared batch (components/image/names.ts: base name + the format's extension, "(2)" in the zip).
 */

type Engine = ImageCapability['engine'];

/** Sides an ICO entry may have: the classic Windows/favicon sizes, 256 being the format's maximum. */
export const ICO_SIZES = [16, 32, 48, 64, 128, 256] as const;
export type IcoSize = (typeof ICO_SIZES)[number];

export const convertSettingsSchema = isShape({
  format: isOneOf(IMAGE_OUTPUT_FORMATS),
  quality: isNumber({ integer: true, min: 1, max: 100 }),
  background: isHexColour,
  keepMetadata: isBoolean,
  icoSize: isOneOf(ICO_SIZES),
});
export type ConvertSettings = Checked<typeof convertSettingsSchema>;

export const DEFAULT_SETTINGS: ConvertSettings = { format: 'webp', quality: 85, background: '#ffffff', keepMetadata: false, icoSize: 256 };

/** Stored presets may come from an older version: take what still parses, else nothing. */
export function parseSettings(stored: unknown): ConvertSettings | undefined {
  const parsed = convertSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

/** Which settings mean something for an output format on an engine; the form disables the rest. */
export interface FormatRules {
  quality: boolean;
  /** Transparent pixels are flattened onto the background colour. */
  background: boolean;
  /** EXIF/ICC can be carried over (METADATA_FORMATS). */
  metadata: boolean;
  icoSize: boolean;
}

export function formatRules(format: ImageOutputFormat, engine: Engine): FormatRules {
  return {
    quality: LOSSY_FORMATS.has(format),
    background: OPAQUE_FORMATS.has(format),
    metadata: METADATA_FORMATS[engine].has(format),
    icoSize: format === 'ico',
  };
}

const extensionOf = (name: string) => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

function isSvg(file: { name: string; type: string }): boolean {
  return file.type === 'image/svg+xml' || extensionOf(file.name) === 'svg';
}

/** GIF, WebP and PNG (APNG) may hold animations; only these are inspected for their frame count. */
export function mayBeAnimated(file: { name: string; type: string }): boolean {
  return (
    ['image/gif', 'image/webp', 'image/png', 'image/apng'].includes(file.type) ||
    ['gif', 'webp', 'png', 'apng'].includes(extensionOf(file.name))
  );
}

/**
 * The job for one file. ICO output is always a square of the chosen side (≤ 256, the format's
 * limit): the whole picture is letterboxed onto transparent padding rather than cropped, so a logo
 * or a wide banner loses nothing, and a small picture is scaled up to the chosen size because an
 * icon has to be exactly that size. Throws a translated-code ImageError for an input the engine
 * is known not to read, so the batch shows "not supported" instead of "damaged".
 */
export function convertJob(settings: ConvertSettings, engine: Engine, file: { name: string; type: string }): ImageJobInput {
  // Chromium's createImageBitmap rejects SVG blobs, and rasterising through an <img> would put pixel work on the UI thread.
  if (engine === 'browser' && isSvg(file)) throw new ImageError('unsupportedInput', 'svg');
  const rules = formatRules(settings.format, engine);
  const side = settings.icoSize;
  return {
    ops: rules.icoSize ? [{ kind: 'resize', width: side, height: side, fit: 'contain', withoutEnlargement: false }] : [],
    output: {
      format: settings.format,
      quality: settings.quality,
      background: settings.background,
      keepMetadata: rules.metadata && settings.keepMetadata,
    },
  };
}
