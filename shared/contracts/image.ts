import { z } from 'zod';
import type { ReadableFile } from './hash';
import { IMAGE_OUTPUT_FORMATS, FIT_MODES, MAX_IMAGE_SIDE } from './image-base';
import type { ImageOutputFormat } from './image-base';
import { overlayOpSchemas } from './image-overlay';

export * from './image-base';

/**
 * The image capability (issue: image suite). One pipeline, two implementations: the browser's
 * (createImageBitmap + OffscreenCanvas in Web Workers, wasm codecs where canvas cannot encode) and
 * the desktop's (sharp in the main process, from file paths). Tools describe WHAT to do as a job;
 * the platform layer decides HOW. Overlays (text, logo) are ops too, defined in ./image-overlay.ts.
 */

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
