/**
 * Text formats that name their own encoding: an XML declaration (`<?xml … encoding="gb2312"?>`),
 * an HTML `<meta charset>` or `<meta http-equiv="Content-Type" content="…; charset=…">`, a CSS
 * `@charset`. A file converted to UTF-8 that still says gb2312 is read as gb2312 by browsers, XML
 * parsers and editors — mojibake — so the converter rewrites what it finds to UTF-8.
 */

/**
 * Declarations are looked for this far into the text: the XML declaration and `@charset` must
 * open the file, and browsers only honour a `<meta>` charset within the first 1024 bytes; a page
 * with a long comment before `<head>` still gets its meta rewritten.
 */
export const DECLARATION_SCAN_CHARS = 8 * 1024;

const PATTERNS: readonly RegExp[] = [
  // XML declaration: only at the very start (after a BOM or whitespace is already not allowed).
  /^(\uFEFF?<\?xml\b[^>]*?\bencoding\s*=\s*["'])([^"']+)(["'])/i,
  // <meta charset="gb2312"> (quoted or not)
  /(<meta\b[^>]*?\bcharset\s*=\s*["']?)([\w.:-]+)()/gi,
  // CSS: must be the first thing in the style sheet, in exactly this form.
  /^(\uFEFF?@charset\s+")([^"]+)(")/i,
];

export interface RewrittenDeclaration {
  text: string;
  /** The encoding names the text declared before (as written), empty when nothing changed. */
  declared: string[];
}

const isUtf8 = (name: string) => /^utf-?8$/i.test(name);

/**
 * Rewrites every declared encoding near the start of `text` to UTF-8. The `<meta>` pattern covers
 * both the charset attribute and the http-equiv content's `charset=` parameter.
 */
export function rewriteDeclaredEncoding(text: string): RewrittenDeclaration {
  const declared: string[] = [];
  const head = text.slice(0, DECLARATION_SCAN_CHARS);
  let rewritten = head;
  for (const pattern of PATTERNS) {
    rewritten = rewritten.replace(pattern, (match: string, before: string, name: string, after: string) => {
      if (isUtf8(name)) return match;
      declared.push(name);
      return `${before}UTF-8${after}`;
    });
  }
  return declared.length ? { text: rewritten + text.slice(head.length), declared } : { text, declared };
}
