/**
 * GBK encoding without an encoder library: browsers and Node ship a GBK *decoder*
 * (TextDecoder('gbk')), so decoding every two-byte sequence once gives the full code point → bytes
 * table (≈24 000 entries, ~40 ms, 128 KB), built on first use. The encoder follows the WHATWG
 * "gbk" encoder: ASCII as one byte, € as 0x80, everything in the table as two bytes (the lowest
 * pointer when a character has two), and nothing else — GBK has no four-byte sequences, so emoji
 * and rare CJK extension characters cannot be written in it.
 */

let table: Uint16Array | undefined;

/** Code point (BMP) → lead << 8 | trail; 0 when GBK has no two-byte sequence for it. */
function gbkTable(): Uint16Array {
  if (table) return table;
  const built = new Uint16Array(0x10000);
  const decoder = new TextDecoder('gbk');
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead += 1) {
    for (let trail = 0x40; trail <= 0xfe; trail += 1) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const decoded = decoder.decode(pair);
      if (decoded.length !== 1 || decoded === '\ufffd') continue;
      const code = decoded.charCodeAt(0);
      // U+E5E5 is excluded by the WHATWG encoder; the first (lowest) pointer wins for duplicates.
      if (code !== 0xe5e5 && built[code] === 0) built[code] = (lead << 8) | trail;
    }
  }
  table = built;
  return table;
}

const EURO = 0x20ac;

export interface GbkLength {
  bytes: number;
  /** Characters GBK cannot represent (each would become "?" when saved as GBK). */
  unencodable: number;
}

/** Bytes the text takes in GBK, counting each unencodable character as the one-byte "?" it is saved as. */
export function gbkByteLength(text: string): GbkLength {
  const codes = gbkTable();
  let bytes = 0;
  let unencodable = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80 || code === EURO) {
      bytes += 1;
    } else if (codes[code] !== 0) {
      bytes += 2;
    } else {
      unencodable += 1;
      bytes += 1;
      // A surrogate pair is one character (and one "?").
      if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
        const next = text.charCodeAt(index + 1);
        if (next >= 0xdc00 && next <= 0xdfff) index += 1;
      }
    }
  }
  return { bytes, unencodable };
}

/** The text in GBK; characters GBK cannot represent become "?" (0x3F), as Windows' converters do. */
export function encodeGbk(text: string): { bytes: Uint8Array<ArrayBuffer>; unencodable: number } {
  const codes = gbkTable();
  const { bytes: length, unencodable } = gbkByteLength(text);
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const pair = code < 0x10000 ? codes[code]! : 0;
    if (code < 0x80) bytes[at++] = code;
    else if (code === EURO) bytes[at++] = 0x80;
    else if (pair !== 0) {
      bytes[at++] = pair >> 8;
      bytes[at++] = pair & 0xff;
    } else bytes[at++] = 0x3f;
  }
  return { bytes, unencodable };
}
