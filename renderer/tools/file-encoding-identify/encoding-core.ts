import { createLineEndingCounter, createUtf8Converter, type LineEndings } from '@shared/encoding/convert';
import { decodeSample } from '@shared/encoding/decode';
import { detectEncoding, SAMPLE_BYTES, type EncodingDetection } from '@shared/encoding/detect';
import type { EncodingName } from '@shared/encoding/names';
import { MAX_CONVERT_BYTES, previewLines, type FailureCode } from './file-encoding-identify.service';

/** Read and re-encoded in slices this big, so no file is decoded whole. */
const CONVERT_SLICE = 4 * 1024 * 1024;
/** Looked through for the first non-ASCII byte when a large file starts with plain ASCII. */
const SCAN_SLICE = 4 * 1024 * 1024;
const PREVIEW_BYTES = 16 * 1024;

/** Thrown with a code the page translates; the worker hands the code over as data. */
export class EncodingFailure extends Error {
  constructor(readonly code: FailureCode) {
    super(code);
  }
}

export interface Identified {
  detection: EncodingDetection;
  /** Where the judged sample starts: past 0 when the file begins with a long stretch of ASCII. */
  sampleOffset: number;
  preview: string;
  lineEndings: LineEndings;
}

async function read(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  try {
    return new Uint8Array(await blob.slice(start, end).arrayBuffer());
  } catch {
    throw new EncodingFailure('unreadable');
  }
}

/**
 * Where a sample with some non-ASCII text starts, or -1 for an all-ASCII file. Returns the start
 * of that byte's line (a line feed is never part of a multi-byte sequence in any encoding we
 * name), so the sample does not begin inside a character.
 */
export async function findTextSample(blob: Blob, from: number): Promise<number> {
  for (let offset = from; offset < blob.size; offset += SCAN_SLICE) {
    const bytes = await read(blob, offset, offset + SCAN_SLICE);
    const index = bytes.findIndex((b) => b >= 0x80);
    if (index === -1) continue;
    const lineStart = bytes.lastIndexOf(0x0a, index);
    return offset + (lineStart >= 0 ? lineStart + 1 : index);
  }
  return -1;
}

export async function previewBlob(blob: Blob, encoding: EncodingName): Promise<string> {
  return previewLines(decodeSample(await read(blob, 0, PREVIEW_BYTES), encoding));
}

/**
 * Detects a file's encoding from its first 64 KB. When those are plain ASCII and the file goes on,
 * the first stretch that is not (a Chinese comment deep in a log) is judged instead.
 */
export async function identifyBlob(blob: Blob): Promise<Identified> {
  const head = await read(blob, 0, SAMPLE_BYTES);
  let sampleOffset = 0;
  let detection = detectEncoding(head, { truncated: blob.size > head.length });
  if (detection.encoding === 'ASCII' && blob.size > head.length) {
    const at = await findTextSample(blob, head.length);
    if (at >= 0) {
      sampleOffset = at;
      const sample = await read(blob, at, at + SAMPLE_BYTES);
      detection = detectEncoding(sample, { truncated: at + sample.length < blob.size });
    }
  }
  const lineEndings = createLineEndingCounter();
  let preview = '';
  if (detection.encoding !== 'binary') {
    lineEndings.push(decodeSample(head, detection.encoding));
    preview = await previewBlob(blob, detection.encoding);
  }
  return { detection, sampleOffset, preview, lineEndings: lineEndings.result() };
}

export interface Converted {
  blob: Blob;
  /** Characters that came out as U+FFFD. */
  replaced: number;
  /** Encodings the text declared for itself (XML, HTML meta, CSS), now rewritten to UTF-8. */
  declared: readonly string[];
}

/**
 * More control characters than this share of the text means the chosen encoding is wrong (UTF-32
 * read as UTF-16 gives a NUL after every letter): such a "UTF-8 copy" would be garbage.
 */
const MAX_CONTROL_SHARE = 0.02;

/** Re-encodes a whole file as UTF-8, slice by slice; refuses when the result would not be text. */
export async function convertBlob(blob: Blob, encoding: EncodingName | 'binary', bom: boolean): Promise<Converted> {
  if (encoding === 'binary') throw new EncodingFailure('binary');
  if (blob.size > MAX_CONVERT_BYTES) throw new EncodingFailure('tooLarge');
  const converter = createUtf8Converter(encoding, { bom });
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let offset = 0;
  do {
    const end = Math.min(blob.size, offset + CONVERT_SLICE);
    // TextEncoder output always owns a plain ArrayBuffer; shared's typings just cannot say so.
    parts.push(converter.push(await read(blob, offset, end), end === blob.size) as Uint8Array<ArrayBuffer>);
    offset = end;
  } while (offset < blob.size);
  if (converter.controls > converter.characters * MAX_CONTROL_SHARE) throw new EncodingFailure('notText');
  return { blob: new Blob(parts, { type: 'text/plain;charset=utf-8' }), replaced: converter.replaced, declared: converter.declared };
}
