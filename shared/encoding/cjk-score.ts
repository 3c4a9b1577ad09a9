import { hanTiers } from './frequency';
import type { HanTier } from './frequency';

/**
 * Which language a multi-byte decoding claims the text is in. The wrong legacy decoder turns
 * real text into rare ideographs, private-use code points, stray kana or half-width katakana; the
 * right one yields the few thousand characters that make up almost all real text.
 */
export type CjkReading = 'simplified' | 'traditional' | 'japanese' | 'korean';

export interface CjkScore {
  /** Mean weight per non-ASCII character, about -2 (garbage) to 1 (all very common). */
  score: number;
  /** Non-ASCII characters the score is based on. */
  evidence: number;
  /** Replacement characters (byte sequences the decoder rejected). */
  invalid: number;
}

function hanWeight(tier: HanTier): number {
  if (tier === 1) return 0.9;
  if (tier === 2) return 0.2;
  return -0.6;
}

const enum Kind {
  Han,
  Kana,
  HalfKana,
  Hangul,
  Jamo,
  Bopomofo,
  Punct,
  Symbol,
  GreekCyrillic,
  Latin1,
  Bad,
  Rare,
  Other,
}

function kindOf(cp: number): Kind {
  if ((cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0xf900 && cp <= 0xfaff)) return Kind.Han;
  if (cp >= 0xac00 && cp <= 0xd7a3) return Kind.Hangul;
  if (cp >= 0x3040 && cp <= 0x30ff) return Kind.Kana;
  if ((cp >= 0x3000 && cp <= 0x303f) || (cp >= 0xff01 && cp <= 0xff5e) || (cp >= 0x2010 && cp <= 0x2027)) return Kind.Punct;
  if (cp >= 0xff61 && cp <= 0xff9f) return Kind.HalfKana;
  if (cp >= 0x3130 && cp <= 0x318f) return Kind.Jamo;
  if (cp >= 0x3100 && cp <= 0x312f) return Kind.Bopomofo;
  if (cp === 0xfffd || (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0x80 && cp < 0xa0)) return Kind.Bad;
  if (cp > 0xffff) return Kind.Rare;
  if (cp >= 0x0370 && cp <= 0x04ff) return Kind.GreekCyrillic;
  if (cp >= 0xa0 && cp <= 0xff) return Kind.Latin1;
  if ((cp >= 0x2030 && cp <= 0x2bff) || (cp >= 0x3200 && cp <= 0x33ff) || (cp >= 0xffe0 && cp <= 0xffe6)) return Kind.Symbol;
  return Kind.Other;
}

/** Weight of each kind of character per reading; Han characters are weighed by their level instead. */
const WEIGHTS: Record<CjkReading, Record<Exclude<Kind, Kind.Han>, number>> = {
  simplified: weights({ kana: -0.5, halfKana: -1, hangul: -1, bopomofo: -0.5 }),
  traditional: weights({ kana: -0.5, halfKana: -1, hangul: -1, bopomofo: 0 }),
  japanese: weights({ kana: 1, halfKana: -0.3, hangul: -1, bopomofo: -0.5 }),
  korean: weights({ kana: -0.5, halfKana: -1, hangul: 1, bopomofo: -0.5 }),
};

function weights(own: { kana: number; halfKana: number; hangul: number; bopomofo: number }) {
  return {
    [Kind.Kana]: own.kana,
    [Kind.HalfKana]: own.halfKana,
    [Kind.Hangul]: own.hangul,
    [Kind.Bopomofo]: own.bopomofo,
    [Kind.Jamo]: -0.5,
    [Kind.Punct]: 0.3,
    [Kind.Symbol]: 0,
    [Kind.GreekCyrillic]: -0.3,
    [Kind.Latin1]: -0.3,
    [Kind.Bad]: -2,
    [Kind.Rare]: -0.8,
    [Kind.Other]: -0.3,
  } as Record<Exclude<Kind, Kind.Han>, number>;
}

function bestTier(a: HanTier, b: HanTier): HanTier {
  if (a === 0 || b === 0) return (a || b) as HanTier;
  return Math.min(a, b) as HanTier;
}

/** Korean text uses Han characters (hanja) sparingly; a decoding full of them is suspect. */
const KOREAN_HANJA_SCALE = 0.25;

let ksx1001: Set<number> | undefined;

/**
 * The 2,350 Hangul syllables of KS X 1001 (EUC-KR rows 0xB0–0xC8), read off the decoder itself.
 * They cover nearly all real Korean text; CP949's other 8,822 syllables are rare, and they are
 * exactly what Shift_JIS kana turn into when read as CP949.
 */
function commonHangul(): Set<number> {
  if (!ksx1001) {
    const bytes: number[] = [];
    for (let lead = 0xb0; lead <= 0xc8; lead++) for (let trail = 0xa1; trail <= 0xfe; trail++) bytes.push(lead, trail);
    const text = new TextDecoder('euc-kr').decode(new Uint8Array(bytes));
    ksx1001 = new Set([...text].map((ch) => ch.codePointAt(0) ?? 0));
  }
  return ksx1001;
}

function weightOf(cp: number, reading: CjkReading): number {
  const kind = kindOf(cp);
  if (kind === Kind.Hangul && reading === 'korean') return commonHangul().has(cp) ? 1 : -0.2;
  if (kind !== Kind.Han) return WEIGHTS[reading][kind];
  const tiers = hanTiers();
  const s = tiers.simplified(cp);
  const t = tiers.traditional(cp);
  switch (reading) {
    case 'simplified':
      // GBK also encodes Traditional characters, but a Simplified text rarely uses them.
      return s ? hanWeight(s) : t ? hanWeight(t) - 0.4 : hanWeight(0);
    case 'traditional':
      return t ? hanWeight(t) : s ? hanWeight(s) - 0.2 : hanWeight(0);
    case 'japanese':
      return hanWeight(bestTier(s, t));
    case 'korean':
      return (hanWeight(bestTier(s, t)) - 1) * KOREAN_HANJA_SCALE - 0.3;
  }
}

const tables = new Map<CjkReading, Float32Array>();

/** Weights per BMP code point for a reading (NaN until first seen), so scoring is mostly a lookup. */
function weightTable(reading: CjkReading): Float32Array {
  let table = tables.get(reading);
  if (!table) {
    table = new Float32Array(0x10000).fill(Number.NaN);
    tables.set(reading, table);
  }
  return table;
}

const isAsciiLetter = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;

/**
 * Penalties for where a character stands. European text read as GBK or Big5 pairs each accented
 * letter with the ASCII letter after it, so lone ideographs sit inside Latin words; Cyrillic or
 * Greek read that way keeps its spaces between "words" of ideographs, which Chinese and Japanese
 * do not write (Korean does, between Hangul words).
 */
const WEDGED_IN_LATIN = 1;
const SPACE_BETWEEN_WORDS = 0.7;

export function scoreCjk(text: string, reading: CjkReading): CjkScore {
  const table = weightTable(reading);
  const rare = WEIGHTS[reading][Kind.Rare];
  const spaced = reading !== 'korean';
  let sum = 0;
  let evidence = 0;
  let invalid = 0;
  for (let i = 0; i < text.length; i++) {
    const cp = text.charCodeAt(i);
    if (cp < 0x80) continue;
    evidence++;
    if (isAsciiLetter(text.charCodeAt(i - 1)) && isAsciiLetter(text.charCodeAt(i + 1))) sum -= WEDGED_IN_LATIN;
    if (spaced && text.charCodeAt(i + 1) === 0x20 && text.charCodeAt(i + 2) >= 0x80) sum -= SPACE_BETWEEN_WORDS;
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      sum += rare;
      i++;
    } else {
      if (cp === 0xfffd) invalid++;
      let w = table[cp] ?? 0;
      if (Number.isNaN(w)) table[cp] = w = weightOf(cp, reading);
      sum += w;
    }
  }
  return { score: evidence ? sum / evidence : 0, evidence, invalid };
}
