/**
 * Rewrites a formula's A1 references after rows or columns were inserted or deleted, as Excel does:
 * references past the change move, ranges stretch or shrink, and a reference whose cells were all
 * deleted becomes #REF!. @borgar/fx tokenizes, so text in strings ("A1"), names and functions are
 * left alone and quoted sheet names ('Q1 sales'!A1) are read right.
 */
import { MAX_COLS, MAX_ROWS, parseA1Ref, stringifyA1Ref, tokenize } from '@borgar/fx/xlsx';

export interface LineChange {
  /** The sheet whose lines changed. */
  sheet: string;
  axis: 'row' | 'col';
  /** The first line inserted or deleted, 1-based as in the grid. */
  at: number;
  /** Lines inserted (> 0) or deleted (< 0). */
  delta: number;
}

type Span = [start: number, end: number];

/** Moves one span (0-based, inclusive) of a reference: undefined when all of it was deleted, "overflow" when pushed off the sheet. */
function shiftSpan([start, end]: Span, at: number, delta: number, max: number): Span | undefined | 'overflow' {
  if (delta > 0) {
    const moved: Span = [start >= at ? start + delta : start, end >= at ? end + delta : end];
    return moved[1] > max ? 'overflow' : moved;
  }
  const last = at - delta - 1;
  if (start >= at && end <= last) return undefined;
  const top = start < at ? start : start > last ? start + delta : at;
  const bottom = end < at ? end : end > last ? end + delta : at - 1;
  return [top, bottom];
}

function shiftReference(text: string, hostSheet: string, change: LineChange): string {
  const ref = parseA1Ref(text, { allowNamed: false });
  if (!ref || !('range' in ref) || ref.workbookName) return text;
  const sheet = ref.sheetName || hostSheet;
  if (sheet.toLowerCase() !== change.sheet.toLowerCase()) return text;
  const range = { ...ref.range };
  const at = change.at - 1;
  const [low, high, max] = change.axis === 'row' ? (['top', 'bottom', MAX_ROWS] as const) : (['left', 'right', MAX_COLS] as const);
  const start = range[low];
  // A whole column (A:A) has no rows to move, a whole row (3:5) no columns.
  if (start === null || start === undefined) return text;
  const end = range[high] ?? start;
  const moved = shiftSpan([start, end], at, change.delta, max);
  const gone = `${ref.sheetName ? stringifyA1Ref({ sheetName: ref.sheetName, range: { top: 0, left: 0 } }).replace(/A1$/, '') : ''}#REF!`;
  if (moved === undefined || moved === 'overflow') return gone;
  range[low] = moved[0];
  range[high] = moved[1];
  return stringifyA1Ref({ ...ref, range });
}

/**
 * The formula (without its leading "=") with its references to `change.sheet` moved. `hostSheet` is
 * the sheet the formula sits on: its references without a sheet name point there.
 */
export function shiftFormula(formula: string, hostSheet: string, change: LineChange): string {
  const tokens = tokenize(formula, { withLocation: false, mergeRefs: true });
  let changed = false;
  const out = tokens.map((token) => {
    if (token.type !== 'range' && token.type !== 'range_beam') return token.value;
    const next = shiftReference(token.value, hostSheet, change);
    if (next !== token.value) changed = true;
    return next;
  });
  return changed ? out.join('') : formula;
}

/**
 * The formula with its references to sheet `from` pointed at `to` (a rename, quoted as needed), or
 * made `#REF!` when `to` is null (the sheet was deleted), as Excel rewrites them.
 */
export function renameSheetIn(formula: string, from: string, to: string | null): string {
  const tokens = tokenize(formula, { withLocation: false, mergeRefs: true });
  let changed = false;
  const out = tokens.map((token) => {
    if (token.type !== 'range' && token.type !== 'range_beam') return token.value;
    const ref = parseA1Ref(token.value, { allowNamed: false });
    if (!ref || !('range' in ref) || ref.workbookName || ref.sheetName?.toLowerCase() !== from.toLowerCase()) return token.value;
    changed = true;
    return to === null ? '#REF!' : stringifyA1Ref({ ...ref, sheetName: to });
  });
  return changed ? out.join('') : formula;
}
