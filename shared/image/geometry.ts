import type { FitMode, ImageOp } from '../contracts/image';

/**
 * Sizes and rectangles of the image operations, shared by both engines so the browser's canvas
 * path lands on the same output size as sharp. Pure.
 */

export interface Size {
  width: number;
  height: number;
}

/** Source rectangle drawn into a destination rectangle of an output canvas. */
export interface ResizePlan extends Size {
  source: { x: number; y: number; width: number; height: number };
  target: { x: number; y: number; width: number; height: number };
}

type ResizeOp = Extract<ImageOp, { kind: 'resize' }>;

const round = (value: number) => Math.max(1, Math.round(value));

function boxOf(from: Size, op: Pick<ResizeOp, 'width' | 'height'>): Size {
  const ratio = from.width / from.height;
  if (op.width && op.height) return { width: op.width, height: op.height };
  if (op.width) return { width: op.width, height: round(op.width / ratio) };
  if (op.height) return { width: round(op.height * ratio), height: op.height };
  return from;
}

/** Where a resize lands, with sharp's meaning of each fit mode (see FIT_MODES). */
export function planResize(from: Size, op: Pick<ResizeOp, 'width' | 'height' | 'fit' | 'withoutEnlargement'>): ResizePlan {
  const box = boxOf(from, op);
  const whole = { x: 0, y: 0, width: from.width, height: from.height };
  const scaleX = box.width / from.width;
  const scaleY = box.height / from.height;
  const fit: FitMode = op.width && op.height ? op.fit : 'inside';
  if (fit === 'inside' || fit === 'outside') {
    let scale = fit === 'inside' ? Math.min(scaleX, scaleY) : Math.max(scaleX, scaleY);
    if (op.withoutEnlargement) scale = Math.min(1, scale);
    const width = round(from.width * scale);
    const height = round(from.height * scale);
    return { width, height, source: whole, target: { x: 0, y: 0, width, height } };
  }
  // Like sharp: a box that would enlarge either side leaves the image as it is.
  if (op.withoutEnlargement && (box.width > from.width || box.height > from.height)) {
    return { ...from, source: whole, target: { x: 0, y: 0, ...from } };
  }
  if (fit === 'fill') return { ...box, source: whole, target: { x: 0, y: 0, ...box } };
  if (fit === 'cover') {
    const scale = Math.max(scaleX, scaleY);
    const width = box.width / scale;
    const height = box.height / scale;
    return {
      ...box,
      source: { x: (from.width - width) / 2, y: (from.height - height) / 2, width, height },
      target: { x: 0, y: 0, ...box },
    };
  }
  const scale = Math.min(scaleX, scaleY);
  const width = round(from.width * scale);
  const height = round(from.height * scale);
  return {
    ...box,
    source: whole,
    target: { x: Math.floor((box.width - width) / 2), y: Math.floor((box.height - height) / 2), width, height },
  };
}

/**
 * Intermediate sizes for a high-quality downscale on canvas: halve while the result stays at least
 * twice the target, so each bilinear/mipmap step averages 2×2 pixels and nothing aliases. The
 * returned list ends with the target itself.
 */
export function stepDownSizes(from: Size, to: Size): Size[] {
  const steps: Size[] = [];
  let current = from;
  while (current.width / 2 >= to.width * 2 && current.height / 2 >= to.height * 2) {
    current = { width: Math.round(current.width / 2), height: Math.round(current.height / 2) };
    steps.push(current);
  }
  steps.push(to);
  return steps;
}

/** Clamps a crop to the image; null when nothing of it lies inside. */
export function clampCrop(
  from: Size,
  crop: { left: number; top: number; width: number; height: number },
): { left: number; top: number; width: number; height: number } | null {
  const left = Math.min(crop.left, from.width);
  const top = Math.min(crop.top, from.height);
  const width = Math.min(crop.width, from.width - left);
  const height = Math.min(crop.height, from.height - top);
  return width > 0 && height > 0 ? { left, top, width, height } : null;
}

export function rotatedSize(from: Size, angle: 0 | 90 | 180 | 270): Size {
  return angle === 90 || angle === 270 ? { width: from.height, height: from.width } : from;
}

/** The size one op leaves the image at; null for a crop entirely outside it. Overlays keep the size. */
export function sizeAfter(from: Size, op: ImageOp): Size | null {
  if (op.kind === 'resize') {
    const { width, height } = planResize(from, op);
    return { width, height };
  }
  if (op.kind === 'crop') return clampCrop(from, op);
  if (op.kind === 'rotate') return rotatedSize(from, op.angle);
  return from;
}

/**
 * Whether any step of the ops would make a side longer than `maxSide`. Checked before any pixel
 * work, because an enlarging resize (a long screenshot scaled to 1920 wide, `outside` on a tiny
 * image) asks for far more memory than the input ever needed, and sharp cannot be stopped mid-stage.
 */
export function exceedsSide(from: Size, ops: readonly ImageOp[], maxSide: number): boolean {
  let size = from;
  for (const op of ops) {
    const next = sizeAfter(size, op);
    // A crop outside the image fails in the engine with its own error.
    if (!next) return false;
    if (next.width > maxSide || next.height > maxSide) return true;
    size = next;
  }
  return false;
}
