/** Text file decoding in the order of spec §9 (UTF-8, then GBK, then ISO-8859-1), after a UTF-16 byte-order mark check. */
export type TextEncodingName = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'GBK' | 'ISO-8859-1';

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncodingName } {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'UTF-16BE' };
  for (const encoding of ['UTF-8', 'GBK'] as const) {
    try {
      // fatal: a byte sequence invalid in this encoding means the file is in another one.
      return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes), encoding };
    } catch {
      // try the next encoding
    }
  }
  // Every byte is a valid ISO-8859-1 character, so this always succeeds.
  return { text: new TextDecoder('iso-8859-1').decode(bytes), encoding: 'ISO-8859-1' };
}
