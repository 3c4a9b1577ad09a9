import { decodeSample } from './decode';
import type { EncodingName } from './names';

const LETTER = 1;
const UPPER = 2;
const LOWER = 4;
const TYPOGRAPHIC = 8;
/** A combining mark (windows-1258 writes Vietnamese tones as a letter plus one of these). */
const MARK = 16;
/** A symbol, digit or punctuation: "£10", "© 2024", "21°C" hold one beside digits or spaces. */
const SYMBOL = 32;
/** Curly quotes, dashes, ellipsis, guillemets, inverted marks: what 0x80–0x9F mostly holds. */
const TYPOGRAPHIC_RE = /[\u2010-\u2027\u2039\u203a\u00ab\u00bb\u00a1\u00bf]/u;

/** Bits 8–10: the script of a letter, so a word mixing two scripts can be told apart. */
const SCRIPT_SHIFT = 8;
const SCRIPT_MASK = 0x700;
const SCRIPTS: ReadonlyArray<[from: number, to: number]> = [
  [0x0041, 0x024f], // Latin
  [0x0370, 0x03ff], // Greek
  [0x0400, 0x052f], // Cyrillic
  [0x0590, 0x05ff], // Hebrew
  [0x0600, 0x06ff], // Arabic
  [0x0e00, 0x0e7f], // Thai
];
const KNOWN = 0x80;
const DIGIT_OR_SPACE = /[\p{N}\s]/u;
const VOWEL = /[aeiouyâêôăơư]/iu;

function scriptOf(code: number): number {
  const index = SCRIPTS.findIndex(([from, to]) => code >= from && code <= to);
  return index + 1;
}
/** Class bits per BMP code point, worked out on first sight: a code page has 256 characters. */
const classes = new Uint16Array(0x10000);
function classOf(code: number): number {
  let bits = classes[code] ?? 0;
  if (bits === 0) {
    const ch = String.fromCharCode(code);
    bits =
      KNOWN |
      (/\p{L}/u.test(ch) ? LETTER : 0) |
      (/\p{Lu}/u.test(ch) ? UPPER : 0) |
      (/\p{Ll}/u.test(ch) ? LOWER : 0) |
      (TYPOGRAPHIC_RE.test(ch) ? TYPOGRAPHIC : 0) |
      (/\p{M}/u.test(ch) ? MARK : 0) |
      (/[\p{S}\p{N}\p{P}]/u.test(ch) ? SYMBOL : 0);
    if (bits & LETTER) bits |= scriptOf(code) << SCRIPT_SHIFT;
    classes[code] = bits;
  }
  return bits;
}

/** "Cafй": a letter joined to a letter of another script is the mark of a wrong code page. */
function mixesScript(own: number, other: number): boolean {
  return (other & LETTER) !== 0 && (own & SCRIPT_MASK) !== (other & SCRIPT_MASK);
}

/**
 * "Ïðàâèòåëüñòâî": Latin-script languages put accented letters between plain ones; a word of
 * nothing but accented Latin letters is Cyrillic, Greek or Hebrew read through a Latin code page.
 */
function accentedRun(own: number, code: number, otherCode: number, other: number): boolean {
  const latin = 1 << SCRIPT_SHIFT;
  return (own & SCRIPT_MASK) === latin && code >= 0x80 && otherCode >= 0x80 && (other & SCRIPT_MASK) === latin;
}

/**
 * How much a single-byte decoding reads like words, per non-ASCII character, about -3 to 1.
 * The right code page turns the high bytes into letters inside words, or quotes and dashes beside
 * them; a wrong one into symbols wedged between letters, control characters, or letters whose
 * case flips mid-word (KOI8-R read as windows-1251 capitalises all but the first letter), or
 * letters of two scripts in one word.
 */
export function wordPlausibility(text: string): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    count++;
    if (c === 0xfffd) {
      sum -= 3;
      continue;
    }
    if (c < 0xa0) {
      sum -= 2;
      continue;
    }
    const own = classOf(c);
    const prev = i > 0 ? classOf(text.charCodeAt(i - 1)) : 0;
    const next = i + 1 < text.length ? classOf(text.charCodeAt(i + 1)) : 0;
    if (own & LETTER) {
      let w = (prev | next) & LETTER ? 1 : 0.3;
      if ((own & UPPER && prev & LOWER) || (own & LOWER && prev & UPPER && next & UPPER)) w -= 0.8;
      if (mixesScript(own, prev) || mixesScript(own, next)) w -= 1.5;
      if (accentedRun(own, c, text.charCodeAt(i - 1), prev) && accentedRun(own, c, text.charCodeAt(i + 1), next)) w -= 0.8;
      sum += w;
    } else if (own & MARK) {
      // Only windows-1258 decodes to combining marks: Vietnamese tones, which sit on vowels. A
      // mark on a consonant is Italian "così" read through it.
      sum += VOWEL.test(text[i - 1] ?? '') ? 2 : -1;
    } else if (prev & next & LETTER) sum -= 1;
    else if (own & TYPOGRAPHIC) sum += 0.8;
    else if (own & SYMBOL && (DIGIT_OR_SPACE.test(text[i - 1] ?? ' ') || DIGIT_OR_SPACE.test(text[i + 1] ?? ' '))) sum += 0.4;
  }
  return count ? sum / count : 0;
}

/**
 * Where two code pages decode a sample to the same text, the first of them in this list is named:
 * ISO-8859-1 rather than windows-1252 when no byte in 0x80–0x9F tells them apart (spec §9 lists
 * ISO8859-1), otherwise the Windows code page, which is what such files are written in.
 */
const PREFERENCE: readonly EncodingName[] = [
  'ISO-8859-1',
  'windows-1252',
  'windows-1251',
  'KOI8-R',
  'windows-1250',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'windows-874',
  'ISO-8859-15',
  'ISO-8859-2',
  'ISO-8859-5',
  'ISO-8859-7',
  'ISO-8859-8',
  'KOI8-U',
  'IBM866',
  'MacCyrillic',
];

/**
 * Mac OS Roman turns windows-1252's curly quotes and dashes (0x93, 0x94, 0x96, 0x97) into
 * accented letters that look like words; it is also long obsolete, so it has to win clearly.
 * windows-1258 is rare outside Vietnamese, whose tone marks (see wordPlausibility) make it stand
 * out; the handicap keeps it from winning ties.
 */
const PRIOR: Partial<Record<EncodingName, number>> = { Macintosh: -0.3, 'windows-1258': -0.1 };

function preference(name: EncodingName): number {
  const i = PREFERENCE.indexOf(name);
  return i === -1 ? PREFERENCE.length : i;
}

export interface SingleByteChoice {
  encoding: EncodingName;
  plausibility: number;
}

/**
 * Picks among single-byte code pages that a statistical detector rated about equally: the one
 * whose decoding reads most like words, and among identical decodings the preferred name.
 */
export function chooseSingleByte(bytes: Uint8Array, tied: readonly EncodingName[]): SingleByteChoice {
  const byText = new Map<string, EncodingName>();
  for (const name of tied) {
    const text = decodeSample(bytes, name);
    const held = byText.get(text);
    if (!held || preference(name) < preference(held)) byText.set(text, name);
  }
  let best: SingleByteChoice | undefined;
  for (const [text, encoding] of byText) {
    const plausibility = wordPlausibility(text) + (PRIOR[encoding] ?? 0);
    if (
      !best ||
      plausibility > best.plausibility + 1e-9 ||
      (Math.abs(plausibility - best.plausibility) <= 1e-9 && preference(encoding) < preference(best.encoding))
    ) {
      best = { encoding, plausibility };
    }
  }
  return best ?? { encoding: 'ISO-8859-1', plausibility: 0 };
}
