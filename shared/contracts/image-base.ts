import type { ImageCapability } from './image';

/**
 * The image contract's plain values: formats, limits and the error type, without the zod schemas of
 * ./image.ts. The platform and the tools that only need these import them from here, so a page that
 * validates no image job does not load zod with them (~28 KB gz on the first load of a tool page).
 * ./image.ts re-exports everything, so either module is right for the rest.
 */

export const IMAGE_OUTPUT_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif', 'bmp', 'ico'] as const;
export type ImageOutputFormat = (typeof IMAGE_OUTPUT_FORMATS)[number];

export const IMAGE_MIME: Record<ImageOutputFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

/** sharp's fit names: contain (letterbox), cover (crop to fill), fill (stretch), inside/outside (keep ratio, fit within / cover the box). */
export const FIT_MODES = ['contain', 'cover', 'fill', 'inside', 'outside'] as const;
export type FitMode = (typeof FIT_MODES)[number];

/** 16384 px is the largest side browsers' canvases reliably allocate; sharp can do more, but one limit for both keeps results alike. */
export const MAX_IMAGE_SIDE = 16_384;

/**
 * Output formats each engine can carry kept metadata (EXIF, ICC, XMP) into: sharp writes it into
 * every format that holds it; the browser engine only copies a JPEG's own segments into a JPEG.
 */
export const METADATA_FORMATS: Readonly<Record<ImageCapability['engine'], ReadonlySet<ImageOutputFormat>>> = {
  native: new Set(['jpeg', 'png', 'webp', 'avif']),
  browser: new Set(['jpeg']),
};

/** Formats whose encoders take a quality (the others are lossless here and ignore quality and target size). */
export const LOSSY_FORMATS: ReadonlySet<ImageOutputFormat> = new Set(['jpeg', 'webp', 'avif']);
/** Formats without an alpha channel: transparent pixels get `background`. */
export const OPAQUE_FORMATS: ReadonlySet<ImageOutputFormat> = new Set(['jpeg', 'bmp']);

/**
 * Why an image could not be processed; the UI shows a translated message per code.
 * decode: not an image, corrupt, truncated or empty; tooLarge: beyond MAX_IMAGE_SIDE or memory;
 * unsupportedInput / unsupportedOutput: a format this engine cannot read or write; cancelled;
 * fileUnavailable: the desktop engine could not open the picked path (moved, deleted, no permission,
 * not a regular file); codecUnavailable: a codec the browser engine downloads on first use (AVIF,
 * MozJPEG, WebP, OxiPNG, libheif) could not be downloaded — offline before the service worker had it.
 */
export const IMAGE_ERROR_CODES = [
  'decode',
  'tooLarge',
  'unsupportedInput',
  'unsupportedOutput',
  'cancelled',
  'fileUnavailable',
  'codecUnavailable',
] as const;
export type ImageErrorCode = (typeof IMAGE_ERROR_CODES)[number];

/**
 * The one error type both engines throw. Only an error's message survives Comlink and Electron IPC
 * (which prefixes it), so the code is carried in the message as `image:<code>` and read back by
 * `imageErrorCode`.
 */
export class ImageError extends Error {
  constructor(
    readonly code: ImageErrorCode,
    detail = '',
  ) {
    super(detail ? `image:${code}: ${detail}` : `image:${code}`);
    this.name = 'ImageError';
  }
}

const CODE_PATTERN = new RegExp(`image:(${IMAGE_ERROR_CODES.join('|')})\\b`);

/** The code of an ImageError, also after it crossed a worker or IPC boundary; undefined for anything else. */
export function imageErrorCode(error: unknown): ImageErrorCode | undefined {
  if (error instanceof ImageError) return error.code;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const found = CODE_PATTERN.exec(message)?.[1];
  return IMAGE_ERROR_CODES.find((code) => code === found);
}

/** The format an `unsupportedInput` error names first in its detail ('psd', 'tiff'), also after a worker or IPC boundary. */
export function unsupportedFormat(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return /image:unsupportedInput: ([a-z0-9]+)/.exec(message)?.[1];
}

/** Thrown for bytes that are not a decodable image (an ImageError with code 'decode'). */
export class ImageDecodeError extends ImageError {
  constructor(message = 'not a decodable image') {
    super('decode', message);
    this.name = 'ImageDecodeError';
  }
}
