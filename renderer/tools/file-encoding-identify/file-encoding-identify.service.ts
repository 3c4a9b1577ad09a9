import type { EncodingCandidate, EncodingDetection } from '@shared/encoding/detect';
import { ENCODINGS, ENCODING_NAMES, type EncodingFamily, type EncodingName } from '@shared/encoding/names';

/**
 * What the page needs: limits, the override menu and display helpers. The detector itself (and
 * jschardet's ~1 MB model) is only loaded by the worker, through encoding-core.ts.
 */

const MB = 1024 * 1024;
/** Conversion holds the UTF-8 result in memory; past this a browser tab risks running out. */
export const MAX_CONVERT_BYTES = 200 * MB;
/** A batch zip is built in memory too. */
export const MAX_ZIP_BYTES = 500 * MB;
export const PREVIEW_LINES = 12;
const PREVIEW_LINE_CHARS = 240;

export type FailureCode = 'tooLarge' | 'binary' | 'unreadable' | 'notText';

/** Cuts decoded text down to what a list row can show: the first lines, each kept short. */
export function previewLines(text: string): string {
  return text
    .split(/\r\n|\n|\r/)
    .slice(0, PREVIEW_LINES)
    .map((line) => (line.length > PREVIEW_LINE_CHARS ? `${line.slice(0, PREVIEW_LINE_CHARS)}…` : line))
    .join('\n');
}

/**
 * Entry names for the batch zip: each file's relative path (so a picked folder unzips to the same
 * tree, not to flattened "_ude_1 (2).txt" copies), with a safe form — forward slashes, no leading
 * slash, no "." or ".." parts, no empty parts — and only real clashes made unique: a second
 * "docs/a.txt" (compared without case, as Windows and macOS do) becomes "docs/a (2).txt".
 */
export function zipEntryNames(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    const parts = path.split(/[\\/]+/).filter((part) => part !== '' && part !== '.' && part !== '..');
    const file = parts.pop() ?? 'file';
    const folder = parts.length > 0 ? `${parts.join('/')}/` : '';
    const dot = file.lastIndexOf('.');
    const [base, extension] = dot > 0 ? [file.slice(0, dot), file.slice(dot)] : [file, ''];
    let name = `${folder}${file}`;
    for (let copy = 2; taken.has(name.toLowerCase()); copy += 1) name = `${folder}${base} (${copy})${extension}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/** Family order of the override menu: what Chinese users meet most first. */
const FAMILY_ORDER: readonly EncodingFamily[] = ['unicode', 'chinese', 'japanese', 'korean', 'single-byte'];

export function encodingGroups(): Array<{ family: EncodingFamily; names: EncodingName[] }> {
  return FAMILY_ORDER.map((family) => ({ family, names: ENCODING_NAMES.filter((name) => ENCODINGS[name].family === family) }));
}

/**
 * The match scores behind a verdict: the verdict's own first, then up to three runners-up. Never
 * the runners-up alone: their scores are on another scale than the verdict's confidence, so
 * "GBK, confidence 60% · EUC-JP 76%" read as if EUC-JP were likelier. Empty when there is nothing
 * to weigh against (BOM, strict UTF-8, ASCII, binary).
 */
export function candidateScores(detection: Pick<EncodingDetection, 'encoding' | 'candidates'>): EncodingCandidate[] {
  const own = detection.candidates.find((candidate) => candidate.encoding === detection.encoding);
  const others = detection.candidates.filter((candidate) => candidate.encoding !== detection.encoding).slice(0, 3);
  return own && others.length > 0 ? [own, ...others] : [];
}

/** 0.934 → "93%". */
export const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

/** Confidence bands for the verdict's colour. */
export function confidenceLevel(confidence: number): 'high' | 'medium' | 'low' {
  if (confidence >= 0.8) return 'high';
  if (confidence >= 0.5) return 'medium';
  return 'low';
}
