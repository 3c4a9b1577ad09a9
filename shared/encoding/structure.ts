import type { EncodingName } from './names';

/**
 * Byte order marks, longest first: UTF-32LE's FF FE 00 00 starts with UTF-16LE's FF FE, and a
 * UTF-32 file read as UTF-16 turns into text with a NUL after every character.
 */
const BOMS: ReadonlyArray<[EncodingName, readonly number[]]> = [
  ['UTF-32LE-BOM', [0xff, 0xfe, 0x00, 0x00]],
  ['UTF-32BE-BOM', [0x00, 0x00, 0xfe, 0xff]],
  ['UTF-8-BOM', [0xef, 0xbb, 0xbf]],
  ['UTF-16LE-BOM', [0xff, 0xfe]],
  ['UTF-16BE-BOM', [0xfe, 0xff]],
];

export function bomOf(bytes: Uint8Array): EncodingName | undefined {
  for (const [name, bom] of BOMS) {
    if (bytes.length >= bom.length && bom.every((b, i) => bytes[i] === b)) return name;
  }
  return undefined;
}

/**
 * UTF-32 without a BOM: every four-byte unit in one byte order is a Unicode scalar value, and
 * ASCII text shows three zero bytes per unit. UTF-16 text fails this at once (its second
 * character lands where UTF-32 keeps the plane byte, which is at most 0x10).
 */
export function utf32ByZeros(bytes: Uint8Array): 'UTF-32LE' | 'UTF-32BE' | undefined {
  const units = bytes.length >> 2;
  if (units < 2) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, units * 4);
  const valid = (littleEndian: boolean) => {
    for (let i = 0; i < units * 4; i += 4) {
      const cp = view.getUint32(i, littleEndian);
      if (cp === 0 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    }
    return true;
  };
  if (valid(true)) return 'UTF-32LE';
  if (valid(false)) return 'UTF-32BE';
  return undefined;
}

/**
 * UTF-16 without a BOM: text that is mostly ASCII or Latin puts a zero byte in every other
 * position — odd positions for little-endian, even for big-endian — and almost never on the
 * other side. Returns the byte order, or undefined when the zero bytes show no such pattern.
 */
export function utf16ByZeros(bytes: Uint8Array): 'UTF-16LE' | 'UTF-16BE' | undefined {
  const pairs = bytes.length >> 1;
  if (pairs < 2) return undefined;
  let even = 0;
  let odd = 0;
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const major = Math.max(even, odd);
  const minor = Math.min(even, odd);
  if (major < pairs * 0.1 || minor > major / 8 || minor > pairs * 0.05) return undefined;
  return odd > even ? 'UTF-16LE' : 'UTF-16BE';
}

/** Share of decoded characters that are control characters no text file contains. */
export function controlShare(text: string): number {
  if (text.length === 0) return 0;
  let controls = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1b) || c === 0x7f) controls++;
    else if (c >= 0xd800 && c <= 0xdfff) {
      // A surrogate left unpaired by the decoder means the byte order or the encoding is wrong.
      const paired = c <= 0xdbff ? (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 : (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
      if (!paired) controls++;
    }
  }
  return controls / text.length;
}

/**
 * Binary data: any zero byte (text in an 8-bit or multi-byte encoding never has one; UTF-16 was
 * ruled out before this is asked) or more than 10 % control bytes other than tab, line feed,
 * form feed, carriage return and escape.
 */
export function looksBinary(bytes: Uint8Array): boolean {
  let controls = 0;
  for (const b of bytes) {
    if (b === 0) return true;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) || b === 0x7f) controls++;
  }
  return controls > bytes.length * 0.1;
}

export function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] ?? 0) >= 0x80) return false;
  return true;
}

/**
 * Strict UTF-8 over a sample: returns the number of multi-byte sequences, or -1 when some
 * sequence is malformed. A sequence cut off by the end is allowed: the sample may end mid-file,
 * and a UTF-8 file cut short is still UTF-8.
 */
export function utf8Sequences(bytes: Uint8Array): number {
  let sequences = 0;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return -1;
    if (i + need >= bytes.length) {
      for (let k = i + 1; k < bytes.length; k++) if (((bytes[k] ?? 0) & 0xc0) !== 0x80) return -1;
      return sequences;
    }
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k] ?? 0;
      if ((c & 0xc0) !== 0x80) return -1;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return -1;
    sequences++;
    i += need + 1;
  }
  return sequences;
}

/**
 * GB18030 proper (rather than GBK): a four-byte sequence, whose second byte is an ASCII digit.
 */
export function hasGb18030FourByte(bytes: Uint8Array): boolean {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    if (b < 0x81 || b === 0xff) {
      i++;
      continue;
    }
    const next = bytes[i + 1] ?? 0;
    if (next >= 0x30 && next <= 0x39) return true;
    i += 2;
  }
  return false;
}
