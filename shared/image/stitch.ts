import { MAX_IMAGE_SIDE } from '../contracts/image-base';

/**
 * Geometry of subtitle stitching: the first screenshot whole, then from each next one only its
 * subtitle strip, all scaled to one output width and stacked top to bottom. Pure, so the browser
 * worker and the tests share one source of truth for every pixel rectangle.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Top and bottom edge of a strip as shares (0–1) of the image height, so one setting fits screenshots of any size. */
export interface StripBounds {
  top: number;
  bottom: number;
}

export interface StitchPiece {
  /** Index of the image in the input order. */
  index: number;
  /** In the source image's own pixels. */
  source: Rect;
  /** In the output image's pixels. */
  dest: Rect;
}

export interface StitchLayout {
  width: number;
  height: number;
  pieces: StitchPiece[];
}

/** The whole image: what the first screenshot contributes. */
export const FULL_BOUNDS: StripBounds = { top: 0, bottom: 1 };

/** Subtitles sit in the lowest fifth of most video frames; a starting point the user then drags. */
export const DEFAULT_BOUNDS: StripBounds = { top: 0.8, bottom: 1 };

/** The thinnest strip the bounds may describe, so the two handles never cross or meet. */
export const MIN_STRIP_SHARE = 0.01;

const unit = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** Keeps bounds inside the image, in order, and at least MIN_STRIP_SHARE apart. */
export function clampBounds(bounds: StripBounds): StripBounds {
  let top = unit(bounds.top);
  let bottom = unit(bounds.bottom);
  if (top > bottom) [top, bottom] = [bottom, top];
  if (bottom - top < MIN_STRIP_SHARE) {
    if (top + MIN_STRIP_SHARE <= 1) bottom = top + MIN_STRIP_SHARE;
    else [top, bottom] = [1 - MIN_STRIP_SHARE, 1];
  }
  return { top, bottom };
}

/**
 * The bounds each image is cut with: the first whole, the others by the shared bounds or, in
 * per-image mode, by their own (falling back to the shared ones where an image has none yet).
 */
export function resolveBounds(
  count: number,
  perImage: boolean,
  shared: StripBounds,
  own: readonly (StripBounds | undefined)[] = [],
): StripBounds[] {
  return Array.from({ length: count }, (_, index) =>
    index === 0 ? FULL_BOUNDS : clampBounds((perImage ? own[index] : undefined) ?? shared),
  );
}

/** The strip in source pixels: at least one row, never past the image's edges. */
export function sourceStrip(size: Size, bounds: StripBounds): Rect {
  const { top, bottom } = clampBounds(bounds);
  const y = Math.min(size.height - 1, Math.round(top * size.height));
  const end = Math.max(y + 1, Math.min(size.height, Math.round(bottom * size.height)));
  return { x: 0, y, width: size.width, height: end - y };
}

/**
 * Where each source strip lands. Every image is scaled to `outputWidth` (the first image's width
 * unless a preview asks for less); each destination height is rounded on its own and the next
 * piece starts where the previous ended, so rounding never leaves a gap or an overlap.
 */
export function planStitch(sizes: readonly Size[], bounds: readonly StripBounds[], outputWidth?: number): StitchLayout {
  const first = sizes[0];
  if (!first) return { width: 0, height: 0, pieces: [] };
  const width = Math.max(1, Math.round(outputWidth ?? first.width));
  let y = 0;
  const pieces = sizes.map((size, index) => {
    const source = sourceStrip(size, bounds[index] ?? FULL_BOUNDS);
    const height = Math.max(1, Math.round((source.height * width) / size.width));
    const piece = { index, source, dest: { x: 0, y, width, height } };
    y += height;
    return piece;
  });
  return { width, height: y, pieces };
}

/** Whether the output is beyond what browsers' canvases reliably allocate. */
export function exceedsMaxSide(layout: Pick<StitchLayout, 'width' | 'height'>, maxSide = MAX_IMAGE_SIDE): boolean {
  return layout.width > maxSide || layout.height > maxSide;
}

/** Output width for a preview no wider than `maxWidth` (never enlarged). */
export function previewWidth(first: Size | undefined, maxWidth: number): number {
  return first ? Math.max(1, Math.min(first.width, Math.round(maxWidth))) : 0;
}
