/**
 * Is a sample text, and in which encoding? Order: byte-order mark, UTF-16 without a BOM (NUL bytes
 * in a regular pattern), strict UTF-8, then the legacy encodings the spec lists (GBK, Big5, then
 * ISO-8859-1 read as windows-1252). This only has to be good enough to read the structure of a text
 * format; the encoding tool does the careful guessing.
 */

export interface DecodedText {
  readonly text: string;
  /** ASCII, UTF-8, UTF-8-BOM, UTF-16LE(-BOM), UTF-16BE(-BOM), GBK, Big5, windows-1252. */
  readonly encoding: string;
}

const decoder = (label: string) => new TextDecoder(label, { fatal: true, ignoreBOM: true });

/**
 * Bytes that never occur in text: C0 controls except BEL, BS, TAB, LF, VT, FF, CR and ESC, and
 * DEL. libmagic uses the same set; 0x1A is allowed too, as the DOS end-of-file mark.
 */
function isBinaryByte(byte: number): boolean {
  return byte < 0x07 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b && byte !== 0x1a) || byte === 0x7f;
}

/** Same rule on decoded UTF-16 code units (C1 controls count as binary there). */
function isControlUnit(unit: number): boolean {
  return (
    (unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d && unit !== 0x0c && unit !== 0x1b) ||
    (unit >= 0x7f && unit < 0xa0) ||
    unit === 0xfffe ||
    unit === 0xffff
  );
}

function strict(label: string, bytes: Uint8Array): string | undefined {
  try {
    return decoder(label).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Strict decode that forgives a multi-byte character cut by the end of a partial sample. */
function strictAllowingCut(label: string, bytes: Uint8Array, complete: boolean, unit = 1): string | undefined {
  const whole = strict(label, bytes);
  if (whole !== undefined || complete) return whole;
  for (let cut = unit; cut <= 3 * unit && cut < bytes.length; cut += unit) {
    const text = strict(label, bytes.subarray(0, bytes.length - cut));
    if (text !== undefined) return text;
  }
  return undefined;
}

const controlShare = (text: string) => {
  let controls = 0;
  for (let index = 0; index < text.length; index += 1) if (isControlUnit(text.charCodeAt(index))) controls += 1;
  return text.length === 0 ? 0 : controls / text.length;
};

function utf16(bytes: Uint8Array, little: boolean, complete: boolean): string | undefined {
  const even = bytes.length - (bytes.length % 2);
  const text = strictAllowingCut(little ? 'utf-16le' : 'utf-16be', bytes.subarray(0, even), complete, 2);
  return text !== undefined && controlShare(text) === 0 ? text : undefined;
}

/**
 * UTF-16 without a BOM: in ASCII-heavy text every other byte is NUL; in CJK text there are few NULs
 * but the decode is clean either way. A byte order is taken when it decodes with no controls and
 * the zero bytes sit (almost) only on its high-byte side.
 */
function bomlessUtf16(bytes: Uint8Array, complete: boolean): DecodedText | undefined {
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index + 1 < bytes.length; index += 2) {
    if (bytes[index] === 0) evenZeros += 1;
    if (bytes[index + 1] === 0) oddZeros += 1;
  }
  const pairs = Math.floor(bytes.length / 2);
  if (pairs < 2) return undefined;
  const little = oddZeros > evenZeros;
  const [high, low] = little ? [oddZeros, evenZeros] : [evenZeros, oddZeros];
  // Mostly-ASCII UTF-16 has NULs in at least a third of the high bytes and (almost) none in the low ones.
  if (high < pairs / 3 || low > pairs / 100) return undefined;
  const text = utf16(bytes, little, complete);
  return text === undefined ? undefined : { text, encoding: little ? 'UTF-16LE' : 'UTF-16BE' };
}

/**
 * Decodes a sample when it is text. `complete` says the sample is the whole file (so a cut
 * character at the end is an error, not an artefact of sampling).
 */
export function decodeText(bytes: Uint8Array, complete: boolean): DecodedText | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    const text = strictAllowingCut('utf-8', bytes.subarray(3), complete);
    return text !== undefined && controlShare(text) === 0 ? { text, encoding: 'UTF-8-BOM' } : undefined;
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    const little = bytes[0] === 0xff;
    const text = utf16(bytes.subarray(2), little, complete);
    return text === undefined ? undefined : { text, encoding: little ? 'UTF-16LE-BOM' : 'UTF-16BE-BOM' };
  }
  if (bytes.includes(0)) return bomlessUtf16(bytes, complete);
  if (bytes.some(isBinaryByte)) return undefined;
  // windows-1252 is the identity on ASCII bytes.
  if (!bytes.some((byte) => byte >= 0x80)) return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'ASCII' };
  const utf8 = strictAllowingCut('utf-8', bytes, complete);
  if (utf8 !== undefined) return controlShare(utf8) === 0 ? { text: utf8, encoding: 'UTF-8' } : undefined;
  for (const [label, encoding] of [
    ['gbk', 'GBK'],
    ['big5', 'Big5'],
  ] as const) {
    const text = strictAllowingCut(label, bytes, complete);
    if (text !== undefined) return { text, encoding };
  }
  return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
}
