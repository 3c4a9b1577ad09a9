/**
 * Maps the fonts a deck names to fonts a reader has. Chinese decks name 宋体, 微软雅黑, 等线... which
 * Linux and many phones lack; the browser would then fall back per glyph to whatever it finds, often
 * a serif for a sans font. Each name keeps its own place first (it is used when installed) and is
 * followed by the Noto CJK / Source Han family of the same kind, then the generic family.
 */
const SERIF_CJK = '"Noto Serif CJK SC", "Source Han Serif SC", "Songti SC", serif';
const SANS_CJK = '"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", sans-serif';

const SERIF_NAMES = /宋|仿宋|楷|明朝|mincho|song|fangsong|kai|serif|times|georgia|cambria|garamond|roman|book antiqua|palatino/i;
const METRIC_TWINS: Record<string, string> = {
  calibri: 'Carlito',
  cambria: 'Caladea',
  arial: '"Liberation Sans"',
  'times new roman': '"Liberation Serif"',
  'courier new': '"Liberation Mono"',
};

function quote(name: string): string {
  return `"${name.replace(/["\\]/g, '')}"`;
}

/** A CSS font-family list for a run whose Latin and East Asian typefaces are `latin` and `eastAsian`. */
export function fontFamily(latin: string | undefined, eastAsian: string | undefined): string {
  const names = [latin, eastAsian].filter((name): name is string => Boolean(name));
  const parts: string[] = [];
  for (const name of names) {
    parts.push(quote(name));
    const twin = METRIC_TWINS[name.toLowerCase()];
    if (twin) parts.push(twin);
  }
  const serif = names.length > 0 && SERIF_NAMES.test(eastAsian ?? latin ?? '');
  parts.push(serif ? SERIF_CJK : SANS_CJK);
  return [...new Set(parts)].join(', ');
}
