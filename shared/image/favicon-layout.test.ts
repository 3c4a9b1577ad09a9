import { describe, expect, it } from 'vitest';
import { MASKABLE_MIN_PADDING, MASKABLE_SAFE_DIAMETER, fitContain, iconLayout, pickLevel, pyramidSizes } from './favicon-layout';

describe('iconLayout', () => {
  it('insets the content by the padding on each edge and scales the radius with the side', () => {
    expect(iconLayout(100, 0.1, 0.25)).toEqual({ radius: 25, content: { x: 10, y: 10, width: 80, height: 80 } });
    expect(iconLayout(64, 0, 0)).toEqual({ radius: 0, content: { x: 0, y: 0, width: 64, height: 64 } });
  });

  it('clamps out-of-range settings instead of drawing nothing', () => {
    expect(iconLayout(100, 0.9, 3).content.width).toBeCloseTo(10);
    expect(iconLayout(100, -1, -1)).toEqual({ radius: 0, content: { x: 0, y: 0, width: 100, height: 100 } });
    expect(iconLayout(100, 0, 3).radius).toBe(50);
  });
});

describe('fitContain', () => {
  it('letterboxes a wide source and centres it', () => {
    expect(fitContain(200, 100, { x: 10, y: 10, width: 80, height: 80 })).toEqual({ x: 10, y: 30, width: 80, height: 40 });
    expect(fitContain(50, 100, { x: 0, y: 0, width: 100, height: 100 })).toEqual({ x: 25, y: 0, width: 50, height: 100 });
  });
});

describe('pyramid', () => {
  it('halves a big source down to just above the smallest size', () => {
    const levels = pyramidSizes({ width: 4000, height: 3000 }, 16);
    expect(levels[0]).toEqual({ width: 4000, height: 3000 });
    expect(levels[1]).toEqual({ width: 2000, height: 1500 });
    const last = levels[levels.length - 1]!;
    expect(Math.max(last.width, last.height)).toBeGreaterThanOrEqual(16);
    expect(Math.max(last.width, last.height) / 2).toBeLessThan(16);
  });

  it('keeps a small source as its only level', () => {
    expect(pyramidSizes({ width: 20, height: 20 }, 16)).toEqual([{ width: 20, height: 20 }]);
  });

  it('picks the smallest level that still covers the target, so no draw shrinks more than 2×', () => {
    const levels = pyramidSizes({ width: 2048, height: 2048 }, 16);
    expect(levels[pickLevel(levels, { width: 512, height: 512 })]).toEqual({ width: 512, height: 512 });
    expect(levels[pickLevel(levels, { width: 300, height: 300 })]).toEqual({ width: 512, height: 512 });
    expect(levels[pickLevel(levels, { width: 16, height: 16 })]).toEqual({ width: 16, height: 16 });
    // Larger than the source: the source itself, upscaled once.
    expect(pickLevel(levels, { width: 4096, height: 4096 })).toBe(0);
  });
});

describe('maskable safe zone', () => {
  it('the minimum padding puts the content square’s corners exactly on the 80 % circle', () => {
    const { content } = iconLayout(512, MASKABLE_MIN_PADDING, 0);
    const halfDiagonal = (content.width / 2) * Math.SQRT2;
    expect(halfDiagonal).toBeCloseTo((512 * MASKABLE_SAFE_DIAMETER) / 2, 6);
  });
});
