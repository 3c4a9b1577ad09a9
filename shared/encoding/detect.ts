import { scoreCjk, type CjkReading, type CjkScore } from './cjk-score';
import { decodeSample } from './decode';
import { ENCODINGS, type EncodingName } from './names';
import { OPINION_BYTES, secondOpinion, type Opinion } from './second-opinion';
import { chooseSingleByte } from './single-byte';
import { bomOf, controlShare, hasGb18030FourByte, isAscii, looksBinary, utf16ByZeros, utf32ByZeros, utf8Sequences } from './structure';

/** Bytes looked at: enough for any real text to show its encoding, small enough to stay fast. */
export const SAMPLE_BYTES = 64 * 1024;

export type DetectionReason =
  | 'empty'
  | 'bom'
  | 'utf16-zeros'
  | 'utf32-zeros'
  | 'binary'
  | 'ascii'
  | 'utf8'
  | 'cjk-frequency'
  | 'cjk-second-opinion'
  | 'single-byte'
  | 'fallback';

export interface EncodingCandidate {
  encoding: EncodingName;
  /** 0–1, comparable within one detection only. */
  score: number;
}

export interface EncodingDetection {
  /** `binary` when the bytes are not text in any encoding. */
  encoding: EncodingName | 'binary';
  /** 0–1. Lower for short samples and close calls. */
  confidence: number;
  bom: boolean;
  /** Best first; includes the verdict. */
  candidates: EncodingCandidate[];
  reason: DetectionReason;
  /** jschardet's top answer when it was asked. */
  secondOpinion?: Opinion;
}

export interface DetectOptions {
  /** The bytes are the start of a longer file (a cut-off final sequence is not an error). */
  truncated?: boolean;
  /** Ask jschardet on close calls and for non-CJK legacy text (default true). */
  secondOpinion?: boolean;
}

const CJK_CANDIDATES: ReadonlyArray<[EncodingName, CjkReading]> = [
  ['GBK', 'simplified'],
  ['Big5', 'traditional'],
  ['Shift_JIS', 'japanese'],
  ['EUC-JP', 'japanese'],
  ['EUC-KR', 'korean'],
];

/** A CJK verdict needs this mean character weight and this lead over the runner-up on its own. */
const CJK_SURE_SCORE = 0.55;
const CJK_SURE_MARGIN = 0.15;
/** Characters a CJK reading must have before its own score can decide, unless two high bytes meet. */
const CJK_MIN_EVIDENCE = 3;

function hasHighPair(bytes: Uint8Array): boolean {
  for (let i = 1; i < bytes.length; i++) if ((bytes[i] ?? 0) >= 0x81 && (bytes[i - 1] ?? 0) >= 0x81) return true;
  return false;
}
/** Below this even a second opinion cannot make a CJK reading plausible. */
const CJK_MIN_SCORE = 0.3;

const round = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 1000) / 1000;

/** Grows with the number of characters that carried the decision: 10 → ~0.57, 50 → ~0.98. */
const evidenceFactor = (n: number) => 1 - Math.exp(-n / 12);

function result(
  encoding: EncodingName | 'binary',
  confidence: number,
  reason: DetectionReason,
  candidates: EncodingCandidate[] = encoding === 'binary' ? [] : [{ encoding, score: 1 }],
  opinion?: Opinion,
): EncodingDetection {
  const bom = encoding !== 'binary' && 'bom' in ENCODINGS[encoding];
  return { encoding, confidence: round(confidence), bom, candidates, reason, ...(opinion ? { secondOpinion: opinion } : {}) };
}

/**
 * Names the encoding of a text file from its first bytes (pass at most SAMPLE_BYTES of a larger
 * file, with `truncated`). Order: BOM (UTF-32's before UTF-16's); UTF-32, then UTF-16 by their zero bytes; pure ASCII; binary; strict
 * UTF-8; then the legacy encodings — GBK/GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR scored by how
 * common the decoded characters are, jschardet as a second opinion on close calls; and finally
 * single-byte code pages (jschardet's ranking, ties settled by which decoding reads as words),
 * ending at ISO-8859-1 / windows-1252.
 *
 * WARNING: the spec's plain "first decoder that does not fail" order (UTF-8, GBK, ISO8859-1)
 * names every Big5 file GBK, because almost every Big5 byte pair is also valid GBK.
 */
export function detectEncoding(input: Uint8Array, options: DetectOptions = {}): EncodingDetection {
  const truncated = options.truncated === true || input.length > SAMPLE_BYTES;
  const bytes = input.subarray(0, SAMPLE_BYTES);
  if (bytes.length === 0) return result('ASCII', 0, 'empty');

  const bom = bomOf(bytes);
  if (bom) return result(bom, 1, 'bom');

  const utf32 = utf32ByZeros(bytes);
  if (utf32) {
    const text = decodeSample(bytes.subarray(0, bytes.length & ~3), utf32);
    if (controlShare(text) < 0.02) return result(utf32, 0.6 + 0.39 * evidenceFactor(text.length / 4), 'utf32-zeros');
  }

  const utf16 = utf16ByZeros(bytes);
  if (utf16) {
    const text = decodeSample(bytes.subarray(0, bytes.length & ~1), utf16);
    if (controlShare(text) < 0.02) return result(utf16, 0.6 + 0.39 * evidenceFactor(text.length / 4), 'utf16-zeros');
  }

  // Seven-bit bytes are ASCII even with NUL padding: real binary formats use the high bytes too.
  if (isAscii(bytes)) return result('ASCII', truncated ? 0.9 : 1, 'ascii');
  if (looksBinary(bytes)) return result('binary', 0.95, 'binary');

  const utf8 = utf8Sequences(bytes);
  if (utf8 > 0) return result('UTF-8', Math.min(0.99, 1 - 0.25 * 0.6 ** (utf8 - 1)), 'utf8');

  return detectLegacy(bytes, options.secondOpinion !== false);
}

interface Scored extends CjkScore {
  encoding: EncodingName;
}

/** Legacy text is judged on this much, starting near the first non-ASCII byte. */
const LEGACY_BYTES = 8 * 1024;

/**
 * The part of the sample worth scoring: from the line that holds the first non-ASCII byte (an
 * HTML page's ASCII head says nothing), LEGACY_BYTES long. Everything before that byte is ASCII,
 * so the cut cannot land inside a multi-byte sequence.
 */
function legacyWindow(bytes: Uint8Array): Uint8Array {
  let first = bytes.findIndex((b) => b >= 0x80);
  if (first < 0) first = 0;
  // The first line starts at 0 (no line feed before it): its words belong to the evidence too.
  const lineStart = bytes.lastIndexOf(0x0a, first) + 1;
  const start = first - lineStart <= 512 ? lineStart : first;
  return bytes.subarray(start, start + LEGACY_BYTES);
}

function detectLegacy(sample: Uint8Array, askSecond: boolean): EncodingDetection {
  const bytes = legacyWindow(sample);
  const scored: Scored[] = CJK_CANDIDATES.map(([encoding, reading]) => ({
    encoding,
    ...scoreCjk(decodeSample(bytes, encoding), reading),
  })).sort((a, b) => b.score - a.score);
  const [best, runnerUp] = scored as [Scored, Scored];
  const margin = best.score - runnerUp.score;
  const cjkCandidates = scored.map((s) => ({ encoding: s.encoding, score: round((s.score + 1) / 2) }));
  const clean = best.invalid <= best.evidence * 0.02;

  const cjkVerdict = (s: Scored, reason: DetectionReason, boost: number, opinion?: Opinion) => {
    const name = s.encoding === 'GBK' && hasGb18030FourByte(bytes) ? 'GB18030' : s.encoding;
    const marginFactor = Math.min(1, 0.5 + Math.max(0, s.score - (s === best ? runnerUp.score : best.score)) * 2.5);
    const confidence = Math.min(0.99, (Math.min(1, s.score + 0.1) * marginFactor + boost) * evidenceFactor(s.evidence));
    const candidates = [{ encoding: name, score: round((s.score + 1) / 2) }, ...cjkCandidates.filter((c) => c.encoding !== s.encoding)];
    return result(name, confidence, reason, candidates, opinion);
  };

  // A character or two whose second byte is ASCII is no evidence: "21°C" is a valid Big5 pair, and
  // so is "£1" in GBK. Two high bytes side by side (all of GB2312) are rare in Western text.
  const enough = best.evidence >= CJK_MIN_EVIDENCE || hasHighPair(bytes);
  if (enough && best.score >= CJK_SURE_SCORE && margin >= CJK_SURE_MARGIN && clean) return cjkVerdict(best, 'cjk-frequency', 0);

  const opinions = askSecond ? secondOpinion(bytes) : [];
  const top = opinions[0];
  const topFamily = top ? ENCODINGS[top.encoding].family : undefined;
  if (top && topFamily !== 'single-byte' && topFamily !== 'unicode') {
    const agreed = scored.find((s) => s.encoding === normaliseCjk(top.encoding));
    if (agreed && agreed.score >= CJK_MIN_SCORE) return cjkVerdict(agreed, 'cjk-second-opinion', 0.1, top);
  }
  if (enough && best.score >= CJK_SURE_SCORE && clean) return cjkVerdict(best, 'cjk-frequency', 0, top);

  return detectSingleByte(bytes, sample, opinions, cjkCandidates);
}

function normaliseCjk(name: EncodingName): EncodingName {
  return name === 'GB18030' ? 'GBK' : name;
}

/**
 * jschardet answers this close to its best are a tie that we settle by reading: 0.05 below it, or
 * a fifth of it when its best is itself weak (short texts).
 */
const tieFloor = (top: number) => top - Math.min(0.05, top * 0.2);
/**
 * The common code pages are weighed against jschardet's pick whatever its confidence: they win
 * when they read clearly better (LATIN_OVERRULE) — or, when the text has only a few non-ASCII
 * bytes ("£10", "© 2024", one "café"), unless jschardet's pick reads clearly better
 * (THIN_PREFERENCE). A byte or two says next to nothing about a code page, and most such files are
 * Western. windows-1258 is among them for Vietnamese, with a handicap (see PRIOR).
 */
const COMMON: readonly EncodingName[] = ['ISO-8859-1', 'windows-1252', 'windows-1258'];
const LATIN_OVERRULE = 0.3;
const THIN_EVIDENCE = 3;
const THIN_PREFERENCE = 0.3;

function detectSingleByte(bytes: Uint8Array, sample: Uint8Array, opinions: Opinion[], cjk: EncodingCandidate[]): EncodingDetection {
  const singles = opinions.filter((o) => ENCODINGS[o.encoding].family === 'single-byte');
  const top = singles[0];
  // With no usable opinion, Latin-1 is the spec's last resort: every byte sequence decodes.
  const tied: EncodingName[] = top
    ? singles.filter((o) => o.confidence >= tieFloor(top.confidence)).map((o) => o.encoding)
    : ['ISO-8859-1'];
  const head = bytes.subarray(0, OPINION_BYTES);
  let nonAscii = 0;
  let c1 = false;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i] ?? 0;
    if (b >= 0x80) nonAscii++;
    if (b >= 0x80 && b < 0xa0) c1 = true;
  }
  let choice = chooseSingleByte(head, [...new Set(tied)]);
  const common = chooseSingleByte(head, COMMON);
  const lead = nonAscii <= THIN_EVIDENCE ? -THIN_PREFERENCE : LATIN_OVERRULE;
  if (common.plausibility > choice.plausibility + lead) choice = common;
  // Latin-1 and windows-1252 differ only in 0x80–0x9F, which may first occur anywhere in the sample.
  if (choice.encoding === 'ISO-8859-1' || choice.encoding === 'windows-1252') choice.encoding = c1 ? 'windows-1252' : 'ISO-8859-1';

  // jschardet's confidence in Latin text stays low however clear it is, so how well the chosen
  // decoding reads carries the confidence; disagreeing with jschardet's top answer costs some.
  const agreement = !top || top.encoding === choice.encoding ? 1 : 0.8;
  const confidence = (0.4 + 0.55 * Math.max(0, Math.min(1, choice.plausibility))) * agreement * evidenceFactor(nonAscii);
  const candidates: EncodingCandidate[] = [
    { encoding: choice.encoding, score: round(confidence) },
    ...singles.filter((o) => o.encoding !== choice.encoding).map((o) => ({ encoding: o.encoding, score: round(o.confidence) })),
    ...cjk.map((c) => ({ encoding: c.encoding, score: round(Math.min(c.score, 0.3)) })),
  ].slice(0, 8);
  return result(choice.encoding, confidence, top ? 'single-byte' : 'fallback', candidates, opinions[0]);
}
