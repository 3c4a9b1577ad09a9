import { z } from 'zod';
import type { ReadableFile } from './hash';
import { overlayOpSchemas } from './image-overlay';

/**
 * The image capability (issue: image suite). One pipeline, two implementations: the browser's
 * (createImageBitmap + OffscreenCanvas in Web Workers, wasm codecs where canvas cannot encode) and
 * the desktop's (sharp in the main process, from file paths). Tools describe WHAT to do as a job;
 * the platform layer decides HOW. Overlays (text, logo) are ops too, defined in ./image-overlay.ts.
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

const side = z.number().int().min(1).max(MAX_IMAGE_SIDE);
const offset = z.number().int().min(0).max(MAX_IMAGE_SIDE);
const cssColor = z.string().regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/);

export const imageOpSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('resize'),
    width: side.optional(),
    height: side.optional(),
    fit: z.enum(FIT_MODES).default('inside'),
    /** Never make an image larger than it is. */
    withoutEnlargement: z.boolean().default(true),
  }),
  z.object({ kind: z.literal('crop'), left: offset, top: offset, width: side, height: side }),
  z.object({
    kind: z.literal('rotate'),
    angle: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
    flipX: z.boolean().default(false),
    flipY: z.boolean().default(false),
  }),
  ...overlayOpSchemas,
]);
export type ImageOp = z.infer<typeof imageOpSchema>;
export type ImageOpInput = z.input<typeof imageOpSchema>;

export const encodeOptionsSchema = z.object({
  format: z.enum(IMAGE_OUTPUT_FORMATS),
  quality: z.number().int().min(1).max(100).default(80),
  /** Fill for transparent pixels when the format has no alpha (JPEG, BMP). */
  background: cssColor.default('#ffffff'),
  /** EXIF/ICC/XMP kept or stripped; orientation is always applied to the pixels first. */
  keepMetadata: z.boolean().default(false),
  /** Spend more time for a smaller file (wasm MozJPEG/OxiPNG/AVIF in the browser, higher effort in sharp). */
  smallest: z.boolean().default(false),
  /**
   * Target-size mode: the highest quality (at most `quality`) whose output fits in this many bytes,
   * found by a binary search over quality (shared/image/quality-search.ts). Lossless formats ignore it.
   */
  targetBytes: z
    .number()
    .int()
    .min(1024)
    .max(512 * 1024 * 1024)
    .optional(),
});
export type EncodeOptions = z.infer<typeof encodeOptionsSchema>;

export const imageJobSchema = z.object({
  ops: z.array(imageOpSchema).max(16).default([]),
  output: encodeOptionsSchema,
});
export type ImageJob = z.infer<typeof imageJobSchema>;
export type ImageJobInput = z.input<typeof imageJobSchema>;

export interface ImageInfo {
  width: number;
  height: number;
  /** Detected container format, e.g. 'jpeg', 'png', 'gif', 'webp', 'heic'. */
  format: string;
  hasAlpha: boolean;
  /** More than 1 for animations; only the first frame is processed. */
  frames: number;
  /** EXIF orientation (1–8) when present. */
  orientation?: number;
}

export interface ImageResult {
  bytes: Uint8Array;
  mime: string;
  format: ImageOutputFormat;
  width: number;
  height: number;
  /** The quality the encoder used: the requested one, or the one target-size mode settled on. */
  quality: number;
  /** Target-size mode only: false when even the lowest quality did not fit (the smallest output is returned). */
  fitsTarget?: boolean;
}

export interface ImageProcessOptions {
  signal?: { readonly aborted: boolean; addEventListener(type: 'abort', listener: () => void): void };
  /** 0…1 as the work advances (decode, operations, encode); the desktop engine reports start and end only. */
  onProgress?: (fraction: number) => void;
}

export interface ImageCapability {
  readonly engine: 'native' | 'browser';
  probe(file: ReadableFile): Promise<ImageInfo>;
  process(file: ReadableFile, job: ImageJobInput, options?: ImageProcessOptions): Promise<ImageResult>;
}

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
