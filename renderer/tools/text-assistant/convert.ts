import type { CaseMode, StepOf } from './chain-schema';
import { mapLines } from './lines';

/** Character-level conversions: letter case and full-width ↔ half-width. */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
export const splitGraphemes = (text: string) => Array.from(graphemes.segment(text), (part) => part.segment);

const LATIN_WORD = /\p{L}[\p{L}\p{M}\p{N}'’]*/gu;
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/**
 * Identifier words: "XMLHttpRequest v2" → XML, Http, Request, v, 2. Han and other caseless
 * letters form words of their own, so "用户name" still converts sensibly.
 */
const IDENTIFIER_WORD = /\p{Lu}+(?![\p{Ll}\p{M}])|\p{Lu}?[\p{Ll}\p{M}]+|\p{Lo}+|\p{N}+/gu;

function identifier(line: string, mode: 'camel' | 'pascal' | 'snake' | 'kebab' | 'constant'): string {
  const words = line.match(IDENTIFIER_WORD) ?? [];
  switch (mode) {
    case 'camel':
      return words.map((word, index) => (index === 0 ? word.toLowerCase() : capitalize(word))).join('');
    case 'pascal':
      return words.map(capitalize).join('');
    case 'snake':
      return words.map((word) => word.toLowerCase()).join('_');
    case 'kebab':
      return words.map((word) => word.toLowerCase()).join('-');
    case 'constant':
      return words.map((word) => word.toUpperCase()).join('_');
  }
}

function swapCase(text: string): string {
  let result = '';
  for (const char of text) {
    const upper = char.toUpperCase();
    result += char === upper ? char.toLowerCase() : upper;
  }
  return result;
}

/** Sentence case: everything lower, then the first letter of the text and after . ! ? 。！？ upper. */
function sentenceCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[.!?。！？]\s*|\n\s*)(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

export function convertCase(text: string, mode: CaseMode): string {
  switch (mode) {
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
    case 'title':
      return text.replace(LATIN_WORD, capitalize);
    case 'sentence':
      return sentenceCase(text);
    case 'swap':
      return swapCase(text);
    default:
      // Identifier styles make sense per line (one name per line), and a blank line stays blank.
      return mapLines(text, (lines) => lines.map((line) => identifier(line, mode)));
  }
}

/** The seven half-width forms of U+FFE0–U+FFE6, in that order: ¢ £ ¬ ¯ ¦ ¥ ₩. */
const HALF_SYMBOLS = '\u00a2\u00a3\u00ac\u00af\u00a6\u00a5\u20a9';
const FULL_SYMBOLS_START = 0xffe0;
const FULL_OFFSET = 0xfee0;
const IDEOGRAPHIC_SPACE = 0x3000;

/**
 * Chinese punctuation with no half-width twin, mapped to the ASCII mark it stands for. Only used
 * when the user asks for it: 。→ . changes the text's style, not just its width.
 */
const CJK_TO_ASCII: Record<string, string> = {
  '。': '.',
  '、': ',',
  '“': '"',
  '”': '"',
  '‘': "'",
  '’': "'",
  '「': '"',
  '」': '"',
  '『': "'",
  '』': "'",
  '【': '[',
  '】': ']',
  '〔': '[',
  '〕': ']',
  '《': '<',
  '》': '>',
  '〈': '<',
  '〉': '>',
  '…': '...',
  '—': '-',
  '·': '.',
};

const isAlnum = (ascii: number) => (ascii >= 0x30 && ascii <= 0x39) || (ascii >= 0x41 && ascii <= 0x5a) || (ascii >= 0x61 && ascii <= 0x7a);

type WidthOptions = Omit<StepOf<'width'>, 'id' | 'enabled' | 'type'>;

/**
 * Full-width ↔ half-width for the Unicode width pairs: U+FF01–U+FF5E ↔ ASCII ! … ~, the
 * ideographic space U+3000 ↔ space, and ￠￡￢￣￤￥￦ ↔ ¢£¬¯¦¥₩. Letters and digits, punctuation and
 * spaces are switched separately, since Chinese text usually wants ＡＢＣ１２３ made half-width but
 * its ，！？ kept.
 */
export function convertWidth(text: string, options: WidthOptions): string {
  // Only candidate characters reach the callback: a regex scan is far faster than a loop over a multi-MB text.
  return options.direction === 'toHalf'
    ? text.replace(TO_HALF_CANDIDATES, (char) => toHalf(char, char.codePointAt(0)!, options))
    : text.replace(TO_FULL_CANDIDATES, (char) => toFull(char, char.codePointAt(0)!, options));
}

const TO_HALF_CANDIDATES = new RegExp(`[\\uff01-\\uff5e\\u3000\\uffe0-\\uffe6${Object.keys(CJK_TO_ASCII).join('')}]`, 'g');
const TO_FULL_CANDIDATES = new RegExp(`[\\x20-\\x7e${HALF_SYMBOLS}]`, 'g');

function toHalf(char: string, code: number, options: WidthOptions): string {
  if (code >= 0xff01 && code <= 0xff5e) {
    const ascii = code - FULL_OFFSET;
    return (isAlnum(ascii) ? options.alnum : options.punctuation) ? String.fromCharCode(ascii) : char;
  }
  if (code === IDEOGRAPHIC_SPACE) return options.space ? ' ' : char;
  if (code >= FULL_SYMBOLS_START && code < FULL_SYMBOLS_START + HALF_SYMBOLS.length) {
    return options.punctuation ? HALF_SYMBOLS[code - FULL_SYMBOLS_START]! : char;
  }
  return options.cjkPunctuation ? (CJK_TO_ASCII[char] ?? char) : char;
}

function toFull(char: string, code: number, options: WidthOptions): string {
  if (code >= 0x21 && code <= 0x7e) {
    return (isAlnum(code) ? options.alnum : options.punctuation) ? String.fromCharCode(code + FULL_OFFSET) : char;
  }
  if (code === 0x20) return options.space ? String.fromCharCode(IDEOGRAPHIC_SPACE) : char;
  const symbol = HALF_SYMBOLS.indexOf(char);
  if (symbol >= 0 && options.punctuation) return String.fromCharCode(FULL_SYMBOLS_START + symbol);
  return char;
}
