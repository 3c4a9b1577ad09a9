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

/** A rendered mark; `scale` full-size pixels per pixel held (above 1 only for text too big for Cairo, see textMark). */
interface Mark extends Pixels {
  scale: number;
}

const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 };

const escapeMarkup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function rawOf(image: Sharp): Promise<Pixels> {
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Cairo's largest surface side; Pango renders the whole text onto one surface. */
const CAIRO_MAX_SIDE = 32_767;

/**
 * The one-line text is at most about one em per character wide (CJK full width; Latin is
 * narrower). A huge text on a big photo (30 % of 6000 px, 70 characters) would exceed Cairo's
 * surface and, at full size, take gigabytes: it is drawn smaller instead, and only the parts that
 * land on the image are scaled up (layerOf), so the desktop draws what the canvas engine draws.
 */
async function textMark(op: TextOverlayOp, imageWidth: number): Promise<Mark> {
  const sizePx = Math.max(1, Math.round(op.size * imageWidth));
  const drawnPx = Math.max(1, Math.min(sizePx, Math.floor((CAIRO_MAX_SIDE * 0.9) / [...op.text].length)));
  // dpi 72: Pango points are then pixels.
  const drawn = await rawOf(
    sharp({
      text: {
        text: `<span foreground="${op.color}">${escapeMarkup(op.text)}</span>`,
        font: pangoFont(op.font, op.bold, drawnPx),
        dpi: 72,
        rgba: true,
      },
    }),
  );
  return { ...drawn, scale: sizePx / drawnPx };
}

async function logoMark(op: LogoOverlayOp, imageWidth: number): Promise<Mark> {
  try {
    const drawn = await rawOf(
      sharp(op.bytes, { failOn: 'error' })
        .autoOrient()
        .resize({ width: Math.max(1, Math.round(op.scale * imageWidth)), kernel: 'lanczos3' }),
    );
    return { ...drawn, scale: 1 };
  } catch (error) {
    throw new ImageError('decode', `logo: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Turned about its centre onto a transparent box (a separate pipeline: sharp would otherwise turn before resizing). */
async function turned(mark: Mark, angle: number): Promise<Mark> {
  if (angle % 360 === 0) return mark;
  const pixels = await rawOf(
    sharp(mark.data, { raw: { width: mark.width, height: mark.height, channels: 4 } }).rotate(angle, { background: TRANSPARENT }),
  );
  return { ...pixels, scale: mark.scale };
}

function faded(mark: Mark, opacity: number): Mark {
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

/** The pixels of `source` (full-size coordinates) of the mark; a scaled-down mark has the piece scaled up. */
async function layerOf(mark: Mark, source: Rect): Promise<Buffer> {
  if (mark.scale === 1) return cut(mark, source);
  const left = Math.min(mark.width - 1, Math.floor(source.x / mark.scale));
  const top = Math.min(mark.height - 1, Math.floor(source.y / mark.scale));
  const right = Math.min(mark.width, Math.max(left + 1, Math.ceil((source.x + source.width) / mark.scale)));
  const bottom = Math.min(mark.height, Math.max(top + 1, Math.ceil((source.y + source.height) / mark.scale)));
  const piece = { x: left, y: top, width: right - left, height: bottom - top };
  return sharp(cut(mark, piece), { raw: { width: piece.width, height: piece.height, channels: 4 } })
    .resize(source.width, source.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
}

export async function applyOverlay(image: Sharp, size: Size, op: OverlayOp): Promise<Sharp> {
  if (op.opacity === 0) return image;
  const drawn = op.kind === 'text' ? await textMark(op, size.width) : await logoMark(op, size.width);
  const mark = faded(await turned(drawn, op.angle), op.opacity);
  const fullSize = { width: Math.round(mark.width * mark.scale), height: Math.round(mark.height * mark.scale) };
  const layers: OverlayOptions[] = [];
  for (const point of overlayPoints(size, fullSize, op)) {
    const clipped = clipToImage(size, fullSize, point);
    if (!clipped) continue;
    const { source } = clipped;
    layers.push({
      input: await layerOf(mark, source),
      raw: { width: source.width, height: source.height, channels: 4 },
      left: clipped.x,
      top: clipped.y,
    });
  }
  return layers.length > 0 ? image.composite(layers) : image;
}
