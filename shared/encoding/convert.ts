import { createDecoder } from './decode';
import type { EncodingName } from './names';

export const UTF8_BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

export interface LineEndings {
  crlf: number;
  lf: number;
  cr: number;
}

/** Counts CRLF, LF and lone CR across chunks: a CR at the end of one chunk may pair with the next. */
export function createLineEndingCounter() {
  const counts: LineEndings = { crlf: 0, lf: 0, cr: 0 };
  let pendingCr = false;
  return {
    push(text: string): void {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (pendingCr) {
          pendingCr = false;
          if (c === 0x0a) {
            counts.crlf++;
            continue;
          }
          counts.cr++;
        }
        if (c === 0x0d) pendingCr = true;
        else if (c === 0x0a) counts.lf++;
      }
    },
    result(): LineEndings {
      return { ...counts, cr: counts.cr + (pendingCr ? 1 : 0) };
    },
  };
}

export type LineEndingStyle = 'none' | 'crlf' | 'lf' | 'cr' | 'mixed';

export function lineEndingStyle({ crlf, lf, cr }: LineEndings): LineEndingStyle {
  const kinds = [crlf > 0, lf > 0, cr > 0].filter(Boolean).length;
  if (kinds === 0) return 'none';
  if (kinds > 1) return 'mixed';
  return crlf > 0 ? 'crlf' : lf > 0 ? 'lf' : 'cr';
}

export interface Utf8Converter {
  /** UTF-8 bytes of this chunk (the BOM, when asked for, before the first). */
  push(chunk: Uint8Array, last: boolean): Uint8Array;
  /** U+FFFD written for bytes the source encoding could not decode (plus any already in the text). */
  readonly replaced: number;
}

/**
 * Re-encodes a byte stream from `encoding` to UTF-8, chunk by chunk, so a file is never decoded
 * whole: a multi-byte sequence split between chunks is carried over by the decoder.
 */
export function createUtf8Converter(encoding: EncodingName, options: { bom: boolean }): Utf8Converter {
  const decoder = createDecoder(encoding);
  const encoder = new TextEncoder();
  let replaced = 0;
  let first = true;
  return {
    push(chunk, last) {
      const text = decoder.decode(chunk, last);
      for (let i = text.indexOf('\ufffd'); i !== -1; i = text.indexOf('\ufffd', i + 1)) replaced++;
      const bytes = encoder.encode(text);
      if (first && options.bom) {
        first = false;
        const out = new Uint8Array(UTF8_BOM.length + bytes.length);
        out.set(UTF8_BOM);
        out.set(bytes, UTF8_BOM.length);
        return out;
      }
      first = false;
      return bytes;
    },
    get replaced() {
      return replaced;
    },
  };
}
