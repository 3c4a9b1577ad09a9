import type { CellStyle, CellView } from './model';

/** Whether a cell's text may run on into empty cells to its right, as Excel draws left-aligned text. */
export function spills(cell: CellView, style: CellStyle | undefined): boolean {
  if (!cell.text || cell.numeric || cell.rowSpan || cell.colSpan || cell.text.includes('\n')) return false;
  if (style?.wrap) return false;
  return style?.hAlign === undefined || style.hAlign === 'left';
}

/**
 * The last column each spilling cell of one row may run to: up to the column before the next cell
 * with text or a merge (Excel never draws over either), at most `lastCol` (the edge of what is
 * drawn). Cells that stay in their own column are left out.
 */
export function spillEnds(
  row: readonly CellView[],
  lastCol: number,
  styleOf: (cell: CellView) => CellStyle | undefined,
  blocked: (c: number) => boolean,
): Map<number, number> {
  const ends = new Map<number, number>();
  const taken = new Set(row.filter((cell) => cell.text || cell.colSpan).map((cell) => cell.c));
  for (const cell of row) {
    if (!spills(cell, styleOf(cell))) continue;
    let end = cell.c;
    while (end < lastCol && !taken.has(end + 1) && !blocked(end + 1)) end += 1;
    if (end > cell.c) ends.set(cell.c, end);
  }
  return ends;
}
