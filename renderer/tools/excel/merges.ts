/** Merged ranges after rows or columns are inserted or deleted. Pure. */
import type { Merge } from './model';

/**
 * `delta` > 0 inserts that many rows (axis 'row') or columns before `at`; < 0 deletes −delta of
 * them starting at `at`. A range that loses all of its rows or columns disappears; one that loses
 * some shrinks; one reduced to a single cell is no longer a merge.
 */
export function shiftMerges(merges: readonly Merge[], axis: 'row' | 'col', at: number, delta: number): Merge[] {
  const [start, end] = axis === 'row' ? (['top', 'bottom'] as const) : (['left', 'right'] as const);
  const out: Merge[] = [];
  for (const merge of merges) {
    let first = merge[start];
    let last = merge[end];
    if (delta > 0) {
      if (first >= at) first += delta;
      if (last >= at) last += delta;
    } else {
      const gone = -delta;
      const cutEnd = at + gone - 1;
      const newFirst = first < at ? first : first > cutEnd ? first - gone : at;
      const newLast = last < at ? last : last > cutEnd ? last - gone : at - 1;
      if (newLast < newFirst) continue;
      first = newFirst;
      last = newLast;
    }
    const moved = { ...merge, [start]: first, [end]: last };
    if (moved.top === moved.bottom && moved.left === moved.right) continue;
    out.push(moved);
  }
  return out;
}
