import { ImageError } from '@shared/contracts/image-base';
import type { LogoOverlayOp, OverlayOp, TextOverlayOp } from '@shared/contracts/image-overlay';
import { cssFont } from '@shared/image/overlay-fonts';
import { overlayPoints, rotatedBounds } from '@shared/image/overlay-geometry';
import type { Size } from '@shared/image/geometry';

/**
 * Overlay ops in the browser engine (inside the image worker): the mark is drawn at every point of
 * shared/image/overlay-geometry.ts, turned about its centre — the same points sharp composites at
 * on the desktop (electron/main/adapters/image-overlay.ts). Chromium's font fallback finds a CJK
 * font for Chinese when the first families of the list lack the glyphs.
 */

interface Mark extends Size {
  draw(context: OffscreenCanvasRenderingContext2D): void;
  /** Frees what the mark holds (the decoded logo). */
  release(): void;
}

function textMark(context: OffscreenCanvasRenderingContext2D, op: TextOverlayOp, imageWidth: number): Mark {
  context.font = cssFont(op.font, op.bold, Math.max(1, Math.round(op.size * imageWidth)));
  context.fillStyle = op.color;
  context.textAlign = 'center';
  context.textBaseline = 'alphabetic';
  const metrics = context.measureText(op.text);
  const ascent = metrics.fontBoundingBoxAscent;
  const descent = metrics.fontBoundingBoxDescent;
  // The font's line box, like Pango's text height on the desktop, so margins match; the baseline
  // sits where that box is centred on the mark's centre.
  const baseline = (ascent - descent) / 2;
  return {
    width: Math.ceil(metrics.width),
    height: Math.ceil(ascent + descent),
    draw: (target) => target.fillText(op.text, 0, baseline),
    release: () => undefined,
  };
}

async function logoMark(op: LogoOverlayOp, imageWidth: number): Promise<Mark> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([op.bytes.slice()]), { imageOrientation: 'from-image' });
  } catch (error) {
    throw new ImageError('decode', `logo: ${error instanceof Error ? error.message : String(error)}`);
  }
  const width = Math.max(1, Math.round(op.scale * imageWidth));
  const height = Math.max(1, Math.round((bitmap.height * width) / bitmap.width));
  return {
    width,
    height,
    draw: (target) => target.drawImage(bitmap, -width / 2, -height / 2, width, height),
    release: () => bitmap.close(),
  };
}

/** Draws the overlay onto the surface (a canvas is drawn on in place; a decoded bitmap is copied to a canvas first and closed). */
export async function drawOverlay(surface: ImageBitmap | OffscreenCanvas, op: OverlayOp): Promise<OffscreenCanvas> {
  let target: OffscreenCanvas;
  if (surface instanceof OffscreenCanvas) {
    target = surface;
  } else {
    target = new OffscreenCanvas(surface.width, surface.height);
    target.getContext('2d')?.drawImage(surface, 0, 0);
    surface.close();
  }
  const context = target.getContext('2d');
  if (!context) throw new ImageError('tooLarge', `no 2D context for ${target.width}×${target.height}`);
  if (op.opacity === 0) return target;
  const mark = op.kind === 'text' ? textMark(context, op, target.width) : await logoMark(op, target.width);
  const bounds = rotatedBounds(mark, op.angle);
  context.save();
  context.globalAlpha = op.opacity;
  context.imageSmoothingQuality = 'high';
  const radians = (op.angle * Math.PI) / 180;
  for (const point of overlayPoints(target, bounds, op)) {
    context.setTransform(1, 0, 0, 1, point.x + bounds.width / 2, point.y + bounds.height / 2);
    context.rotate(radians);
    mark.draw(context);
  }
  context.restore();
  mark.release();
  return target;
}
