/**
 * Zip entry names are bytes. With the UTF-8 flag (bit 11) they are UTF-8; without it the spec says
 * CP437, but archives made by Windows in China (the system zip, WinRAR, 360压缩, Bandizip in legacy
 * mode) write the ANSI code page, GBK. So, in the spec's order (§9): valid UTF-8 first (many tools
 * omit the flag), then GBK (what a Chinese user's archive most likely is), then ISO-8859-1, which
 * reads any bytes: a name from another code page (CP866, say) stays one character per byte instead
 * of collapsing into replacement characters.
 */
export function decodeEntryName(raw: Uint8Array, utf8Flag: boolean): string {
  if (utf8Flag || raw.every((byte) => byte < 0x80)) return new TextDecoder('utf-8').decode(raw);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    // not UTF-8: a legacy code page
  }
  try {
    return new TextDecoder('gbk', { fatal: true }).decode(raw);
  } catch {
    return new TextDecoder('iso-8859-1').decode(raw);
  }
}
