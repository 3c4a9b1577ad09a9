import { gbkByteLength } from './gbk';

/**
 * Text statistics, with these definitions (docs/text-assistant.md has the reasoning):
 * - characters: user-perceived characters (grapheme clusters), so 👨‍👩‍👧 or é written as e + accent
 *   count once; line breaks are not characters (as in Word), CRLF is one line break.
 * - charactersNoSpaces: the same without any whitespace (including the ideographic space U+3000).
 * - han: Chinese characters (Unicode script Han, all extension blocks).
 * - words: counted as Word and WPS do for mixed text — every CJK character (Han, kana) is one
 *   word, every run of other letters or digits (an English word, a number, a Korean word) is one.
 * - segments: words as the browser's Chinese word segmenter (Intl.Segmenter) cuts them: 中华人民共和国
 *   may be one. Varies a little between browsers.
 * - lines: line breaks + 1 for non-empty text ("a\n" is two lines, the second empty, as editors show).
 */
export interface TextStats {
  characters: number;
  charactersNoSpaces: number;
  han: number;
  words: number;
  segments: number;
  lines: number;
  nonBlankLines: number;
  utf8Bytes: number;
  gbkBytes: number;
  gbkUnencodable: number;
}

const graphemes = new Intl.Segmenter('zh', { granularity: 'grapheme' });
const words = new Intl.Segmenter('zh', { granularity: 'word' });
const LINE_BREAK = /^(?:\r\n|\r|\n|\u2028|\u2029)$/;
// Per UTF-16 unit: CRLF is one line break but two units, neither of them a character.
const LINE_BREAK_UNITS = /[\r\n\u2028\u2029]/g;
const SPACES = /[^\S\r\n\u2028\u2029]/gu;
const SURROGATE_PAIRS = /[\ud800-\udbff][\udc00-\udfff]/g;
const HAN = /\p{Script=Han}/gu;
const WHITESPACE = /^\s+$/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** Anything a grapheme cluster may join; text without it has one character per code point. */
const CLUSTERING = /\p{M}|\u200c|\u200d|[\ufe00-\ufe0f]|[\u{1f1e6}-\u{1f1ff}]|[\u{1f3fb}-\u{1f3ff}]|[\u{e0020}-\u{e007f}]|[\u1100-\u11ff]/u;

export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      index += 1;
    } else bytes += 3; // BMP, or a lone surrogate written as U+FFFD
  }
  return bytes;
}

/** Counts matches without building an array of them (a 20 MB text has millions). */
function countMatches(text: string, pattern: RegExp): number {
  let count = 0;
  pattern.lastIndex = 0;
  while (pattern.exec(text)) count += 1;
  return count;
}

function countCharacters(text: string): { characters: number; charactersNoSpaces: number } {
  // Grapheme segmentation is the slow part of a multi-MB text, and most text needs none: there
  // every code point is a character.
  if (CLUSTERING.test(text)) {
    let characters = 0;
    let charactersNoSpaces = 0;
    for (const { segment } of graphemes.segment(text)) {
      if (LINE_BREAK.test(segment)) continue;
      characters += 1;
      if (!WHITESPACE.test(segment)) charactersNoSpaces += 1;
    }
    return { characters, charactersNoSpaces };
  }
  const characters = text.length - countMatches(text, SURROGATE_PAIRS) - countMatches(text, LINE_BREAK_UNITS);
  return { characters, charactersNoSpaces: characters - countMatches(text, SPACES) };
}

function countWords(text: string): { words: number; segments: number } {
  let total = 0;
  let segments = 0;
  for (const part of words.segment(text)) {
    if (!part.isWordLike) continue;
    segments += 1;
    const cjk = countMatches(part.segment, CJK);
    // A segment mixing CJK and Latin ("A股") counts its CJK characters plus one for the rest.
    total += cjk + (part.segment.replace(CJK, '') === '' ? 0 : 1);
  }
  return { words: total, segments };
}

function countLines(text: string): { lines: number; nonBlankLines: number } {
  if (text === '') return { lines: 0, nonBlankLines: 0 };
  const lines = text.split(/\r\n|\r|\n/);
  return { lines: lines.length, nonBlankLines: lines.filter((line) => line.trim() !== '').length };
}

export function computeStats(text: string): TextStats {
  const gbk = gbkByteLength(text);
  return {
    ...countCharacters(text),
    han: countMatches(text, HAN),
    ...countWords(text),
    ...countLines(text),
    utf8Bytes: utf8ByteLength(text),
    gbkBytes: gbk.bytes,
    gbkUnencodable: gbk.unencodable,
  };
}
