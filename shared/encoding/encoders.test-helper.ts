/** UTF-32 by hand for tests (iconv-lite's UTF-32 adds a BOM of its own): four bytes per code point. */
export function utf32(text: string, littleEndian: boolean): Uint8Array {
  const points = [...text].map((char) => char.codePointAt(0) ?? 0);
  const out = new DataView(new ArrayBuffer(points.length * 4));
  points.forEach((cp, i) => out.setUint32(i * 4, cp, littleEndian));
  return new Uint8Array(out.buffer);
}

let table1258: Map<string, number> | undefined;

/**
 * Vietnamese as windows-1258 writes it (iconv-lite cannot): a precomposed letter where the code
 * page has one, else the base letter (with its circumflex, breve or horn) and a combining tone mark.
 */
export function windows1258(text: string): Uint8Array {
  if (!table1258) {
    table1258 = new Map();
    const decoder = new TextDecoder('windows-1258');
    for (let byte = 0x80; byte < 0x100; byte++) {
      const char = decoder.decode(new Uint8Array([byte]));
      if (!table1258.has(char)) table1258.set(char, byte);
    }
  }
  const table = table1258;
  const out: number[] = [];
  for (const char of text.normalize('NFC')) {
    const direct = char.charCodeAt(0) < 0x80 ? char.charCodeAt(0) : table.get(char);
    if (direct !== undefined) {
      out.push(direct);
      continue;
    }
    const parts = [...char.normalize('NFD')];
    const tone = parts.find((part) => '\u0300\u0301\u0303\u0309\u0323'.includes(part));
    const base = parts
      .filter((part) => part !== tone)
      .join('')
      .normalize('NFC');
    const baseByte = base.charCodeAt(0) < 0x80 ? base.charCodeAt(0) : table.get(base);
    const toneByte = tone === undefined ? undefined : table.get(tone);
    if (baseByte === undefined || toneByte === undefined) throw new Error(`windows-1258 cannot write ${char}`);
    out.push(baseByte, toneByte);
  }
  return new Uint8Array(out);
}
