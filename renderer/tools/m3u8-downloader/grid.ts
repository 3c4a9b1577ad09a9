import type { SegmentState } from '@shared/m3u8';

export interface GridLayout {
  count: number;
  columns: number;
  rows: number;
  /** Side of a cell and the gap after it, in CSS pixels. */
  cell: number;
  gap: number;
  width: number;
  height: number;
}

/** Cells shrink from 14 px down to 4 px as segments grow, so a long video stays a few screens tall at most. */
const SIZES = [14, 10, 7, 5, 4] as const;
const TALLEST = 320;

/**
 * The retry grid's geometry: one cell per segment, drawn on a canvas (10,000 DOM nodes would make
 * the page crawl), the largest cell size whose grid fits in `TALLEST` pixels at this width.
 */
export function gridLayout(count: number, width: number): GridLayout {
  const usable = Math.max(40, Math.floor(width));
  let layout: GridLayout | undefined;
  for (const cell of SIZES) {
    const gap = cell >= 7 ? 2 : 1;
    const columns = Math.max(1, Math.floor((usable + gap) / (cell + gap)));
    const rows = Math.ceil(count / columns);
    layout = { count, columns, rows, cell, gap, width: usable, height: Math.max(0, rows * (cell + gap) - gap) };
    if (layout.height <= TALLEST) break;
  }
  return layout!;
}

/** The segment under a point (CSS pixels from the canvas' corner), if any: gaps belong to none. */
export function cellAt(layout: GridLayout, x: number, y: number): number | undefined {
  const pitch = layout.cell + layout.gap;
  if (x < 0 || y < 0) return undefined;
  const column = Math.floor(x / pitch);
  const row = Math.floor(y / pitch);
  if (column >= layout.columns || x - column * pitch >= layout.cell || y - row * pitch >= layout.cell) return undefined;
  const index = row * layout.columns + column;
  return index < layout.count ? index : undefined;
}

export function cellOrigin(layout: GridLayout, index: number): { x: number; y: number } {
  const pitch = layout.cell + layout.gap;
  return { x: (index % layout.columns) * pitch, y: Math.floor(index / layout.columns) * pitch };
}

/** Counts per state, for the legend. */
export function countStates(states: readonly SegmentState[]): Record<SegmentState, number> {
  const counts: Record<SegmentState, number> = { waiting: 0, downloading: 0, done: 0, failed: 0 };
  for (const state of states) counts[state]++;
  return counts;
}
