/**
 * Finding text across the pieces a rendered document is made of: Word splits a word into runs
 * (one span per formatting change), so a match often starts in one text node and ends in another.
 * Pure: positions are (piece index, offset) pairs the page turns into DOM Ranges.
 */

export interface TextPoint {
  readonly piece: number;
  readonly offset: number;
}

export interface TextMatch {
  readonly start: TextPoint;
  readonly end: TextPoint;
}

/** Most matches one search marks: beyond it the count says "1000+" rather than building endless ranges. */
export const MAX_MATCHES = 1000;

/** Case-insensitive matches of `query` in the pieces read as one text, in order. */
export function findMatches(pieces: readonly string[], query: string, limit = MAX_MATCHES): TextMatch[] {
  const needle = query.toLocaleLowerCase();
  if (!needle) return [];
  const starts: number[] = [];
  let text = '';
  for (const piece of pieces) {
    starts.push(text.length);
    text += piece;
  }
  const haystack = text.toLocaleLowerCase();
  // Lower-casing can change a string's length (İ → i̇); then offsets would drift, so search the original.
  const sameLength = haystack.length === text.length;
  const source = sameLength ? haystack : text;
  const target = sameLength ? needle : query;

  const pointAt = (position: number, preferEnd: boolean): TextPoint => {
    // Binary search for the piece holding `position`; an end point prefers the piece it ends in.
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      const start = starts[middle]!;
      if (start < position || (!preferEnd && start === position)) low = middle;
      else high = middle - 1;
    }
    return { piece: low, offset: position - starts[low]! };
  };

  const matches: TextMatch[] = [];
  for (let at = source.indexOf(target); at >= 0 && matches.length < limit; at = source.indexOf(target, at + target.length)) {
    matches.push({ start: pointAt(at, false), end: pointAt(at + target.length, true) });
  }
  return matches;
}
