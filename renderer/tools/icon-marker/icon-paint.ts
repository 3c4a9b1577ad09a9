/**
 * Painting one icon on an OffscreenCanvas (worker side). The source image arrives as a halving
 * pyramid (see pyramidSizes) so every final draw shrinks by at most 2× with high-quality smoothing.
 */
import { fitContain, iconLayout, pickLevel, pyramidSizes } from '@shared/image/favicon-layout';
import type { Rect } from '@shared/image/favicon-layout';
import type { IconContent, PaintSpec, TextPlacement } from './icon-marker.service';

export interface Pyramid {
  levels: OffscreenCanvas[];
}

/** Smallest level kept: the 16 px icon with no padding. */
const MIN_SIDE = 16;
/** Levels above this are dropped once their half exists: no icon needs more than 2× of 512 px. */
const MAX_KEPT_SIDE = 1024;

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas unavailable');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  return ctx;
}

/** Builds the pyramid from a decoded bitmap, releasing the bitmap and oversized levels as it goes. */
export function buildPyramid(bitmap: ImageBitmap): Pyramid {
  const sizes = pyramidSizes({ width: bitmap.width, height: bitmap.height }, MIN_SIDE);
  const levels: OffscreenCanvas[] = [];
  let previous: CanvasImageSource = bitmap;
  for (const size of sizes) {
    const canvas = new OffscreenCanvas(size.width, size.height);
    context(canvas).drawImage(previous, 0, 0, size.width, size.height);
    previous = canvas;
    if (Math.max(size.width, size.height) <= MAX_KEPT_SIDE || levels.length === 0) levels.push(canvas);
    else levels[0] = canvas;
  }
  bitmap.close();
  return { levels };
}

function drawImageContent(ctx: OffscreenCanvasRenderingContext2D, pyramid: Pyramid, box: Rect): void {
  const first = pyramid.levels[0]!;
  const target = fitContain(first.width, first.height, box);
  const level =
    pyramid.levels[
      pickLevel(
        pyramid.levels.map(({ width, height }) => ({ width, height })),
        { width: Math.ceil(target.width), height: Math.ceil(target.height) },
      )
    ]!;
  ctx.drawImage(level, target.x, target.y, target.width, target.height);
}

const fontOf = (content: Extract<IconContent, { kind: 'text' }>, px: number) =>
  `${content.bold ? 'bold ' : ''}${px}px ${content.fontFamily}`;

/**
 * Where text goes so its ink box fills the content box: measured at 100 px, then scaled. The
 * result is the font size and the left-alphabetic baseline origin, which the PNGs and the vector
 * favicon.svg (TextPlacement) both use.
 */
export function placeText(
  ctx: OffscreenCanvasRenderingContext2D,
  content: Extract<IconContent, { kind: 'text' }>,
  box: Rect,
): TextPlacement {
  ctx.font = fontOf(content, 100);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  const probe = ctx.measureText(content.text);
  const inkWidth = Math.max(1, probe.actualBoundingBoxLeft + probe.actualBoundingBoxRight);
  const inkHeight = Math.max(1, probe.actualBoundingBoxAscent + probe.actualBoundingBoxDescent);
  const scale = Math.min(box.width / inkWidth, box.height / inkHeight);
  const fitted = fitContain(inkWidth, inkHeight, box);
  return { fontPx: 100 * scale, x: fitted.x + probe.actualBoundingBoxLeft * scale, y: fitted.y + probe.actualBoundingBoxAscent * scale };
}

/** The placement of the text on a `size` px icon of these paddings (the vector favicon.svg's). */
export function textPlacement(
  content: Extract<IconContent, { kind: 'text' }>,
  size: number,
  padding: number,
  rounding: number,
): TextPlacement {
  return placeText(context(new OffscreenCanvas(1, 1)), content, iconLayout(size, padding, rounding).content);
}

function drawText(ctx: OffscreenCanvasRenderingContext2D, content: Extract<IconContent, { kind: 'text' }>, color: string, box: Rect): void {
  const at = placeText(ctx, content, box);
  ctx.font = fontOf(content, at.fontPx);
  ctx.fillStyle = color;
  ctx.fillText(content.text, at.x, at.y);
}

/** Paints one icon and encodes it as PNG. */
export async function paintIcon(spec: PaintSpec, content: IconContent, pyramid: Pyramid | null): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(spec.size, spec.size);
  const ctx = context(canvas);
  const layout = iconLayout(spec.size, spec.padding, spec.rounding);
  ctx.beginPath();
  ctx.roundRect(0, 0, spec.size, spec.size, layout.radius);
  if (spec.background) {
    ctx.fillStyle = spec.background;
    ctx.fill();
  }
  // Clip to the rounded shape so a full-bleed photo gets the corners too.
  ctx.clip();
  if (content.kind === 'image') {
    if (!pyramid) throw new Error('no image loaded');
    drawImageContent(ctx, pyramid, layout.content);
  } else {
    drawText(ctx, content, spec.foreground, layout.content);
  }
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return new Uint8Array(await blob.arrayBuffer());
}
