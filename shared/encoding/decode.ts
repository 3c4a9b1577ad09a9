import { ENCODINGS, type EncodingName } from './names';

/** Decodes a byte stream chunk by chunk; a multi-byte sequence may straddle two chunks. */
export interface ChunkDecoder {
  /** `last` flushes: a sequence still open at the end becomes U+FFFD. */
  decode(chunk: Uint8Array, last: boolean): string;
}

const LATIN1_SLICE = 0x2000;

/** True ISO-8859-1: every byte is the code point of the same value (C1 controls included). */
function latin1(chunk: Uint8Array): string {
  let out = '';
  for (let i = 0; i < chunk.length; i += LATIN1_SLICE) {
    out += String.fromCharCode(...chunk.subarray(i, i + LATIN1_SLICE));
  }
  return out;
}

/**
 * A decoder for one of our encoding names. The BOM the name implies is skipped (TextDecoder does
 * that itself for UTF-8/16); a BOM that the name does not imply stays in the text as U+FEFF so an
 * override never silently drops bytes.
 */
export function createDecoder(name: EncodingName, fatal = false): ChunkDecoder {
  const info = ENCODINGS[name];
  if (info.label === null) return { decode: (chunk) => latin1(chunk) };
  const decoder = new TextDecoder(info.label, { fatal, ignoreBOM: !('bom' in info) });
  return { decode: (chunk, last) => decoder.decode(chunk, { stream: !last }) };
}

/**
 * Decodes a sample cut from a longer file: a sequence cut off at the end of the sample is held
 * back instead of turning into U+FFFD, so the cut does not count against the encoding.
 */
export function decodeSample(bytes: Uint8Array, name: EncodingName): string {
  return createDecoder(name).decode(bytes, false);
}

/** Decodes a whole (small) buffer at once. */
export function decodeAll(bytes: Uint8Array, name: EncodingName): string {
  return createDecoder(name).decode(bytes, true);
}
