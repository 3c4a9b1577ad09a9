/**
 * Why foliate's renderer says it moved: a turn ('page'), the end of a swipe ('snap'), scrolling in
 * scrolled mode ('scroll'), a selection carried across a page ('selection') — the reader's doing —
 * or going to a target ('navigation': the opening display, a late account answer) and laying the
 * page out again ('anchor': a resize, a settings change) — foliate's own.
 */
const READER_REASONS: ReadonlySet<string> = new Set(['page', 'snap', 'scroll', 'selection']);

export interface OwnMoves {
  /** The reader pressed a key, pointed, wheeled or touched somewhere in the page or the book. */
  touched(): void;
  /** Hears each relocation, with foliate's reason and the place it led to; true when the reader moved the page themself. */
  relocated(reason: string | undefined, cfi: string | undefined): boolean;
}

/**
 * Tells the reader's own moves from the ones foliate makes while a book opens. Only the former may
 * keep a late answer from the account from moving the page (docs/decisions.md "Reading sync"), so
 * it takes all three: the reader has touched the page since it opened (foliate's scrolled mode can
 * report a 'scroll' of its own after laying out), the reason is one of theirs, and the place
 * changed (a tap on a phone ends in a 'snap' to the same page).
 */
export function ownMoves(): OwnMoves {
  let touched = false;
  let place: string | undefined;
  return {
    touched() {
      touched = true;
    },
    relocated(reason, cfi) {
      const before = place;
      place = cfi;
      return touched && reason !== undefined && READER_REASONS.has(reason) && before !== undefined && cfi !== before;
    },
  };
}
