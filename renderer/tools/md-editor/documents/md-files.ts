import { decodeAll } from '@shared/encoding/decode';
import { detectEncoding } from '@shared/encoding/detect';
import type { EncodingName } from '@shared/encoding/names';

import { isMarkdownFileName, MD_IMPORT_MAX_BYTES } from './import-rules';

export type MdImportError = 'tooLarge' | 'wrongType' | 'binary';

export type MdImportResult = { ok: true; title: string; content: string; encoding: EncodingName } | { ok: false; error: MdImportError };

/** The file's name without a Markdown/text extension: the new document's title. */
export function titleFromFileName(name: string): string {
  const bare = name.replace(/\.(md|markdown|txt)$/i, '').trim();
  return bare || name;
}

/**
 * Reads an imported file's bytes as text in whatever encoding it was saved in (GBK, Big5, UTF-16…,
 * named by the project's detector), without a BOM and with CRLF line ends made LF so the editor and
 * the exports see one kind. The size is checked before this is called with the bytes (the caller
 * should not read a 2 GB file to refuse it), and again here.
 */
export function decodeMarkdownFile(name: string, bytes: Uint8Array): MdImportResult {
  if (!isMarkdownFileName(name)) return { ok: false, error: 'wrongType' };
  if (bytes.length > MD_IMPORT_MAX_BYTES) return { ok: false, error: 'tooLarge' };
  const detection = detectEncoding(bytes);
  if (detection.encoding === 'binary') return { ok: false, error: 'binary' };
  const text = decodeAll(bytes, detection.encoding)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  return { ok: true, title: titleFromFileName(name), content: text, encoding: detection.encoding };
}

// eslint-disable-next-line no-control-regex -- control characters are what some file systems refuse
const UNSAFE_IN_FILE_NAMES = /[\u0000-\u001f<>:"/\\|?*]+/g;

/** A file name for an export: the title without characters file systems refuse, never empty. */
export function exportFileName(title: string, extension: 'md' | 'html' | 'pdf', fallback: string): string {
  const safe = title.replace(UNSAFE_IN_FILE_NAMES, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, 120);
  return `${safe || fallback}.${extension}`;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface StandaloneHtmlInput {
  title: string;
  /** The rendered, sanitised document (a fragment for inside <body>). */
  body: string;
  /** Every style the fragment needs, inlined: the file must look the same opened from a disk, offline. */
  css: string;
  lang: string;
}

/**
 * One self-contained HTML file: no link, script or font outside it. Print rules keep code blocks,
 * tables, formulas and diagrams whole on a page and drop the screen's background, so printing the
 * same file is the PDF export.
 */
export function standaloneHtml({ title, body, css, lang }: StandaloneHtmlInput): string {
  // A '</style' inside the CSS would end the element early and spill the rest into the page.
  const safeCss = css.replace(/<\/style/gi, '<\\/style');
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { margin: 0 auto; max-width: 860px; padding: 32px 24px; font-family: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif; line-height: 1.7; color: #1f2328; background: #fff; }
img, svg { max-width: 100%; }
table { border-collapse: collapse; }
th, td { border: 1px solid #d0d7de; padding: 6px 12px; }
pre { overflow: auto; }
@media print {
  body { max-width: none; padding: 0; }
  pre, table, figure, .katex-display, .mermaid, img, svg { break-inside: avoid; }
  h1, h2, h3, h4 { break-after: avoid; }
  pre { white-space: pre-wrap; overflow: visible; }
}
${safeCss}
</style>
</head>
<body>
<article class="markdown-body">
${body}
</article>
</body>
</html>
`;
}

/**
 * Makes a stylesheet's fonts part of it: each woff2 `url(...)` (KaTeX's fonts, served from the
 * site's /assets) becomes the data: URL `load` answers, so the exported file draws formulas the
 * same from a disk, offline. The woff and ttf fallbacks go: every browser that opens the file reads
 * woff2, and leaving them would keep links to the site. A font `load` cannot read stays linked.
 */
export async function inlineFontUrls(css: string, load: (url: string) => Promise<string | undefined>): Promise<string> {
  let out = css.replace(/,\s*url\((['"]?)[^)'"]+\.(?:woff|ttf)\1\)\s*format\((['"])(?:woff|truetype)\2\)/g, '');
  const urls = new Set(Array.from(out.matchAll(/url\((['"]?)([^)'"]+\.woff2)\1\)/g), (match) => match[2]!));
  for (const url of urls) {
    const data = await load(url);
    if (data) out = out.split(url).join(data);
  }
  return out;
}
