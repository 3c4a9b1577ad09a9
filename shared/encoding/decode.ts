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
 * UTF-32, which TextDecoder does not offer. Four bytes per code point; up to three bytes of a
 * unit cut by a chunk boundary wait for the next chunk. A unit that is no Unicode scalar value
 * (past U+10FFFF, a surrogate) becomes U+FFFD, or throws when `fatal`.
 */
function utf32(littleEndian: boolean, skipBom: boolean, fatal: boolean): ChunkDecoder {
  let carry = new Uint8Array(0);
  let atStart = true;
  return {
    decode(chunk, last) {
      const bytes = carry.length ? new Uint8Array(carry.length + chunk.length) : chunk;
      if (carry.length) {
        bytes.set(carry);
        bytes.set(chunk, carry.length);
      }
      const whole = bytes.length & ~3;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      let out = '';
      let units: number[] = [];
      for (let i = 0; i < whole; i += 4) {
        const cp = view.getUint32(i, littleEndian);
        if (atStart) {
          atStart = false;
          if (skipBom && cp === 0xfeff) continue;
        }
        const valid = cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
        if (!valid && fatal) throw new TypeError('invalid UTF-32 code point');
        units.push(valid ? cp : 0xfffd);
        if (units.length >= LATIN1_SLICE) {
          out += String.fromCodePoint(...units);
          units = [];
        }
      }
      out += String.fromCodePoint(...units);
      carry = bytes.slice(whole);
      if (last && carry.length) {
        if (fatal) throw new TypeError('truncated UTF-32 code unit');
        carry = new Uint8Array(0);
        out += '\ufffd';
      }
      return out;
    },
  };
}

/**
 * A decoder for one of our encoding names. The BOM the name implies is skipped (TextDecoder does
 * that itself for UTF-8/16); a BOM that the name does not imply stays in the text as U+FEFF so an
 * override never silently drops bytes.
 */
export function createDecoder(name: EncodingName, fatal = false): ChunkDecoder {
  const info = ENCODINGS[name];
  if (name.startsWith('UTF-32')) return utf32(name.startsWith('UTF-32LE'), 'bom' in info, fatal);
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
