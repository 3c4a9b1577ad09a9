/** UTF-32 by hand for tests (iconv-lite's UTF-32 adds a BOM of its own): four bytes per code point. */
export function utf32(text: string, littleEndian: boolean): Uint8Array {
  const points = [...text].map((char) => char.codePointAt(0) ?? 0);
  const out = new DataView(new ArrayBuffer(points.length * 4));
  points.forEach((cp, i) => out.setUint32(i * 4, cp, littleEndian));
  return new Uint8Array(out.buffer);
}
