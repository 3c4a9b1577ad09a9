import type { OverlayPosition } from '../contracts/image-overlay';
import type { Size } from './geometry';

/**
 * Where overlay marks go, shared by both engines so a watermark lands on the same pixels in the
 * browser and on the desktop. A mark is handled through its rotated bounding box: anchors place
 * that box inside the margins, tiling repeats it on a brick grid. Pure.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Rect extends Point, Size {}

/** More marks than this would take long to draw without looking any different; tiling spreads them wider instead. */
export const MAX_TILES = 800;

/** The bounding box of a `size` box turned by `angle` degrees about its centre, in whole pixels. */
export function rotatedBounds(size: Size, angle: number): Size {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  // Rounding noise (cos 90° is 6e-17, not 0) must not add a pixel.
  const whole = (value: number) => Math.max(1, Math.ceil(value - 1e-9));
  return { width: whole(size.width * cos + size.height * sin), height: whole(size.width * sin + size.height * cos) };
}

/** Top-left of a `mark` box at a 9-grid anchor, `margin` pixels from the edges it is anchored to. */
export function anchorPoint(image: Size, mark: Size, position: Exclude<OverlayPosition, 'tile'>, margin: number): Point {
  const column = position.endsWith('left') ? 0 : position.endsWith('right') ? 2 : 1;
  const row = position.startsWith('top') ? 0 : position.startsWith('bottom') ? 2 : 1;
  const along = (index: number, space: number, length: number) =>
    index === 0 ? margin : index === 2 ? space - length - margin : (space - length) / 2;
  return { x: Math.round(along(column, image.width, mark.width)), y: Math.round(along(row, image.height, mark.height)) };
}

/**
 * Top-left corners of tiled marks: rows `mark.height + gap` apart, marks `mark.width + gap` apart,
 * every other row shifted by half a step (a brick pattern reads as a watermark, not a grid),
 * centred on the image and reaching past every edge so no band stays bare. Marks whose cell (the
 * mark and half the gap around it) touches the image are returned; the cells cover the image.
 */
export function tilePoints(image: Size, mark: Size, gap: number): Point[] {
  let stepX = Math.max(1, mark.width + gap);
  let stepY = Math.max(1, mark.height + gap);
  const estimate = (image.width / stepX + 2) * (image.height / stepY + 2);
  if (estimate > MAX_TILES) {
    const spread = Math.sqrt(estimate / MAX_TILES);
    stepX *= spread;
    stepY *= spread;
  }
  const rows = Math.ceil((image.height / 2 + mark.height) / stepY);
  const columns = Math.ceil((image.width / 2 + mark.width) / stepX) + 1;
  const points: Point[] = [];
  for (let row = -rows; row <= rows; row += 1) {
    const centreY = image.height / 2 + row * stepY;
    const shift = Math.abs(row) % 2 === 1 ? stepX / 2 : 0;
    for (let column = -columns; column <= columns; column += 1) {
      const centreX = image.width / 2 + column * stepX + shift;
      const x = Math.round(centreX - mark.width / 2);
      const y = Math.round(centreY - mark.height / 2);
      const half = gap / 2;
      if (x - half < image.width && y - half < image.height && x + mark.width + half > 0 && y + mark.height + half > 0)
        points.push({ x, y });
    }
  }
  return points;
}

/** Every top-left corner of a mark of (rotated) size `mark`; margin and gap are shares of the image width. */
export function overlayPoints(image: Size, mark: Size, placement: { position: OverlayPosition; margin: number; gap: number }): Point[] {
  if (placement.position === 'tile') return tilePoints(image, mark, placement.gap * image.width);
  return [anchorPoint(image, mark, placement.position, placement.margin * image.width)];
}

/**
 * The part of a mark at `at` that lies on the image: where it goes (`x`, `y` ≥ 0) and which
 * rectangle of the mark to take (`source`). Undefined when nothing of it is on the image.
 */
export function clipToImage(image: Size, mark: Size, at: Point): (Point & { source: Rect }) | undefined {
  const left = Math.max(0, at.x);
  const top = Math.max(0, at.y);
  const right = Math.min(image.width, at.x + mark.width);
  const bottom = Math.min(image.height, at.y + mark.height);
  if (right <= left || bottom <= top) return undefined;
  return { x: left, y: top, source: { x: left - at.x, y: top - at.y, width: right - left, height: bottom - top } };
}
