/**
 * Sizes and geometry of a favicon set. Pure numbers, so the worker that paints and the tests that
 * check it agree on one definition.
 */

/** Sizes inside favicon.ico: 16 (tabs), 32 (taskbar, high-DPI tabs), 48 (Windows desktop). */
export const ICO_SIZES = [16, 32, 48] as const;
/** The standalone PNGs: the ICO sizes plus Android/PWA, Windows tiles and high-DPI sizes. */
export const PNG_SIZES = [16, 32, 48, 64, 96, 128, 192, 256, 384, 512] as const;
/** iOS home-screen size (iPhone @3x of 60 pt); iOS rounds the corners itself and shows no alpha. */
export const APPLE_TOUCH_SIZE = 180;
/** Android/Chrome install sizes; maskable icons are cropped to a shape chosen by the launcher. */
export const MASKABLE_SIZES = [192, 512] as const;
/** Raster size embedded in favicon.svg: sharp at 16 CSS px up to 4× pixel density and in bookmarks. */
export const SVG_RASTER_SIZE = 128;

/** The maskable safe zone: a centred circle whose diameter is 80 % of the icon (W3C manifest spec). */
export const MASKABLE_SAFE_DIAMETER = 0.8;
/**
 * The smallest padding (share of the side, per edge) that keeps a square's corners inside that
 * circle: half-diagonal (1 − 2p)·√2/2 ≤ 0.4 gives p ≥ (1 − 0.8/√2)/2 ≈ 0.217.
 */
export const MASKABLE_MIN_PADDING = (1 - MASKABLE_SAFE_DIAMETER / Math.SQRT2) / 2;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface IconLayout {
  /** Corner radius of the background in px. */
  radius: number;
  /** The square the content is fitted into. */
  content: Rect;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * Where things go on a `size` px icon. `padding` is the share of the side left empty on each edge
 * (0–0.45), `rounding` the corner radius as a share of the side (0 square … 0.5 circle).
 */
export function iconLayout(size: number, padding: number, rounding: number): IconLayout {
  const inset = size * clamp(padding, 0, 0.45);
  return {
    radius: size * clamp(rounding, 0, 0.5),
    content: { x: inset, y: inset, width: size - 2 * inset, height: size - 2 * inset },
  };
}

/** The largest rectangle of the source's aspect ratio that fits `box`, centred in it. */
export function fitContain(sourceWidth: number, sourceHeight: number, box: Rect): Rect {
  const scale = Math.min(box.width / sourceWidth, box.height / sourceHeight);
  const width = sourceWidth * scale;
  const height = sourceHeight * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The halving pyramid for high-quality downscaling: one canvas draw that shrinks by more than 2×
 * skips source pixels and aliases, so big sources go down by halves. The first level is the
 * source, every further one half the previous, down to the first level under `minSide` × 2.
 */
export function pyramidSizes(source: Size, minSide: number): Size[] {
  const levels: Size[] = [{ width: source.width, height: source.height }];
  for (;;) {
    const last = levels[levels.length - 1]!;
    if (Math.max(last.width, last.height) / 2 < minSide) return levels;
    levels.push({ width: Math.max(1, Math.round(last.width / 2)), height: Math.max(1, Math.round(last.height / 2)) });
  }
}

/** The smallest level at least as large as the target, so each final draw shrinks by at most 2×. */
export function pickLevel(levels: readonly Size[], target: Size): number {
  for (let index = levels.length - 1; index >= 0; index -= 1) {
    const level = levels[index]!;
    if (level.width >= target.width && level.height >= target.height) return index;
  }
  return 0;
}
