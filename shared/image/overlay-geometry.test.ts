import { describe, expect, it } from 'vitest';
import { OVERLAY_ANCHORS } from '../contracts/image-overlay';
import { MAX_TILES, anchorPoint, clipToImage, overlayPoints, rotatedBounds, tilePoints } from './overlay-geometry';

const image = { width: 1000, height: 600 };
const mark = { width: 200, height: 50 };

describe('rotatedBounds', () => {
  it('keeps the box at 0° and 180°, swaps sides at ±90°', () => {
    expect(rotatedBounds(mark, 0)).toEqual(mark);
    expect(rotatedBounds(mark, 180)).toEqual(mark);
    expect(rotatedBounds(mark, 90)).toEqual({ width: 50, height: 200 });
    expect(rotatedBounds(mark, -90)).toEqual({ width: 50, height: 200 });
  });

  it('holds every turned corner of the box at any angle', () => {
    for (const angle of [-150, -45, -30, 17, 45, 60, 135]) {
      const bounds = rotatedBounds(mark, angle);
      const radians = (angle * Math.PI) / 180;
      for (const [cx, cy] of [
        [-100, -25],
        [100, -25],
        [100, 25],
        [-100, 25],
      ] as const) {
        const x = cx * Math.cos(radians) - cy * Math.sin(radians);
        const y = cx * Math.sin(radians) + cy * Math.cos(radians);
        expect(Math.abs(x), `${angle}°`).toBeLessThanOrEqual(bounds.width / 2);
        expect(Math.abs(y), `${angle}°`).toBeLessThanOrEqual(bounds.height / 2);
      }
      // …and is tight: at 45° a 200×50 box spans (200 + 50)·cos 45° ≈ 176.8 both ways.
      if (angle === 45) expect(bounds).toEqual({ width: 177, height: 177 });
    }
  });
});

describe('anchorPoint', () => {
  it('puts the mark at each 9-grid anchor, margin pixels from its edges', () => {
    const at = Object.fromEntries(OVERLAY_ANCHORS.map((anchor) => [anchor, anchorPoint(image, mark, anchor, 30)]));
    expect(at['top-left']).toEqual({ x: 30, y: 30 });
    expect(at.top).toEqual({ x: 400, y: 30 });
    expect(at['top-right']).toEqual({ x: 770, y: 30 });
    expect(at.left).toEqual({ x: 30, y: 275 });
    expect(at.center).toEqual({ x: 400, y: 275 });
    expect(at.right).toEqual({ x: 770, y: 275 });
    expect(at['bottom-left']).toEqual({ x: 30, y: 520 });
    expect(at.bottom).toEqual({ x: 400, y: 520 });
    expect(at['bottom-right']).toEqual({ x: 770, y: 520 });
  });

  it('reads margin as a share of the image width', () => {
    expect(overlayPoints(image, mark, { position: 'bottom-right', margin: 0.05, gap: 0 })).toEqual([{ x: 750, y: 500 }]);
  });
});

describe('tilePoints', () => {
  const covered = (points: { x: number; y: number }[], box: { width: number; height: number }, gap: number, x: number, y: number) =>
    // A point is covered when it lies in some mark's cell: the mark plus half the gap around it.
    points.some(
      (p) => x >= p.x - gap / 2 - 1 && x <= p.x + box.width + gap / 2 + 1 && y >= p.y - gap / 2 - 1 && y <= p.y + box.height + gap / 2 + 1,
    );

  it('covers the whole image, edges and corners included, for several sizes and gaps', () => {
    for (const [size, box, gap] of [
      [image, mark, 60],
      [{ width: 333, height: 4000 }, { width: 120, height: 90 }, 10],
      [{ width: 50, height: 50 }, { width: 400, height: 400 }, 0],
    ] as const) {
      const points = tilePoints(size, box, gap);
      for (let y = 0; y <= size.height; y += size.height / 20) {
        for (let x = 0; x <= size.width; x += size.width / 20)
          expect(covered(points, box, gap, x, y), `${x},${y} of ${size.width}×${size.height}`).toBe(true);
      }
      // No mark far off the image: each cell touches it.
      for (const p of points)
        expect(
          clipToImage(size, { width: box.width + gap, height: box.height + gap }, { x: p.x - gap / 2, y: p.y - gap / 2 }),
        ).toBeDefined();
    }
  });

  it('reaches every quadrant, staggers alternate rows and keeps marks apart by the gap', () => {
    const points = tilePoints(image, mark, 60);
    const quadrants = new Set(points.map((p) => `${p.x + mark.width / 2 < 500 ? 'l' : 'r'}${p.y + mark.height / 2 < 300 ? 't' : 'b'}`));
    expect([...quadrants].sort()).toEqual(['lb', 'lt', 'rb', 'rt']);
    const rows = [...new Set(points.map((p) => p.y))].sort((a, b) => a - b);
    expect(rows[1]! - rows[0]!).toBe(110);
    const firstX = (y: number) => Math.min(...points.filter((p) => p.y === y).map((p) => ((p.x % 260) + 260) % 260));
    expect(Math.abs(firstX(rows[0]!) - firstX(rows[1]!))).toBe(130);
  });

  it('spreads tiny marks instead of drawing tens of thousands', () => {
    const points = tilePoints({ width: 16_000, height: 16_000 }, { width: 10, height: 5 }, 0);
    expect(points.length).toBeLessThanOrEqual(MAX_TILES);
    expect(points.length).toBeGreaterThan(MAX_TILES / 2);
  });
});

describe('clipToImage', () => {
  it('takes the part of a mark that lies on the image', () => {
    expect(clipToImage(image, mark, { x: 10, y: 10 })).toEqual({ x: 10, y: 10, source: { x: 0, y: 0, width: 200, height: 50 } });
    expect(clipToImage(image, mark, { x: -50, y: 580 })).toEqual({ x: 0, y: 580, source: { x: 50, y: 0, width: 150, height: 20 } });
    expect(clipToImage(image, mark, { x: 1000, y: 0 })).toBeUndefined();
  });
});
