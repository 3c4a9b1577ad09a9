import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_SIDE } from '../contracts/image';
import {
  DEFAULT_BOUNDS,
  FULL_BOUNDS,
  MIN_STRIP_SHARE,
  clampBounds,
  exceedsMaxSide,
  planStitch,
  previewWidth,
  resolveBounds,
  sourceStrip,
} from './stitch';
import type { StitchLayout } from './stitch';

/** Consecutive pieces must tile the output exactly: each starts where the previous ended. */
function expectContiguous(layout: StitchLayout): void {
  let y = 0;
  for (const piece of layout.pieces) {
    expect(piece.dest.y).toBe(y);
    expect(piece.dest.x).toBe(0);
    expect(piece.dest.width).toBe(layout.width);
    expect(piece.dest.height).toBeGreaterThan(0);
    y += piece.dest.height;
  }
  expect(layout.height).toBe(y);
}

describe('clampBounds', () => {
  it('keeps bounds in 0–1, in order and apart', () => {
    expect(clampBounds({ top: -0.5, bottom: 1.7 })).toEqual({ top: 0, bottom: 1 });
    expect(clampBounds({ top: 0.9, bottom: 0.7 })).toEqual({ top: 0.7, bottom: 0.9 });
    expect(clampBounds({ top: 0.5, bottom: 0.5 })).toEqual({ top: 0.5, bottom: 0.5 + MIN_STRIP_SHARE });
    expect(clampBounds({ top: 1, bottom: 1 })).toEqual({ top: 1 - MIN_STRIP_SHARE, bottom: 1 });
    expect(clampBounds({ top: Number.NaN, bottom: 0.3 })).toEqual({ top: 0, bottom: 0.3 });
  });
});

describe('resolveBounds', () => {
  const shared = { top: 0.7, bottom: 0.9 };
  const own = [undefined, { top: 0.1, bottom: 0.2 }, undefined];

  it('keeps the first image whole and cuts the rest with the shared bounds', () => {
    expect(resolveBounds(3, false, shared, own)).toEqual([FULL_BOUNDS, shared, shared]);
  });

  it('uses each image’s own bounds in per-image mode, the shared ones where it has none', () => {
    expect(resolveBounds(3, true, shared, own)).toEqual([FULL_BOUNDS, { top: 0.1, bottom: 0.2 }, shared]);
  });

  it('clamps what it hands out', () => {
    expect(resolveBounds(2, true, shared, [undefined, { top: 1.2, bottom: 0.95 }])[1]).toEqual({ top: 0.95, bottom: 1 });
  });
});

describe('sourceStrip', () => {
  it('converts shares to whole source rows', () => {
    expect(sourceStrip({ width: 1920, height: 1080 }, { top: 0.8, bottom: 1 })).toEqual({ x: 0, y: 864, width: 1920, height: 216 });
  });

  it('always keeps at least one row inside the image', () => {
    expect(sourceStrip({ width: 10, height: 10 }, { top: 0.999, bottom: 1 })).toEqual({ x: 0, y: 9, width: 10, height: 1 });
    expect(sourceStrip({ width: 10, height: 3 }, { top: 0.5, bottom: 0.51 })).toEqual({ x: 0, y: 2, width: 10, height: 1 });
  });
});

describe('planStitch', () => {
  it('returns an empty layout for no images', () => {
    expect(planStitch([], [])).toEqual({ width: 0, height: 0, pieces: [] });
  });

  it('keeps a single image whole', () => {
    const layout = planStitch([{ width: 640, height: 360 }], resolveBounds(1, false, DEFAULT_BOUNDS));
    expect(layout).toEqual({
      width: 640,
      height: 360,
      pieces: [{ index: 0, source: { x: 0, y: 0, width: 640, height: 360 }, dest: { x: 0, y: 0, width: 640, height: 360 } }],
    });
  });

  it('stacks the first image and the strips of the others', () => {
    const sizes = [
      { width: 320, height: 200 },
      { width: 320, height: 200 },
      { width: 320, height: 200 },
    ];
    const layout = planStitch(sizes, resolveBounds(3, false, { top: 0.8, bottom: 1 }));
    expect(layout.width).toBe(320);
    expect(layout.height).toBe(200 + 40 + 40);
    expect(layout.pieces[1]).toEqual({
      index: 1,
      source: { x: 0, y: 160, width: 320, height: 40 },
      dest: { x: 0, y: 200, width: 320, height: 40 },
    });
    expect(layout.pieces[2]?.dest.y).toBe(240);
    expectContiguous(layout);
  });

  it('scales images of other widths to the first one’s width', () => {
    const sizes = [
      { width: 320, height: 200 },
      { width: 640, height: 400 },
      { width: 160, height: 100 },
    ];
    const layout = planStitch(sizes, resolveBounds(3, false, { top: 0.8, bottom: 1 }));
    // 80 rows of the 640-wide image and 20 rows of the 160-wide one both become 40 rows at 320 wide.
    expect(layout.pieces.map((piece) => piece.source.height)).toEqual([200, 80, 20]);
    expect(layout.pieces.map((piece) => piece.dest.height)).toEqual([200, 40, 40]);
    expect(layout.height).toBe(280);
    expectContiguous(layout);
  });

  it('cuts each image with its own bounds in per-image mode', () => {
    const sizes = [
      { width: 100, height: 100 },
      { width: 100, height: 100 },
      { width: 100, height: 100 },
    ];
    const layout = planStitch(sizes, resolveBounds(3, true, { top: 0.9, bottom: 1 }, [undefined, { top: 0.5, bottom: 0.75 }]));
    expect(layout.pieces[1]?.source).toEqual({ x: 0, y: 50, width: 100, height: 25 });
    expect(layout.pieces[2]?.source).toEqual({ x: 0, y: 90, width: 100, height: 10 });
    expect(layout.height).toBe(135);
  });

  it('rounds every piece to whole rows without gaps or overlaps', () => {
    const sizes = [
      { width: 333, height: 187 },
      ...Array.from({ length: 40 }, (_, index) => ({ width: 97 + index * 13, height: 61 + index * 7 })),
    ];
    const layout = planStitch(sizes, resolveBounds(sizes.length, false, { top: 0.713, bottom: 0.937 }));
    expectContiguous(layout);
    for (const piece of layout.pieces) {
      const size = sizes[piece.index]!;
      expect(piece.source.y + piece.source.height).toBeLessThanOrEqual(size.height);
      expect(Number.isInteger(piece.dest.height)).toBe(true);
      // Each strip keeps its aspect ratio to within the one row lost to rounding.
      expect(Math.abs(piece.dest.height - (piece.source.height * 333) / size.width)).toBeLessThanOrEqual(0.5);
    }
  });

  it('plans a preview at a smaller width with the same source rectangles', () => {
    const sizes = [
      { width: 1920, height: 1080 },
      { width: 1280, height: 720 },
    ];
    const bounds = resolveBounds(2, false, DEFAULT_BOUNDS);
    const full = planStitch(sizes, bounds);
    const preview = planStitch(sizes, bounds, previewWidth(sizes[0], 480));
    expect(preview.width).toBe(480);
    expect(preview.pieces.map((piece) => piece.source)).toEqual(full.pieces.map((piece) => piece.source));
    expect(preview.height).toBe(270 + 54);
    expectContiguous(preview);
  });
});

describe('limits', () => {
  it('flags outputs beyond MAX_IMAGE_SIDE', () => {
    const tall = planStitch(
      Array.from({ length: 80 }, () => ({ width: 1920, height: 1080 })),
      resolveBounds(80, false, { top: 0, bottom: 1 }),
    );
    expect(tall.height).toBe(80 * 1080);
    expect(exceedsMaxSide(tall)).toBe(true);
    expect(exceedsMaxSide({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE })).toBe(false);
    expect(exceedsMaxSide({ width: MAX_IMAGE_SIDE + 1, height: 10 })).toBe(true);
  });

  it('never enlarges a preview', () => {
    expect(previewWidth({ width: 300, height: 100 }, 800)).toBe(300);
    expect(previewWidth({ width: 3000, height: 100 }, 800)).toBe(800);
    expect(previewWidth(undefined, 800)).toBe(0);
  });
});
