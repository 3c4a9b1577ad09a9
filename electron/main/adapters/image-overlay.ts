import sharp from 'sharp';
import type { OverlayOptions, Sharp } from 'sharp';
import { ImageError } from '@shared/contracts/image';
import type { LogoOverlayOp, OverlayOp, TextOverlayOp } from '@shared/contracts/image-overlay';
import type { Size } from '@shared/image/geometry';
import { pangoFont } from '@shared/image/overlay-fonts';
import { clipToImage, overlayPoints } from '@shared/image/overlay-geometry';
import type { Rect } from '@shared/image/overlay-geometry';

/**
 * Overlay ops on the desktop engine. The mark (text or logo) is rendered once to RGBA pixels,
 * turned, faded, then composited at every point of shared/image/overlay-geometry.ts — the same
 * points the canvas engine draws at. Text goes through Pango (sharp's text input), which measures
 * the line and falls back per glyph through fontconfig, so Chinese renders with any CJK font found.
 */

interface Pixels extends Size {
  data: Buffer;
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function rawOf(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function textMark(op: TextOverlayOp, imageWidth: number): Promise<Pixels> {
  const sizePx = Math.max(1, Math.round(op.size * imageWidth));
  // dpi 72: Pango points are then pixels.
  return rawOf(sharp({ text: { text: `<span foreground="${op.color}">${escapeMarkup(op.text)}</span>`, font: pangoFont(op.font, op.bold, sizePx), dpi: 72, rgba: true } }));
}

async function logoMark(op: LogoOverlayOp, imageWidth: number): Promise<Pixels> {
  try {
    return await rawOf(sharp(op.bytes, { failOn: 'error' }).autoOrient().resize({ width: Math.max(1, Math.round(op.scale * imageWidth)), kernel: 'lanczos3' }));
  } catch (error) {
    throw new ImageError('decode', `logo: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Turned about its centre onto a transparent box (a separate pipeline: sharp would otherwise turn before resizing). */
async function turned(mark: Pixels, angle: number): Promise<Pixels> {
  if (angle % 360 === 0) return mark;
  return rawOf(sharp(mark.data, { raw: { width: mark.width, height: mark.height, channels: 4 } }).rotate(angle, { background: TRANSPARENT }));
}

function faded(mark: Pixels, opacity: number): Pixels {
  if (opacity >= 1) return mark;
  const data = Buffer.from(mark.data);
  for (let alpha = 3; alpha < data.length; alpha += 4) data[alpha] = Math.round(data[alpha]! * opacity);
  return { ...mark, data };
}

/** A rectangle of the mark as its own RGBA buffer, for marks cut by the image edge (sharp composites only what fits). */
function cut(mark: Pixels, area: Rect): Buffer {
  if (area.x === 0 && area.y === 0 && area.width === mark.width && area.height === mark.height) return mark.data;
  const out = Buffer.alloc(area.width * area.height * 4);
  for (let row = 0; row < area.height; row += 1) {
    const start = ((area.y + row) * mark.width + area.x) * 4;
    mark.data.copy(out, row * area.width * 4, start, start + area.width * 4);
  }
  return out;
}

export async function applyOverlay(image: Sharp, size: Size, op: OverlayOp): Promise<Sharp> {
  if (op.opacity === 0) return image;
  const drawn = op.kind === 'text' ? await textMark(op, size.width) : await logoMark(op, size.width);
  const mark = faded(await turned(drawn, op.angle), op.opacity);
  const layers: OverlayOptions[] = [];
  for (const point of overlayPoints(size, mark, op)) {
    const clipped = clipToImage(size, mark, point);
    if (!clipped) continue;
    const { source } = clipped;
    layers.push({ input: cut(mark, source), raw: { width: source.width, height: source.height, channels: 4 }, left: clipped.x, top: clipped.y });
  }
  return layers.length > 0 ? image.composite(layers) : image;
}
