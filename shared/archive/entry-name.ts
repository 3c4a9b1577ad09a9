/**
 * Zip entry names are bytes. With the UTF-8 flag (bit 11) they are UTF-8; without it the spec says
 * CP437, but archives made by Windows in China (the system zip, WinRAR, 360压缩, Bandizip in legacy
 * mode) write the ANSI code page, GBK. So, in the spec's order (§9): valid UTF-8 first (many tools
 * omit the flag), then GBK (what a Chinese user's archive most likely is), then ISO-8859-1, which
 * reads any bytes: a name from another code page (CP866, say) stays one character per byte instead
 * of collapsing into replacement characters.
 *
 * The choice is made once per archive (`decodeEntryNames`), not per name: GBK bytes of common
 * characters are often valid UTF-8 too (图片 is CD BC C6 AC, which UTF-8 reads as "ͼƬ"), and a
 * per-name choice splits one folder into "图片" and "ͼƬ".
 */

export interface RawEntryName {
  raw: Uint8Array;
  /** General purpose bit 11: the name is UTF-8. */
  utf8Flag: boolean;
}

const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('iso-8859-1');
const isAscii = (raw: Uint8Array) => raw.every((byte) => byte < 0x80);

const strict = new Map<string, TextDecoder>();

function strictly(encoding: 'utf-8' | 'gbk', raw: Uint8Array): string | undefined {
  let decoder = strict.get(encoding);
  if (!decoder) strict.set(encoding, (decoder = new TextDecoder(encoding, { fatal: true })));
  try {
    return decoder.decode(raw);
  } catch {
    return undefined;
  }
}

/** UTF-8, else GBK, else ISO-8859-1: the per-name order, for a name on its own. */
export function decodeEntryName(raw: Uint8Array, utf8Flag: boolean): string {
  if (utf8Flag || isAscii(raw)) return utf8.decode(raw);
  return strictly('utf-8', raw) ?? strictly('gbk', raw) ?? latin1.decode(raw);
}

/** Valid UTF-8 made of 2-byte sequences only (U+0080–U+07FF): what GBK Chinese looks like when read as UTF-8. */
function onlyTwoByteSequences(raw: Uint8Array): boolean {
  return raw.every((byte) => byte < 0xe0);
}

/**
 * Every non-ASCII character is a GB2312 one (lead 0xA1–0xF7, trail 0xA1–0xFE): the 7 445 common
 * characters (hanzi, CJK punctuation, full-width forms) of the table GBK extends. Rare GBK-only
 * characters (trail below 0xA1) are what 2-byte UTF-8 letters such as Cyrillic р–я look like.
 */
function commonGbk(raw: Uint8Array): boolean {
  for (let at = 0; at < raw.length; at++) {
    const lead = raw[at]!;
    if (lead < 0x80) continue;
    const trail = raw[++at];
    if (lead < 0xa1 || lead > 0xf7 || trail === undefined || trail < 0xa1 || trail > 0xfe) return false;
  }
  return strictly('gbk', raw) !== undefined;
}

type Script = 'latin' | 'greek' | 'cyrillic' | 'hebrew' | 'arabic';

/** Letters of the alphabets people write file names in, as 2-byte UTF-8 encodes them. */
function letterScript(code: number): Script | undefined {
  if (
    (code >= 0xc0 && code <= 0xff && code !== 0xd7 && code !== 0xf7) ||
    (code >= 0x100 && code <= 0x17e && ![0x138, 0x13f, 0x140, 0x149].includes(code))
  )
    return 'latin';
  if (code === 0x386 || (code >= 0x388 && code <= 0x3ce && code !== 0x38b && code !== 0x38d && code !== 0x3a2)) return 'greek';
  if (code >= 0x400 && code <= 0x45f) return 'cyrillic';
  if (code >= 0x5d0 && code <= 0x5ea) return 'hebrew';
  if (code >= 0x620 && code <= 0x64a) return 'arabic';
  return undefined;
}

/**
 * Whether a 2-byte UTF-8 reading looks like words rather than GBK read wrongly: each run of
 * non-ASCII characters is letters of one alphabet ("café", "Ärger", "kůň", "обед"), or a single
 * Latin-1 sign ("½", "°"). Read as UTF-8, GBK hanzi come out as runs of characters from rare
 * blocks and mixed scripts: "ͼƬ" (图片), "ѧϰ" (学习), "Ŀ¼" (目录), "֪ͨ" (通知).
 */
function plausibleText(text: string): boolean {
  for (const run of text.match(/[^\p{ASCII}]+/gu) ?? []) {
    const codes = [...run].map((character) => character.codePointAt(0)!);
    if (codes.length === 1 && codes[0]! >= 0xa0 && codes[0]! <= 0xbf) continue;
    const scripts = new Set(codes.map(letterScript));
    if (scripts.size !== 1 || scripts.has(undefined)) return false;
  }
  return true;
}

/**
 * Names of one archive. Flagged and ASCII names are UTF-8. The others share one encoding, chosen
 * from all of them: a legacy code page (GBK, else ISO-8859-1 for a name GBK cannot read) when any
 * is not valid UTF-8; UTF-8 when any uses 3- or 4-byte sequences (CJK written by macOS or Linux
 * zip without the flag); and when all are 2-byte UTF-8, GBK if every one reads as common GB 2312
 * characters and some UTF-8 reading is gibberish.
 */
export function decodeEntryNames(names: readonly RawEntryName[]): string[] {
  const legacy = names.filter(({ raw, utf8Flag }) => !utf8Flag && !isAscii(raw)).map(({ raw }) => raw);
  const readings = legacy.map((raw) => strictly('utf-8', raw));
  const gbk =
    readings.some((reading) => reading === undefined) ||
    (legacy.length > 0 &&
      legacy.every(onlyTwoByteSequences) &&
      legacy.every(commonGbk) &&
      readings.some((reading) => !plausibleText(reading!)));
  return names.map(({ raw, utf8Flag }) => {
    if (utf8Flag || isAscii(raw)) return utf8.decode(raw);
    return gbk ? (strictly('gbk', raw) ?? latin1.decode(raw)) : utf8.decode(raw);
  });
}
