/**
 * 汉字乱序: shuffles the characters inside words so people still read the text while exact-match
 * filters no longer see the original words. Pure: no DOM, no React, testable under Node.
 *
 * Which characters move, for a Chinese word of n characters (n counted in code points):
 * - The first character stays when `keepFirst` is on, the last when `keepLast` is on; the ones
 *   between ("movable") are shuffled. A word changes only when it has at least 2 movable
 *   characters that are not all the same.
 * - n = 1: never changes.
 * - n = 2: swaps only with both keepFirst and keepLast off (顺序 → 序顺).
 * - n = 3: keepFirst → the last two swap (一定能 → 一能定); keepFirst + keepLast → unchanged.
 * - n ≥ 4: everything between the kept ends is shuffled (研究表明 → 研表究明 with both kept).
 * Latin words (letters only, e.g. "reading"; not "don't" or "x2") follow the classic typoglycemia
 * rule when that option is on: first and last letters stay, so only words of 4+ letters change.
 * Punctuation, digits, URLs, emails and any other script are copied unchanged, so every character
 * outside a shuffled word keeps its exact position.
 */

export interface DisorderOptions {
  keepFirst: boolean;
  keepLast: boolean;
  /** Also scramble Latin words (first and last letters kept). */
  latin: boolean;
  /** Share of eligible words that get shuffled, 0–100. */
  intensity: number;
  /** Any text; the same input, seed and options always give the same output. */
  seed: string;
}

/**
 * keepFirst starts off: the segmenter cuts most Chinese into two-character words, which can only
 * change with both ends free, so with it on a typical sentence keeps ~9 words in 10 intact and the
 * filters this tool is for still match.
 */
export const DEFAULT_OPTIONS: DisorderOptions = { keepFirst: false, keepLast: false, latin: false, intensity: 100, seed: '' };

export interface DisorderResult {
  text: string;
  /** Words that could change under the options. */
  eligible: number;
  /** Words that did change. */
  shuffled: number;
}

export type TokenKind = 'han' | 'latin' | 'protected' | 'other';

export interface Token {
  kind: TokenKind;
  text: string;
}

const HAN_WORD = /^\p{Script=Han}+$/u;
const LATIN_WORD = /^\p{Script=Latin}+$/u;
/**
 * Spans never touched. The word segmenter splits "https://example.com/path" and "me@x.cn" into
 * word-like pieces ("https", "path", "me"), which would be scrambled with the Latin option on, so
 * they are cut out first. URL characters are the RFC 3986 set; Chinese punctuation ends a URL.
 *
 * Each alternative may only start where a run of its characters starts (the lookbehinds). Without
 * that, every position inside a long run without "@", "://" or a dot (a base64 blob, a hash, a
 * minified line) re-scanned the rest of the run: quadratic, so 20 KB of base64 froze the page
 * for seconds. A match that starts mid-run is also found from the run start, so nothing is lost.
 */
const PROTECTED = new RegExp(
  [
    // Emails first, so the address is not mistaken for a bare domain after its "@".
    String.raw`(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+`,
    // Scheme URLs (https://, ftp://, …) and www. addresses.
    String.raw`(?<![a-z0-9+.-])(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[\w\-.~:/?#[\]@!$&'()*+,;=%]+`,
    // Bare domains such as baidu.com/s?wd=x (a dot between letters/digits, 2+ letter ending). Not
    // after "label." either, or "a.b.c.….z1" would be retried from every label.
    String.raw`(?<![a-z0-9-]|[a-z0-9-]\.)(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#][\w\-.~:/?#[\]@!$&'()*+,;=%]*)?`,
  ].join('|'),
  'giu',
);

let segmenter: Intl.Segmenter | undefined;

/** Splits text into tokens whose concatenation is the input. */
export function tokenize(input: string): Token[] {
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  const tokens: Token[] = [];
  const segmentGap = (gap: string) => {
    for (const { segment, isWordLike } of segmenter!.segment(gap)) {
      const kind: TokenKind = !isWordLike ? 'other' : HAN_WORD.test(segment) ? 'han' : LATIN_WORD.test(segment) ? 'latin' : 'other';
      tokens.push({ kind, text: segment });
    }
  };
  let last = 0;
  for (const match of input.matchAll(PROTECTED)) {
    if (match.index > last) segmentGap(input.slice(last, match.index));
    tokens.push({ kind: 'protected', text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < input.length) segmentGap(input.slice(last));
  return tokens;
}

/** The [start, end) code-point range of a word that may move, or undefined when it cannot change. */
export function movableRange(
  chars: readonly string[],
  kind: 'han' | 'latin',
  options: Pick<DisorderOptions, 'keepFirst' | 'keepLast'>,
): [number, number] | undefined {
  const keepFirst = kind === 'latin' || options.keepFirst;
  const keepLast = kind === 'latin' || options.keepLast;
  const start = keepFirst ? 1 : 0;
  const end = keepLast ? chars.length - 1 : chars.length;
  if (end - start < 2) return undefined;
  // All movable characters alike (哈哈哈, "eee"): no order differs from the original.
  const first = chars[start];
  for (let index = start + 1; index < end; index++) if (chars[index] !== first) return [start, end];
  return undefined;
}

/** A 32-bit hash of the seed text (FNV-1a over UTF-16 units) to start the generator. */
function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < seed.length; index++) {
    hash ^= seed.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * mulberry32: tiny, fast, and good enough for shuffling; Math.random cannot be seeded, and the
 * point of the seed is that a result can be reproduced anywhere.
 */
export function createRng(seed: string): () => number {
  return mulberry32(hashSeed(seed));
}

function mulberry32(start: number): () => number {
  let state = start;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Shuffles chars[start, end) in place so the word always differs (the range must be movable). */
function shuffleRange(chars: string[], start: number, end: number, rng: () => number): void {
  const before = chars.slice(start, end);
  for (let index = end - 1; index > start; index--) {
    const other = start + Math.floor(rng() * (index - start + 1));
    [chars[index], chars[other]] = [chars[other]!, chars[index]!];
  }
  if (before.some((char, offset) => chars[start + offset] !== char)) return;
  // Fisher–Yates can return the original order (1 in 2 for two characters); swapping the first
  // movable character with the next different one guarantees a change without a retry loop.
  for (let index = start + 1; index < end; index++) {
    if (chars[index] !== chars[start]) {
      [chars[start], chars[index]] = [chars[index]!, chars[start]!];
      return;
    }
  }
}

export function disorderText(input: string, options: DisorderOptions): DisorderResult {
  // Picking and shuffling draw from separate streams, and each word's shuffle from its own, so
  // raising the intensity only adds shuffled words: the ones already shuffled at a lower setting
  // stay exactly as they were.
  const base = hashSeed(options.seed);
  const pick = mulberry32(base);
  const intensity = Math.min(100, Math.max(0, options.intensity));
  let eligible = 0;
  let shuffled = 0;
  const parts: string[] = [];
  for (const token of tokenize(input)) {
    if (token.kind === 'other' || token.kind === 'protected' || (token.kind === 'latin' && !options.latin)) {
      parts.push(token.text);
      continue;
    }
    const chars = Array.from(token.text);
    const range = movableRange(chars, token.kind, options);
    if (!range) {
      parts.push(token.text);
      continue;
    }
    const index = eligible++;
    if (!(pick() * 100 < intensity)) {
      parts.push(token.text);
      continue;
    }
    // The word's own stream: the seed's hash mixed with the word's number (golden-ratio step).
    shuffleRange(chars, range[0], range[1], mulberry32(base ^ Math.imul(index + 1, 0x9e3779b9)));
    shuffled++;
    parts.push(chars.join(''));
  }
  return { text: parts.join(''), eligible, shuffled };
}

/** Characters as people count them (code points, so 𠮷 is one). */
export function countCharacters(text: string): number {
  return text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);
}

/** A fresh 6-character seed that is easy to read out and type back. */
export function newSeed(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}
