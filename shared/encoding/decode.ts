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

/** IBM855 (DOS Cyrillic), which TextDecoder lacks: the characters of bytes 0x80–0xFF. */
const IBM855_HIGH =
  '\u0452\u0402\u0453\u0403\u0451\u0401\u0454\u0404\u0455\u0405\u0456\u0406\u0457\u0407\u0458\u0408' +
  '\u0459\u0409\u045a\u040a\u045b\u040b\u045c\u040c\u045e\u040e\u045f\u040f\u044e\u042e\u044a\u042a' +
  '\u0430\u0410\u0431\u0411\u0446\u0426\u0434\u0414\u0435\u0415\u0444\u0424\u0433\u0413\u00ab\u00bb' +
  '\u2591\u2592\u2593\u2502\u2524\u0445\u0425\u0438\u0418\u2563\u2551\u2557\u255d\u0439\u0419\u2510' +
  '\u2514\u2534\u252c\u251c\u2500\u253c\u043a\u041a\u255a\u2554\u2569\u2566\u2560\u2550\u256c\u00a4' +
  '\u043b\u041b\u043c\u041c\u043d\u041d\u043e\u041e\u043f\u2518\u250c\u2588\u2584\u041f\u044f\u2580' +
  '\u042f\u0440\u0420\u0441\u0421\u0442\u0422\u0443\u0423\u0436\u0416\u0432\u0412\u044c\u042c\u2116' +
  '\u00ad\u044b\u042b\u0437\u0417\u0448\u0428\u044d\u042d\u0449\u0429\u0447\u0427\u00a7\u25a0\u00a0';

/** A single-byte code page from the characters of its upper half; the lower half is ASCII. */
function codePage(high: string): ChunkDecoder {
  return {
    decode(chunk) {
      let out = '';
      for (let i = 0; i < chunk.length; i += LATIN1_SLICE) {
        const slice = chunk.subarray(i, i + LATIN1_SLICE);
        out += String.fromCharCode(...Array.from(slice, (b) => (b < 0x80 ? b : high.charCodeAt(b - 0x80))));
      }
      return out;
    },
  };
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
  if (name === 'IBM855') return codePage(IBM855_HIGH);
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
