import { describe, expect, it } from 'vitest';
import { cellAt, cellOrigin, countStates, gridLayout } from './grid';

describe('retry grid layout', () => {
  it('uses big cells for a short video and maps points back to segments', () => {
    const layout = gridLayout(30, 160);
    expect(layout).toMatchObject({ cell: 14, gap: 2, columns: 10, rows: 3 });
    expect(cellAt(layout, 0, 0)).toBe(0);
    expect(cellAt(layout, 13, 13)).toBe(0);
    // The gap between two cells belongs to neither.
    expect(cellAt(layout, 14.5, 0)).toBeUndefined();
    expect(cellAt(layout, 16, 0)).toBe(1);
    expect(cellAt(layout, 16 * 9 + 1, 16 * 2 + 1)).toBe(29);
    expect(cellOrigin(layout, 29)).toEqual({ x: 144, y: 32 });
  });

  it('has no cell past the last segment or outside the canvas', () => {
    const layout = gridLayout(12, 160);
    expect(cellAt(layout, 16 * 3, 16)).toBeUndefined();
    expect(cellAt(layout, -1, 0)).toBeUndefined();
    expect(cellAt(layout, 16 * 10 + 1, 0)).toBeUndefined();
  });

  it('shrinks cells so 10,000 segments stay on a screen or two, at phone and desktop widths', () => {
    for (const width of [343, 1200]) {
      const layout = gridLayout(10_000, width);
      expect(layout.columns * layout.rows).toBeGreaterThanOrEqual(10_000);
      expect(layout.cell).toBeGreaterThanOrEqual(4);
      expect(layout.width).toBeLessThanOrEqual(width);
      expect(layout.columns * (layout.cell + layout.gap) - layout.gap).toBeLessThanOrEqual(width);
    }
    expect(gridLayout(10_000, 1200).height).toBeLessThanOrEqual(320);
    expect(gridLayout(10_000, 1200).cell).toBeLessThan(14);
    expect(cellAt(gridLayout(10_000, 343), 0, 0)).toBe(0);
  });

  it('counts states for the legend', () => {
    expect(countStates(['done', 'done', 'failed', 'waiting'])).toEqual({ waiting: 1, downloading: 0, done: 2, failed: 1 });
  });
});
