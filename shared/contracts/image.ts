import { z } from 'zod';
import type { ReadableFile } from './hash';

/**
 * The image capability (issue: image suite). One pipeline, two implementations: the browser's
 * (createImageBitmap + OffscreenCanvas in Web Workers, wasm codecs where canvas cannot encode) and
 * the desktop's (sharp in the main process, from file paths). Tools describe WHAT to do as a job;
 * the platform layer decides HOW.
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

/** Where an overlay sits; 'tile' repeats it across the image. */
export const PLACEMENTS = ['top-left', 'top', 'top-right', 'left', 'center', 'right', 'bottom-left', 'bottom', 'bottom-right', 'tile'] as const;
export type Placement = (typeof PLACEMENTS)[number];

/** 16384 px is the largest side browsers' canvases reliably allocate; sharp can do more, but one limit for both keeps results alike. */
export const MAX_IMAGE_SIDE = 16_384;

const side = z.number().int().min(1).max(MAX_IMAGE_SIDE);
const offset = z.number().int().min(0).max(MAX_IMAGE_SIDE);
const opacity = z.number().min(0).max(1);
const angle = z.number().min(-360).max(360);
const cssColor = z.string().regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/);

const overlayLayout = {
  opacity: opacity.default(1),
  angle: angle.default(0),
  placement: z.enum(PLACEMENTS).default('bottom-right'),
  /** Distance from the edges, in px of the output image. */
  margin: offset.default(16),
  /** Gap between tiles when placement is 'tile'. */
  spacing: offset.default(120),
};

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
  z.object({
    kind: z.literal('textOverlay'),
    text: z.string().min(1).max(500),
    fontFamily: z.string().max(200).default('sans-serif'),
    /** Font size as a share of the output image's width, so one setting suits a whole batch. */
    fontScale: z.number().min(0.005).max(1).default(0.04),
    color: cssColor.default('#ffffff'),
    ...overlayLayout,
  }),
  z.object({
    kind: z.literal('imageOverlay'),
    image: z.instanceof(Uint8Array),
    /** Overlay width as a share of the output image's width. */
    scale: z.number().min(0.01).max(1).default(0.2),
    ...overlayLayout,
  }),
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
}

export interface ImageProcessOptions {
  signal?: { readonly aborted: boolean; addEventListener(type: 'abort', listener: () => void): void };
}

export interface ImageCapability {
  readonly engine: 'native' | 'browser';
  probe(file: ReadableFile): Promise<ImageInfo>;
  process(file: ReadableFile, job: ImageJobInput, options?: ImageProcessOptions): Promise<ImageResult>;
}

/** Thrown (with a translated message in the UI) for bytes that are not a decodable image. */
export class ImageDecodeError extends Error {
  constructor(message = 'not a decodable image') {
    super(message);
    this.name = 'ImageDecodeError';
  }
}
