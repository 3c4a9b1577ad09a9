/**
 * Chinese line-breaking rules (禁则): closing punctuation never starts a line, opening brackets never
 * end one. Full-width and the half-width forms Chinese text mixes in.
 */
const NO_LINE_START = new Set([...'。，、；：？！）」』】》〉〕〗〙｝］…‥—～·・％‰℃’”．,.;:?!)]}%']);
const NO_LINE_END = new Set([...'（「『【《〈〔〖〘｛［‘“([{']);

export function cannotStartLine(ch: string): boolean {
  return NO_LINE_START.has(ch);
}

export function cannotEndLine(ch: string): boolean {
  return NO_LINE_END.has(ch);
}

/** Han, kana, hangul, full-width forms and CJK punctuation: one em wide and breakable after any of them. */
export function isWide(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return (
    (code >= 0x2e80 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x20000 && code <= 0x3134f)
  );
}

/** A character that writes a Han ideograph (what a 涂改 correction may strike out). */
export function isHan(ch: string): boolean {
  return /\p{Script=Han}/u.test(ch);
}
