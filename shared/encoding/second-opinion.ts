import { detectAll } from 'jschardet';
import { fromSecondOpinionName, type EncodingName } from './names';

export interface Opinion {
  encoding: EncodingName;
  confidence: number;
}

/**
 * Single-byte text is judged on this much: jschardet (the slow part of a detection) settles on
 * far less, and so does our word check.
 */
export const OPINION_BYTES = 2 * 1024;

/**
 * jschardet 4 (a port of Python chardet 7, trained byte-bigram models for ~90 encodings) asked
 * about the same sample, its answers renamed to ours, strongest first, one entry per name.
 * Answers TextDecoder cannot decode (EBCDIC, some DOS code pages) are left out.
 */
export function secondOpinion(bytes: Uint8Array): Opinion[] {
  const best = new Map<EncodingName, number>();
  for (const result of detectAll(bytes.subarray(0, OPINION_BYTES), { minimumThreshold: 0 })) {
    const name = result.encoding ? fromSecondOpinionName(result.encoding) : undefined;
    if (name && (best.get(name) ?? -1) < result.confidence) best.set(name, result.confidence);
  }
  return [...best].map(([encoding, confidence]) => ({ encoding, confidence })).sort((a, b) => b.confidence - a.confidence);
}
