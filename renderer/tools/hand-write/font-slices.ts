/**
 * Which pieces of a split font a text needs. Fontsource cuts each CJK font into ~90 woff2 slices by
 * unicode-range (Google Fonts' slicing); a page of Chinese touches a handful, so the worker loads
 * those instead of the whole 2–5 MB font.
 */

export type CodeRange = readonly [start: number, end: number];

/** CSS unicode-range ("U+4E00-4E3F,U+0041,U+30??") → inclusive code point ranges. */
export function parseUnicodeRange(css: string): CodeRange[] {
  const ranges: CodeRange[] = [];
  for (const raw of css.split(',')) {
    const token = raw.trim().replace(/^U\+/i, '');
    if (token === '') continue;
    const [from, to] = token.split('-');
    if (from?.includes('?')) {
      ranges.push([parseInt(from.replace(/\?/g, '0'), 16), parseInt(from.replace(/\?/g, 'f'), 16)]);
      continue;
    }
    const start = parseInt(from ?? '', 16);
    const end = to === undefined ? start : parseInt(to, 16);
    if (Number.isFinite(start) && Number.isFinite(end)) ranges.push([start, end]);
  }
  return ranges;
}

export interface SliceIndex {
  /** Slice names in the order of their first needed character. */
  slicesFor(text: string): string[];
  /** The CSS unicode-range of one slice (for its FontFace). */
  unicodeRange(name: string): string;
}

/**
 * `slices`: slice name → unicode-range, as in a Fontsource package's unicode.json ("[12]": "U+…",
 * "latin": "U+…"). Slices overlap (ASCII is in both the latin slice and the slice of the most
 * frequent Chinese characters); a character goes to the slice with the fewest characters that has
 * it, so a text fetches the fewest bytes it can.
 */
export function indexSlices(slices: Record<string, string>): SliceIndex {
  const parsed = Object.entries(slices).map(([name, css]) => {
    const ranges = parseUnicodeRange(css);
    return { name, ranges, points: ranges.reduce((total, [start, end]) => total + end - start + 1, 0) };
  });
  const owner = new Map<number, string>();
  for (const { name, ranges } of parsed.sort((a, b) => b.points - a.points)) {
    for (const [start, end] of ranges) for (let code = start; code <= end; code++) owner.set(code, name);
  }

  return {
    slicesFor(text) {
      const names = new Set<string>();
      for (const ch of text) {
        const name = owner.get(ch.codePointAt(0)!);
        if (name !== undefined) names.add(name);
      }
      return [...names];
    },
    unicodeRange: (name) => slices[name] ?? '',
  };
}
