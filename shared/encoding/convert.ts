import { createDecoder } from './decode';
import { DECLARATION_SCAN_CHARS, rewriteDeclaredEncoding } from './declaration';
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
  /** Characters written so far. */
  readonly characters: number;
  /**
   * Characters no text file holds (NUL and the other C0 controls but tab, line feed, form feed,
   * carriage return, escape and the DOS end-of-file mark; unpaired surrogates). Many of them mean
   * the bytes were read in the wrong encoding: UTF-32 read as UTF-16 puts a NUL after every letter.
   */
  readonly controls: number;
  /** Encoding names the text declared for itself (XML, HTML meta, CSS) that were rewritten to UTF-8. */
  readonly declared: readonly string[];
}

function countControls(text: string): number {
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20) {
      if (c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d && c !== 0x1a && c !== 0x1b) controls++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const paired = c <= 0xdbff ? (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 : (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
      if (!paired) controls++;
    }
  }
  return controls;
}

/**
 * Re-encodes a byte stream from `encoding` to UTF-8, chunk by chunk, so a file is never decoded
 * whole: a multi-byte sequence split between chunks is carried over by the decoder. A declaration
 * of the old encoding at the start of the text (XML, HTML, CSS) is rewritten to UTF-8.
 */
export function createUtf8Converter(encoding: EncodingName, options: { bom: boolean }): Utf8Converter {
  const decoder = createDecoder(encoding);
  const encoder = new TextEncoder();
  let replaced = 0;
  let characters = 0;
  let controls = 0;
  let declared: string[] = [];
  // The head is held back until it is long enough to hold any declaration, so a declaration is
  // found whatever the chunk size.
  let head: string | undefined = '';
  let first = true;
  return {
    push(chunk, last) {
      let text = decoder.decode(chunk, last);
      if (head !== undefined) {
        head += text;
        if (head.length < DECLARATION_SCAN_CHARS && !last) return new Uint8Array(0);
        ({ text, declared } = rewriteDeclaredEncoding(head));
        head = undefined;
      }
      for (let i = text.indexOf('\ufffd'); i !== -1; i = text.indexOf('\ufffd', i + 1)) replaced++;
      characters += text.length;
      controls += countControls(text);
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
    get characters() {
      return characters;
    },
    get controls() {
      return controls;
    },
    get declared() {
      return declared;
    },
  };
}
