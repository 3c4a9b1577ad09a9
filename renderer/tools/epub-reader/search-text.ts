/**
 * The reader's full-text matching: case- and accent-blind like foliate's default search (an
 * `Intl.Collator` with sensitivity 'base'), but one `indexOf` over a folded copy of a chapter's text
 * instead of a segmenter and a collator comparison per grapheme, which took 1.4–1.7 s for a
 * 1 MB-of-text book. Pure string work: no DOM, tested under Node against the collator.
 */

/** Characters of context on each side of a hit in the result list, as foliate's search. */
export const EXCERPT_CONTEXT = 50;

/**
 * Combining marks dropped when folding: the Latin, Greek and Cyrillic diacritics, Hebrew points,
 * Arabic vowel signs (not hamza and madda: أ is not ا) and variation selectors, which the collator's
 * 'base' strength ignores. Marks that are letters of their script (Indic vowel signs) stay: a search
 * for क must not find कु. Inclusive code point ranges.
 */
const DROPPED_MARKS: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x0483, 0x0489],
  [0x0591, 0x05bd],
  [0x05bf, 0x05bf],
  [0x05c1, 0x05c2],
  [0x05c4, 0x05c5],
  [0x05c7, 0x05c7],
  [0x0610, 0x061a],
  [0x064b, 0x0652],
  [0x0656, 0x065f],
  [0x0670, 0x0670],
  [0x06d6, 0x06dc],
  [0x06df, 0x06e4],
  [0x06e7, 0x06e8],
  [0x06ea, 0x06ed],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20f0],
  [0xfe00, 0xfe0f],
  [0xfe20, 0xfe2f],
];

const dropped = (code: number) => DROPPED_MARKS.some(([first, last]) => code >= first && code <= last);

/** Letters the collator counts as another letter or pair that Unicode decomposition leaves alone. */
const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  ς: 'σ',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ħ: 'h',
  ð: 'd',
  // Typographic quotes and apostrophes match the typed ones: "don't" finds "don’t".
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
};

/**
 * Letters folded whole, before decomposition: й is not и in Russian (the breve is not dropped), and
 * ŀ and ͺ decompose to a letter plus a dot or a space the collator does not see.
 */
const WHOLE_FOLDS: Record<string, string> = { й: 'й', Й: 'й', ŀ: 'l', Ŀ: 'l', ͺ: 'ι' };

const FORMAT = /^\p{Cf}$/u;
const SPACE = /^\s$/u;

/**
 * Scripts passed through unchanged: kana (が is not か), Hangul syllables (한 is not 하 + ㄴ) and CJK
 * ideographs. Most of a Chinese or Japanese book takes this path, which costs no lookup.
 */
const unchanged = (code: number) =>
  (code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x9fff) || (code >= 0xac00 && code <= 0xd7a3);

const cache = new Map<number, string>();

/** One code point folded: lower case, compatibility forms (ﬁ, full-width Ａ, ①) spelt out, diacritics dropped. */
function foldCodePoint(char: string, code: number): string {
  let folded = cache.get(code);
  if (folded !== undefined) return folded;
  if (FORMAT.test(char)) folded = '';
  else if (SPACE.test(char)) folded = ' ';
  else if (WHOLE_FOLDS[char] !== undefined) folded = WHOLE_FOLDS[char];
  else {
    const bare = Array.from(char.normalize('NFKD'))
      .filter((part) => !dropped(part.codePointAt(0)!))
      .join('');
    const lower = bare.toLowerCase().normalize('NFC');
    folded = Array.from(lower, (part) => LETTER_FOLDS[part] ?? part).join('');
  }
  cache.set(code, folded);
  return folded;
}

/**
 * A folded text and, for each of its UTF-16 units, where the character it came from starts and ends
 * in the original, so a match in the folded text is an exact range of the original.
 */
export interface FoldedText {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
}

/**
 * Folds a text for matching: case, diacritics and compatibility forms as above, every run of white
 * space one space, format characters (soft hyphens, joiners, direction marks) gone, as foliate's
 * search ignores them. A dropped mark stays inside the range of the letter before it.
 */
export function foldText(original: string): FoldedText {
  let capacity = original.length + 16;
  let starts = new Int32Array(capacity);
  let ends = new Int32Array(capacity);
  const parts: string[] = [];
  let length = 0;
  let lastSpace = false;
  const reserve = (units: number) => {
    if (length + units <= capacity) return;
    capacity = Math.max(capacity * 2, length + units);
    const grownStarts = new Int32Array(capacity);
    const grownEnds = new Int32Array(capacity);
    grownStarts.set(starts);
    grownEnds.set(ends);
    starts = grownStarts;
    ends = grownEnds;
  };
  const push = (folded: string, start: number, end: number) => {
    reserve(folded.length);
    for (let unit = 0; unit < folded.length; unit += 1) {
      starts[length] = start;
      ends[length] = end;
      length += 1;
    }
    parts.push(folded);
  };
  // ASCII runs are copied in one piece, lower-cased once: most of most books.
  let run = -1;
  const flushRun = (end: number) => {
    if (run < 0) return;
    reserve(end - run);
    for (let at = run; at < end; at += 1) {
      starts[length] = at;
      ends[length] = at + 1;
      length += 1;
    }
    parts.push(original.slice(run, end).toLowerCase());
    run = -1;
  };
  for (let at = 0; at < original.length;) {
    const code = original.codePointAt(at)!;
    const size = code > 0xffff ? 2 : 1;
    if (code >= 0x20 && code < 0x7f) {
      if (code === 0x20 && lastSpace) flushRun(at);
      else if (run < 0) run = at;
      lastSpace = code === 0x20;
      at += 1;
      continue;
    }
    flushRun(at);
    if (unchanged(code)) {
      push(original[at]!, at, at + 1);
      lastSpace = false;
    } else {
      const char = size === 2 ? original.slice(at, at + 2) : original[at]!;
      const folded = code <= 0x20 ? (SPACE.test(char) ? ' ' : '') : foldCodePoint(char, code);
      if (folded === ' ') {
        if (!lastSpace) push(' ', at, at + size);
        lastSpace = true;
      } else if (folded === '') {
        // A dropped mark belongs to the letter before it: a hit on "cafe" covers the whole "café".
        if (length > 0 && ends[length - 1] === at && !FORMAT.test(char)) ends[length - 1] = at + size;
      } else {
        push(folded, at, at + size);
        lastSpace = false;
      }
    }
    at += size;
  }
  flushRun(original.length);
  return { text: parts.join(''), starts: starts.subarray(0, length), ends: ends.subarray(0, length) };
}

/** The query as it is looked for: folded like the text, outer spaces trimmed ('' finds nothing). */
export const foldQuery = (query: string): string => foldText(query).text.trim();

/** Where a hit starts and ends: the index of a string in the list and the offset within it. */
export interface TextRange {
  startIndex: number;
  startOffset: number;
  endIndex: number;
  endOffset: number;
}

export interface TextMatch {
  range: TextRange;
  excerpt: { pre: string; match: string; post: string };
}

const normalizeSpace = (text: string) => text.replace(/\s+/g, ' ');

/** Raw characters read on each side for the excerpt: enough for its 50 once white space is folded. */
const EXCERPT_WINDOW = EXCERPT_CONTEXT * 4;

/**
 * The folded text before `offset`, trimmed: the whole of it when it is short, else only its end, so
 * a node with thousands of hits (a TXT chapter is one) is not folded once per hit.
 */
function textBefore(text: string, offset: number): string {
  const from = Math.max(0, offset - EXCERPT_WINDOW);
  const near = normalizeSpace(text.slice(from, offset)).trimStart();
  return from === 0 || near.length > EXCERPT_CONTEXT ? near : normalizeSpace(text.slice(0, offset)).trimStart();
}

function textAfter(text: string, offset: number): string {
  const to = Math.min(text.length, offset + EXCERPT_WINDOW);
  const near = normalizeSpace(text.slice(offset, to)).trimEnd();
  return to === text.length || near.length > EXCERPT_CONTEXT ? near : normalizeSpace(text.slice(offset)).trimEnd();
}

/**
 * foliate's excerpt, which the search drawer shows: up to 50 characters of the hit's own text node on
 * each side, white space folded, an ellipsis where more was cut.
 */
function excerptOf(strs: readonly string[], { startIndex, startOffset, endIndex, endOffset }: TextRange): TextMatch['excerpt'] {
  const start = strs[startIndex]!;
  const end = strs[endIndex]!;
  const match =
    startIndex === endIndex
      ? start.slice(startOffset, endOffset)
      : start.slice(startOffset) + strs.slice(startIndex + 1, endIndex).join('') + end.slice(0, endOffset);
  const before = textBefore(start, startOffset);
  const after = textAfter(end, endOffset);
  return {
    pre: `${before.length < EXCERPT_CONTEXT ? '' : '…'}${before.slice(-EXCERPT_CONTEXT)}`,
    match,
    post: `${after.slice(0, EXCERPT_CONTEXT)}${after.length < EXCERPT_CONTEXT ? '' : '…'}`,
  };
}

/**
 * The first `limit` hits of a folded query (`foldQuery`) in a chapter's text nodes, in order, hits
 * not overlapping. Text nodes are matched as one text, so a hit may span nodes (a word half in <em>).
 */
export function findMatches(strs: readonly string[], needle: string, limit = Infinity): TextMatch[] {
  if (!needle) return [];
  const folded = foldText(strs.join(''));
  const matches: TextMatch[] = [];
  // Node boundaries in the joined text, walked forward as the hits come in order.
  let node = 0;
  let nodeStart = 0;
  const locate = (offset: number, isEnd: boolean): [number, number] => {
    // An end exactly at a node's end stays in that node, as a DOM range would put it.
    while (node < strs.length - 1 && (isEnd ? offset > nodeStart + strs[node]!.length : offset >= nodeStart + strs[node]!.length)) {
      nodeStart += strs[node]!.length;
      node += 1;
    }
    return [node, offset - nodeStart];
  };
  for (let at = folded.text.indexOf(needle); at >= 0 && matches.length < limit; at = folded.text.indexOf(needle, at + needle.length)) {
    const [startIndex, startOffset] = locate(folded.starts[at]!, false);
    const [endIndex, endOffset] = locate(folded.ends[at + needle.length - 1]!, true);
    const range = { startIndex, startOffset, endIndex, endOffset };
    matches.push({ range, excerpt: excerptOf(strs, range) });
  }
  return matches;
}
