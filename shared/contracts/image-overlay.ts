import { z } from 'zod';
import { MAX_LOGO_BYTES, OVERLAY_FONTS, OVERLAY_POSITIONS } from './image-overlay-base';

/**
 * Overlay ops of the image pipeline (the watermark tool): a line of text or a logo image drawn over
 * the picture. Sizes, margins and gaps are shares of the image WIDTH, so one setting suits a whole
 * batch of photos of different resolutions and a preview rendered smaller looks the same.
 * Both engines draw them: renderer/platform/image/overlay.ts (canvas) and
 * electron/main/adapters/image-overlay.ts (sharp); where marks go is shared/image/overlay-geometry.ts.
 */

export * from './image-overlay-base';

const placement = {
  /** 0 (invisible) … 1 (opaque). */
  opacity: z.number().min(0).max(1).default(0.5),
  /** Degrees, clockwise. */
  angle: z.number().min(-180).max(180).default(0),
  position: z.enum(OVERLAY_POSITIONS).default('bottom-right'),
  /** Distance of an anchored mark from the image edges, as a share of the image width. */
  margin: z.number().min(0).max(0.5).default(0.03),
  /** Space between tiled marks, as a share of the image width. */
  gap: z.number().min(0).max(2).default(0.15),
};

export const textOverlaySchema = z.object({
  kind: z.literal('text'),
  /** One line: both engines lay out a single run of text. */
  text: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\r\n]*$/),
  font: z.enum(OVERLAY_FONTS).default('sans'),
  bold: z.boolean().default(false),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#ffffff'),
  /** Font size as a share of the image width. */
  size: z.number().min(0.005).max(0.5).default(0.04),
  ...placement,
});

export const logoOverlaySchema = z.object({
  kind: z.literal('logo'),
  /** The encoded logo (PNG with transparency is typical); any format the engine decodes. */
  bytes: z.instanceof(Uint8Array).refine((bytes) => bytes.length > 0 && bytes.length <= MAX_LOGO_BYTES, 'logo must be 1 byte to 8 MB'),
  /** The logo's width as a share of the image width; its height follows its ratio. */
  scale: z.number().min(0.01).max(1).default(0.2),
  ...placement,
});

export const overlayOpSchemas = [textOverlaySchema, logoOverlaySchema] as const;
export type TextOverlayOp = z.infer<typeof textOverlaySchema>;
export type LogoOverlayOp = z.infer<typeof logoOverlaySchema>;
export type OverlayOp = TextOverlayOp | LogoOverlayOp;

export const isOverlayOp = (op: { kind: string }): op is OverlayOp => op.kind === 'text' || op.kind === 'logo';
