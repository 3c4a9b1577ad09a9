/** Where rows and columns sit in the grid, from their pixel sizes. Pure. */

/** offsets[i] is where line i+1 starts; offsets[n] is the total size. */
export function prefixSums(sizes: readonly number[]): Float64Array {
  const offsets = new Float64Array(sizes.length + 1);
  for (let index = 0; index < sizes.length; index += 1) offsets[index + 1] = offsets[index]! + sizes[index]!;
  return offsets;
}

/** The 1-based line under `position` (clamped to the first and last line). */
export function lineAt(offsets: Float64Array, position: number): number {
  const count = offsets.length - 1;
  if (count <= 0) return 1;
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (offsets[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return Math.min(count, Math.max(1, low + 1));
}

/** Rows of one block of cells the page asks the worker for; blocks are cached until the workbook changes. */
export const BLOCK_ROWS = 100;
export const BLOCK_COLS = 50;

export function blocksFor(top: number, bottom: number, left: number, right: number): Array<[number, number]> {
  const blocks: Array<[number, number]> = [];
  for (let row = Math.floor((top - 1) / BLOCK_ROWS); row <= Math.floor((bottom - 1) / BLOCK_ROWS); row += 1)
    for (let col = Math.floor((left - 1) / BLOCK_COLS); col <= Math.floor((right - 1) / BLOCK_COLS); col += 1) blocks.push([row, col]);
  return blocks;
}
