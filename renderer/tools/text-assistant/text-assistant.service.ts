import { MAX_RESULT_LENGTH } from './chain-schema';
import type { ChineseMode, Step, StepOf } from './chain-schema';
import { convertCase, convertWidth, splitGraphemes } from './convert';
import { detectEol, isBlank, mapLines, splitLines } from './lines';
import type { TextStats } from './stats';

/**
 * The text assistant's operations, pure: `applyChain(text, steps, context)` runs the enabled
 * steps in order. Simplified ↔ traditional conversion needs OpenCC's dictionaries, which are
 * loaded lazily elsewhere and passed in through `context`, so this module stays synchronous,
 * DOM-free and testable under Node.
 */

export type ChainErrorCode = 'invalidRegex' | 'resultTooLarge' | 'converterMissing';

/** A step that cannot run; `stepIndex` is its place in the chain (0-based). */
export class ChainError extends Error {
  constructor(
    readonly code: ChainErrorCode,
    readonly stepIndex: number,
    readonly detail = '',
  ) {
    super(`${code} at step ${stepIndex + 1}${detail ? `: ${detail}` : ''}`);
    this.name = 'ChainError';
  }
}

export interface ChainContext {
  /** Converts with an OpenCC configuration; required only when the chain has an enabled chinese step. */
  convertChinese?: (mode: ChineseMode, text: string) => string;
}

export interface StepReport {
  id: string;
  /** What the step counted: matches replaced, lines removed or kept, items extracted. Absent when it counts nothing. */
  count?: number;
}

export interface ChainResult {
  text: string;
  reports: StepReport[];
}

/** Regex flags used everywhere: `u` so emoji and \p{Han} work, `m` so ^ and $ mean a line's start and end. */
export function buildRegex(
  pattern: string,
  { regex, caseSensitive, global }: { regex: boolean; caseSensitive: boolean; global: boolean },
): RegExp {
  const source = regex ? pattern : pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(source, `${global ? 'g' : ''}${caseSensitive ? '' : 'i'}mu`);
}

/** The engine's message for an invalid pattern, or null when it compiles. Compiling never backtracks, so this is safe on the UI thread. */
export function regexError(pattern: string): string | null {
  try {
    buildRegex(pattern, { regex: true, caseSensitive: true, global: true });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Replacement escapes in regex mode: \n, \r, \t and \\ (so a match can become a line break). `$1`, `$<name>`, `$&` are JavaScript's own. */
const unescapeReplacement = (replacement: string) =>
  replacement.replace(/\\([nrt\\])/g, (_, code: string) => ({ n: '\n', r: '\r', t: '\t', '\\': '\\' })[code]!);

function replaceStep(text: string, step: StepOf<'replace'>, index: number): { text: string; count: number } {
  if (step.find === '') return { text, count: 0 };
  const pattern = compile(step.find, step, index, true);
  // JavaScript's multiline ^ also matches between \r and \n, so a regex sees a CRLF text with LF
  // line breaks (\n in a pattern matches a line break either way) and the result gets CRLF back.
  const crlf = step.regex && text.includes('\r\n');
  const source = crlf ? text.replace(/\r\n/g, '\n') : text;
  const count = source.match(pattern)?.length ?? 0;
  if (count === 0) return { text, count };
  // A plain replacement is literal: "$1" typed there means the characters $ and 1.
  const result = step.regex ? source.replace(pattern, unescapeReplacement(step.replace)) : source.replace(pattern, () => step.replace);
  return { text: crlf ? result.replace(/\r?\n/g, '\r\n') : result, count };
}

function compile(pattern: string, options: { regex: boolean; caseSensitive: boolean }, index: number, global: boolean): RegExp {
  try {
    return buildRegex(pattern, { ...options, global });
  } catch (error) {
    throw new ChainError('invalidRegex', index, error instanceof Error ? error.message : String(error));
  }
}

function filterStep(text: string, step: StepOf<'filter'>, index: number): { text: string; count: number } {
  if (step.pattern === '') return { text, count: 0 };
  const pattern = compile(step.pattern, step, index, false);
  let count = 0;
  const result = mapLines(text, (lines) =>
    lines.filter((line) => {
      const keep = pattern.test(line) === step.keep;
      if (keep) count += 1;
      return keep;
    }),
  );
  return { text: result, count };
}

function dedupe(text: string, step: StepOf<'dedupe'>): { text: string; count: number } {
  const seen = new Set<string>();
  let removed = 0;
  const result = mapLines(text, (lines) =>
    lines.filter((line) => {
      let key = step.ignoreSpaces ? line.trim().replace(/\s+/g, ' ') : line;
      if (step.ignoreCase) key = key.toLowerCase();
      if (seen.has(key)) {
        removed += 1;
        return false;
      }
      seen.add(key);
      return true;
    }),
  );
  return { text: result, count: removed };
}

function compareCodePoints(a: string, b: string): number {
  const left = a[Symbol.iterator]();
  const right = b[Symbol.iterator]();
  for (;;) {
    const x = left.next();
    const y = right.next();
    if (x.done || y.done) return (x.done ? 0 : 1) - (y.done ? 0 : 1);
    const difference = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (difference !== 0) return difference;
  }
}

function sortLines(text: string, step: StepOf<'sort'>): string {
  // zh collation orders Han by pinyin (ICU's default for Chinese); numeric: "2" before "10".
  const collator = new Intl.Collator('zh-CN', { numeric: step.method === 'natural', sensitivity: step.ignoreCase ? 'accent' : 'variant' });
  const compare = (a: string, b: string): number => {
    switch (step.method) {
      case 'codepoint':
        return step.ignoreCase ? compareCodePoints(a.toLowerCase(), b.toLowerCase()) : compareCodePoints(a, b);
      case 'length':
        return splitGraphemes(a).length - splitGraphemes(b).length || collator.compare(a, b);
      default:
        return collator.compare(a, b);
    }
  };
  const direction = step.descending ? -1 : 1;
  return mapLines(text, (lines) => [...lines].sort((a, b) => direction * compare(a, b)));
}

/** A 32-bit hash of the seed text (cyrb53's mixing, truncated): seeds are words people type. */
function hashSeed(seed: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < seed.length; index += 1) {
    const code = seed.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  return h1 >>> 0;
}

/** mulberry32: small, fast and good enough for shuffling; the same seed always gives the same order. */
export function seededRandom(seed: string): () => number {
  let state = hashSeed(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(text: string, seed: string): string {
  const random = seededRandom(seed);
  return mapLines(text, (lines) => {
    const result = [...lines];
    for (let index = result.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [result[index], result[other]] = [result[other]!, result[index]!];
    }
    return result;
  });
}

function trimLines(text: string, step: StepOf<'trim'>): string {
  return mapLines(text, (lines) =>
    lines.map((line) => {
      const trimmed = step.where === 'both' ? line.trim() : step.where === 'start' ? line.trimStart() : line.trimEnd();
      // Runs of spaces and tabs (and ideographic spaces) inside the line become one space.
      return step.collapseSpaces ? trimmed.replace(/[^\S\r\n]{2,}/g, ' ') : trimmed;
    }),
  );
}

function removeBlank(text: string, keepSingle: boolean): { text: string; count: number } {
  let removed = 0;
  const result = mapLines(text, (lines) => {
    const kept: string[] = [];
    for (const line of lines) {
      const blank = isBlank(line);
      if (blank && (!keepSingle || kept.length === 0 || kept.at(-1) === '')) {
        removed += 1;
        continue;
      }
      kept.push(blank ? '' : line);
    }
    if (keepSingle && kept.at(-1) === '') {
      kept.pop();
      removed += 1;
    }
    return kept;
  });
  return { text: result, count: removed };
}

function affix(text: string, step: StepOf<'affix'>, index: number): string {
  const { lines } = splitLines(text);
  // Checked before building: 1 M lines × a 2000-character prefix would exhaust memory first.
  if (text.length + lines.length * (step.prefix.length + step.suffix.length) > MAX_RESULT_LENGTH) {
    throw new ChainError('resultTooLarge', index);
  }
  return mapLines(text, (all) => all.map((line) => (step.skipBlank && isBlank(line) ? line : `${step.prefix}${line}${step.suffix}`)));
}

/**
 * Extraction patterns. Numbers take a sign only at a word start ("2024-01-02" gives 2024, 01, 02;
 * "气温-5度" gives -5) and accept 1,234.5 and 1e-3. URLs stop at whitespace, Chinese text and
 * Chinese punctuation, and shed trailing ASCII punctuation. Emails are ASCII (what mail systems
 * really accept from the people who type them). Mobiles are mainland China numbers, +86 optional.
 */
const EXTRACTORS = {
  numbers: /(?:(?<![\w.])[-+])?(?<![\d.])(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?/gu,
  emails: /(?<![\w.%+-])[\w.%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}/gu,
  urls: /(?:https?:\/\/|ftp:\/\/|www\.)[^\s\p{Script=Han}<>"'`，。、；：！？“”‘’（）【】《》「」]+/giu,
  mobiles: /(?<!\d)(?:\+?86[- ]?)?1[3-9]\d{9}(?!\d)/gu,
} as const;

function extract(text: string, step: StepOf<'extract'>): { text: string; count: number } {
  let found = Array.from(text.matchAll(EXTRACTORS[step.kind]), (match) => match[0]);
  if (step.kind === 'urls') found = found.map((url) => url.replace(/[.,;:!?)\]}]+$/, ''));
  if (step.unique) found = [...new Set(found)];
  return { text: found.join(detectEol(text)), count: found.length };
}

function reverse(text: string, what: StepOf<'reverse'>['what']): string {
  // Graphemes, so 👨‍👩‍👧 and é (e + combining accent) stay whole and CRLF stays CRLF.
  return what === 'lines' ? mapLines(text, (lines) => [...lines].reverse()) : splitGraphemes(text).reverse().join('');
}

function runStep(text: string, step: Step, index: number, context: ChainContext): { text: string; count?: number } {
  switch (step.type) {
    case 'case':
      return { text: convertCase(text, step.mode) };
    case 'width':
      return { text: convertWidth(text, step) };
    case 'chinese':
      if (!context.convertChinese) throw new ChainError('converterMissing', index);
      return { text: context.convertChinese(step.mode, text) };
    case 'trim':
      return { text: trimLines(text, step) };
    case 'removeBlank':
      return removeBlank(text, step.keepSingle);
    case 'dedupe':
      return dedupe(text, step);
    case 'sort':
      return { text: sortLines(text, step) };
    case 'reverse':
      return { text: reverse(text, step.what) };
    case 'shuffle':
      return { text: shuffle(text, step.seed) };
    case 'replace':
      return replaceStep(text, step, index);
    case 'filter':
      return filterStep(text, step, index);
    case 'affix':
      return { text: affix(text, step, index) };
    case 'extract':
      return extract(text, step);
    case 'join':
      return { text: splitLines(text).lines.join(step.separator) };
  }
}

/**
 * Runs the enabled steps of `steps` over `text`, in order. Throws ChainError for a step that
 * cannot run (invalid regex, a result over MAX_RESULT_LENGTH, no converter for a chinese step).
 */
export function applyChain(text: string, steps: readonly Step[], context: ChainContext = {}): ChainResult {
  let current = text;
  const reports: StepReport[] = [];
  steps.forEach((step, index) => {
    if (!step.enabled) return;
    const result = runStep(current, step, index, context);
    if (result.text.length > MAX_RESULT_LENGTH) throw new ChainError('resultTooLarge', index);
    current = result.text;
    reports.push(result.count === undefined ? { id: step.id } : { id: step.id, count: result.count });
  });
  return { text: current, reports };
}

/**
 * Whether the chain runs a user-written regular expression: the only operation that can run for
 * ever (catastrophic backtracking). Every other step is linear in the text, so only chains with
 * one get a time limit — a slow phone converting 20 MB must not be mistaken for a runaway regex.
 */
export function hasUserRegex(steps: readonly Step[]): boolean {
  return steps.some(
    (step) =>
      step.enabled &&
      ((step.type === 'replace' && step.regex && step.find !== '') || (step.type === 'filter' && step.regex && step.pattern !== '')),
  );
}

/** The Chinese conversion modes a chain needs, so their dictionaries can be loaded before it runs. */
export function chineseModesOf(steps: readonly Step[]): ChineseMode[] {
  return [...new Set(steps.flatMap((step) => (step.enabled && step.type === 'chinese' ? [step.mode] : [])))];
}

/** How a text's lines end: the one thing a browser text box cannot keep. */
export type LineEnding = 'lf' | 'crlf';

/**
 * The line ending to give a text back with: CRLF when every line break in it is CRLF (a Windows
 * file), LF otherwise — for LF text, for mixed or old-Mac (CR) endings, and for a single line.
 */
export function lineEndingOf(text: string): LineEnding {
  if (!text.includes('\r\n')) return 'lf';
  return /\r(?!\n)|(?<!\r)\n/.test(text) ? 'lf' : 'crlf';
}

/**
 * A CRLF text as a text box holds it. Browsers give a box's value with LF only (the HTML
 * standard's "API value"), so the page keeps every text in that one form, opened or typed, and
 * remembers the ending apart.
 */
export const toLf = (text: string): string => text.replace(/\r\n/g, '\n');

/** `text` with its line breaks written as `ending`, for copies and downloads; LF leaves it as it is. */
export function withLineEnding(text: string, ending: LineEnding): string {
  return ending === 'crlf' ? text.replace(/\r?\n/g, '\r\n') : text;
}

/** Statistics of a text kept with LF, as the file will be saved: with CRLF each line break is one byte more. */
export function statsWithLineEnding(stats: TextStats | undefined, ending: LineEnding): TextStats | undefined {
  if (!stats || ending === 'lf' || stats.lines < 2) return stats;
  const breaks = stats.lines - 1;
  return { ...stats, utf8Bytes: stats.utf8Bytes + breaks, gbkBytes: stats.gbkBytes + breaks };
}

/**
 * The line ending to remember after a paste of `pasted` into a box holding `current` (as the box
 * shows it). A paste that replaces everything, or brings the first line breaks, sets it; pasted
 * lines inside a text take that text's ending, which stays `remembered`.
 */
export function lineEndingAfterPaste(remembered: LineEnding, current: string, pasted: string, replacesAll: boolean): LineEnding {
  if (!/[\r\n]/.test(pasted)) return replacesAll ? 'lf' : remembered;
  return replacesAll || !/[\r\n]/.test(current) ? lineEndingOf(pasted) : remembered;
}

/**
 * Longest result the output box shows. Filling a text box with megabytes freezes the page for
 * seconds (about 3 s per million characters on a modest machine), on top of the input box's own
 * cost; copy and download always take the whole result.
 */
export const OUTPUT_PREVIEW_CHARS = 200_000;

/** The start of `text` the output box shows; never ends inside a surrogate pair. */
export function outputPreview(text: string): string {
  if (text.length <= OUTPUT_PREVIEW_CHARS) return text;
  const last = text.charCodeAt(OUTPUT_PREVIEW_CHARS - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? OUTPUT_PREVIEW_CHARS - 1 : OUTPUT_PREVIEW_CHARS);
}
