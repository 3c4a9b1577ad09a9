import type { ImageJobInput, ImageOpInput, ImageOutputFormat } from '@shared/contracts/image';
import { OVERLAY_ANCHORS, OVERLAY_FONTS } from '@shared/contracts/image-overlay-base';
import { isBoolean, isOneOf } from '@/lib/field-checks';
import { isHexColour, isNumber, isShape, isText } from '@/lib/shape-checks';
import type { Checked } from '@/lib/field-checks';

/**
 * The watermark tool's pure logic: its settings, the overlay op and jobs they make, and what
 * "keep format" means. Shares (size, margin, gap, scale) are of the image width, as in the op.
 */

export const WATERMARK_FORMATS = ['keep', 'jpeg', 'png', 'webp'] as const;
export type WatermarkFormat = (typeof WATERMARK_FORMATS)[number];
export const WATERMARK_MODES = ['text', 'logo'] as const;

export const watermarkSettingsSchema = isShape({
  mode: isOneOf(WATERMARK_MODES),
  text: isText({ max: 200 }),
  font: isOneOf(OVERLAY_FONTS),
  bold: isBoolean,
  color: isHexColour,
  size: isNumber({ min: 0.005, max: 0.5 }),
  /** The logo's width as a share of the image width. */
  logoScale: isNumber({ min: 0.01, max: 1 }),
  opacity: isNumber({ min: 0, max: 1 }),
  angle: isNumber({ min: -180, max: 180 }),
  tiled: isBoolean,
  anchor: isOneOf(OVERLAY_ANCHORS),
  margin: isNumber({ min: 0, max: 0.5 }),
  gap: isNumber({ min: 0, max: 2 }),
  format: isOneOf(WATERMARK_FORMATS),
  quality: isNumber({ integer: true, min: 1, max: 100 }),
});
export type WatermarkSettings = Checked<typeof watermarkSettingsSchema>;

export const DEFAULT_SETTINGS: WatermarkSettings = {
  mode: 'text',
  text: '© 百宝箱',
  font: 'sans',
  bold: false,
  color: '#ffffff',
  size: 0.04,
  logoScale: 0.15,
  opacity: 0.6,
  angle: 0,
  tiled: false,
  anchor: 'bottom-right',
  margin: 0.03,
  gap: 0.15,
  format: 'keep',
  quality: 90,
};

/** Longest side of the live preview: enough to judge a watermark, quick to redraw on every change. */
export const PREVIEW_SIDE = 960;

/** Stored presets may come from an older version: take what still parses, else nothing. */
export function parseSettings(stored: unknown): WatermarkSettings | undefined {
  const parsed = watermarkSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : undefined;
}

// APNG is a PNG (image/apng, .apng): it may be transparent, so it must not become a JPEG.
const KEPT: Record<string, ImageOutputFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  apng: 'png',
  webp: 'webp',
  avif: 'avif',
};

/** "Keep format": JPEG, PNG, WebP and AVIF stay; GIF/BMP/ICO (sharp edges, maybe transparency) become PNG, other photos (HEIC, TIFF) JPEG. */
export function keptFormat(file: { name: string; type: string }): ImageOutputFormat {
  const fromType = file.type.startsWith('image/') ? file.type.slice(6) : '';
  const extension = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  const known = KEPT[fromType] ?? KEPT[extension];
  if (known) return known;
  return ['gif', 'bmp', 'x-icon', 'vnd.microsoft.icon', 'ico'].includes(fromType || extension) ? 'png' : 'jpeg';
}

/** The overlay op, or undefined while there is nothing to draw (empty text, no logo chosen). */
export function overlayOp(settings: WatermarkSettings, logo: Uint8Array<ArrayBuffer> | undefined): ImageOpInput | undefined {
  const placement = {
    opacity: settings.opacity,
    angle: settings.angle,
    position: settings.tiled ? ('tile' as const) : settings.anchor,
    margin: settings.margin,
    gap: settings.gap,
  };
  if (settings.mode === 'logo') return logo ? { kind: 'logo', bytes: logo, scale: settings.logoScale, ...placement } : undefined;
  // One line: the engines draw a single run of text.
  const text = settings.text.replace(/[\r\n]+/g, ' ').trim();
  return text
    ? { kind: 'text', text, font: settings.font, bold: settings.bold, color: settings.color, size: settings.size, ...placement }
    : undefined;
}

export function watermarkJob(overlay: ImageOpInput, settings: WatermarkSettings, file: { name: string; type: string }): ImageJobInput {
  return { ops: [overlay], output: { format: settings.format === 'keep' ? keptFormat(file) : settings.format, quality: settings.quality } };
}

/** The preview: the image shrunk first, then the same overlay — shares of the width make it look as in the full-size output. */
export function previewJob(overlay: ImageOpInput | undefined): ImageJobInput {
  const shrink: ImageOpInput = { kind: 'resize', width: PREVIEW_SIDE, height: PREVIEW_SIDE, fit: 'inside', withoutEnlargement: true };
  return { ops: overlay ? [shrink, overlay] : [shrink], output: { format: 'webp', quality: 85 } };
}

/** Width and height of an SVG's viewBox: the size of a logo that has no width and height of its own. */
export function svgViewBoxSize(svg: string): { width: number; height: number } | undefined {
  const box = /viewBox\s*=\s*["']\s*[-+\d.e]+[\s,]+[-+\d.e]+[\s,]+([+\d.e]+)[\s,]+([+\d.e]+)/i.exec(svg);
  const width = Number(box?.[1]);
  const height = Number(box?.[2]);
  return width > 0 && height > 0 ? { width, height } : undefined;
}
