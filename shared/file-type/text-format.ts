/**
 * Which text format a decoded sample is: the part of identification that magic bytes cannot do.
 * Rules run from the most to the least specific — a signature line (WEBVTT, #EXTM3U, [Script Info],
 * Windows Registry, BEGIN:VCARD…), markup by its root element, JSON by grammar, SRT by its cue
 * shape, scripts by shebang, then source code, CSV/TSV, YAML, Markdown, INI — and fall back to
 * plain text. Returns a catalogue key.
 */
import { detectLanguage, shebangLanguage } from './code';
import { checkJson, isJsonLines } from './json-check';

const SRT_CUE = /^\d+[ \t]*\r?\n\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}[ \t]*-->[ \t]*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}/;
const HTML_TAG = /<(?:!doctype\s+html|html|head|body|title|meta|script|style|table|frameset|a\s+href=|h[1-6]|p|div|br|link)\b/i;
/** Elements that only HTML fragments start with: an undeclared `<div>…</div>` is HTML, not XML. */
const HTML_ELEMENTS = new Set([
  'a',
  'article',
  'aside',
  'b',
  'blockquote',
  'br',
  'button',
  'center',
  'dd',
  'div',
  'dl',
  'em',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'i',
  'iframe',
  'img',
  'input',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'select',
  'span',
  'strong',
  'table',
  'tbody',
  'td',
  'textarea',
  'tr',
  'u',
  'ul',
]);
const HTML_START = /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body|title|meta|script|style|table|frameset)\b/i;

/** XML dialects by root element (local name, then namespace where the name is generic). */
function xmlDialect(root: string, attributes: string): string {
  const local = root.includes(':') ? root.slice(root.indexOf(':') + 1) : root;
  switch (local.toLowerCase()) {
    case 'svg':
      return 'svg';
    case 'html':
      return 'xhtml';
    case 'rss':
    case 'rdf':
      return /rss|purl\.org\/rss/i.test(root + attributes) || local === 'rss' ? 'rss' : 'xml';
    case 'feed':
      return /w3\.org\/2005\/Atom/i.test(attributes) ? 'atom' : 'xml';
    case 'plist':
      return 'plist';
    case 'tt':
      return /ns\/ttml/i.test(attributes) ? 'ttml' : 'xml';
    case 'kml':
      return 'kml';
    case 'gpx':
      return 'gpx';
    default:
      return 'xml';
  }
}

/** Skips the prolog (declaration, comments, processing instructions, DOCTYPE) and reads the root tag. */
function rootElement(text: string): { name: string; attributes: string; doctype: string } | undefined {
  let at = 0;
  let doctype = '';
  const past = (marker: string) => {
    const end = text.indexOf(marker, at);
    return end < 0 ? -1 : end + marker.length;
  };
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at += 1;
    let next: number;
    if (text.startsWith('<?', at)) next = past('?>');
    else if (text.startsWith('<!--', at)) next = past('-->');
    else if (/^<!doctype/i.test(text.slice(at, at + 9))) {
      const end = past('>');
      // An internal subset can hold '>' characters: skip to its closing bracket instead.
      const subset = text.indexOf('[', at);
      next = subset >= 0 && end >= 0 && subset < end ? past(']>') : end;
      doctype = text.slice(at, next);
    } else break;
    // A prolog cut by the end of the sample: no root to read.
    if (next < 0) return undefined;
    at = next;
  }
  const match = /^<([A-Za-z_][\w.:-]*)([^>]*)/.exec(text.slice(at, at + 4096));
  return match ? { name: match[1]!, attributes: match[2]!, doctype } : undefined;
}

function markup(text: string, complete: boolean): string | undefined {
  const root = rootElement(text);
  const declared = /^\s*<\?xml\s/.test(text);
  // With an XML declaration an XHTML page is XML (libmagic says so too); without one browsers read it as HTML.
  if (declared && root?.name === 'html' && /xmlns=["']http:\/\/www\.w3\.org\/1999\/xhtml/.test(root.attributes)) return 'xhtml';
  if (/^<!doctype\s+html/i.test(root?.doctype ?? '') || root?.name.toLowerCase() === 'html') return 'html';
  if (!declared && HTML_START.test(text)) return 'html';
  if (!root) return undefined;
  const dialect = xmlDialect(root.name, root.attributes);
  if (declared || dialect !== 'xml') return dialect;
  if (HTML_ELEMENTS.has(root.name.toLowerCase())) return 'html';
  // No declaration and a generic root: XML only if the root is closed (or the sample is cut inside it).
  const closed = text.includes(`</${root.name}>`) || /\/>\s*$/.test(text.slice(0, 4096).split('\n')[0] ?? '');
  if (closed || !complete) return 'xml';
  return HTML_TAG.test(text.slice(0, 4096)) ? 'html' : undefined;
}

/** Splits one line of delimited text into fields, honouring double quotes. Undefined when a quote stays open. */
function countFields(line: string, delimiter: string): number | undefined {
  let fields = 1;
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) fields += 1;
  }
  return quoted ? undefined : fields;
}

/**
 * Delimited records: at least three rows with the same number (≥ 2) of fields, quoted newlines
 * allowed (libmagic also wants three). Comma, semicolon and pipe give CSV, tab TSV.
 */
function delimited(text: string, complete: boolean): 'csv' | 'tsv' | undefined {
  const records: string[] = [];
  let current = '';
  for (const line of text.split(/\r?\n/)) {
    current = current ? `${current}\n${line}` : line;
    if ((current.match(/"/g)?.length ?? 0) % 2 === 0) {
      records.push(current);
      current = '';
    }
    if (records.length >= 50) break;
  }
  if (!complete && records.length > 1 && current === '') records.pop();
  const rows = records.filter((record) => record.trim() !== '');
  if (rows.length < 3) return undefined;
  for (const delimiter of ['\t', ',', ';', '|']) {
    const counts = rows.map((row) => countFields(row, delimiter));
    const first = counts[0];
    if (first === undefined || first < 2) continue;
    // A delimiter that only ever ends the line (`;` after every statement of code) separates nothing.
    if (rows.every((row) => row.trimEnd().endsWith(delimiter))) continue;
    if (counts.every((count) => count === first)) {
      return delimiter === '\t' ? 'tsv' : 'csv';
    }
  }
  return undefined;
}

function markdown(lines: string[]): boolean {
  const clues = [
    /^#{1,6}\s+\S/, // heading
    /^```|^~~~/, // fenced code
    /\[[^\]]+\]\((?:https?:|\.{0,2}\/|#|[\w-]+\.(?:md|html?|png|jpe?g|gif|svg))[^)\s]*\)/, // link
    /^\s*[-*+]\s+\[[ xX]\]\s/, // task list
    /^\|.*\|\s*$/, // table row
    /^\s*\|?\s*:?-{3,}:?\s*\|/, // table rule
    /^>\s/, // quote
    /\*\*[^*\s][^*]*[^*\s]\*\*/, // strong
    /^!\[[^\]]*\]\(/, // image
  ];
  const hit = new Set<number>();
  for (const line of lines) clues.forEach((clue, index) => clue.test(line) && hit.add(index));
  return hit.size >= 2 && (hit.has(0) || hit.has(1) || hit.has(4));
}

function yaml(lines: string[]): boolean {
  const significant = lines.filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  if (significant.length < 3) return false;
  const keyLine = /^\s*(?:-\s+)?[\w.'"-][\w .'"/-]*:(?:\s+.*)?$/;
  const itemLine = /^\s*-\s+\S/;
  const nested = significant.some((line) => /^\s+\S/.test(line));
  return (
    (lines[0]?.trim() === '---' || nested) &&
    significant.every((line) => keyLine.test(line) || itemLine.test(line) || line.trim() === '---' || line.trim() === '...')
  );
}

function ini(lines: string[]): boolean {
  const significant = lines.filter((line) => line.trim() !== '' && !/^\s*[;#]/.test(line));
  const sections = significant.filter((line) => /^\s*\[[^\]]+\]\s*$/.test(line)).length;
  const pairs = significant.filter((line) => /^\s*[^=\s[][^=]*=/.test(line)).length;
  return sections >= 1 && pairs >= 1 && sections + pairs === significant.length && /^\s*\[/.test(significant[0] ?? '');
}

function email(lines: string[]): boolean {
  const blank = lines.findIndex((line) => line.trim() === '');
  const headers = (blank < 0 ? lines : lines.slice(0, blank)).filter((line) => !/^\s/.test(line));
  const names = headers.map((line) => /^([A-Za-z][\w-]*):/.exec(line)?.[1]?.toLowerCase());
  const known = new Set(
    names.filter(
      (name) =>
        name && ['from', 'to', 'subject', 'date', 'received', 'message-id', 'return-path', 'mime-version', 'content-type'].includes(name),
    ),
  );
  return blank > 0 && headers.length >= 2 && names.every(Boolean) && known.size >= 2;
}

/** The text format of a decoded sample; `complete` when the sample is the whole file. */
export function detectTextFormat(sample: string, complete: boolean): string {
  const text = sample.replace(/^\uFEFF/, '');
  const start = text.trimStart();
  const firstLine = start.slice(0, start.search(/\r?\n|$/));
  if (start.startsWith('{\\rtf')) return 'rtf';
  if (text.startsWith('#!')) return shebangLanguage(firstLine) ?? 'txt';
  // Playlists must open with #EXTM3U, but parsers (and real files) allow comment lines above it.
  if (/^(?:#[^\n]*\n|\s*\n){0,10}?#EXTM3U\b/.test(start.replace(/\r/g, ''))) return /^#EXT-X-/m.test(start) ? 'm3u8' : 'm3u';
  if (/^WEBVTT(?:[ \t]|\r?\n|$)/.test(start)) return 'vtt';
  if (/^\[Script Info\]/i.test(start)) return 'ass';
  if (/^(?:Windows Registry Editor Version \d|REGEDIT4)/.test(start)) return 'reg';
  if (/^BEGIN:VCARD\b/i.test(start)) return 'vcf';
  if (/^BEGIN:VCALENDAR\b/i.test(start)) return 'ics';
  if (SRT_CUE.test(start)) return 'srt';
  if (start.startsWith('<')) {
    const found = markup(start, complete);
    if (found) return found;
  }
  if (start.startsWith('{') || start.startsWith('[')) {
    const verdict = checkJson(start);
    if (verdict === 'json' || (verdict === 'prefix' && !complete)) return 'json';
    if (isJsonLines(start, complete)) return 'jsonl';
  }
  if (/^solid\b[^\n]*\r?\n\s*facet\s+normal\b/.test(start)) return 'stl';
  if (/^<\?php\b/.test(start)) return 'php';
  if (/^@echo\s+off\b/i.test(start)) return 'bat';
  if (/^diff --git |^--- \S.*\r?\n\+\+\+ \S/.test(start) && /^@@ /m.test(start)) return 'diff';
  const lines = start.split(/\r?\n/, 200);
  if (email(lines)) return 'eml';
  const language = detectLanguage(start);
  if (language) return language;
  const table = delimited(start, complete);
  if (table) return table;
  // YAML before Markdown: its comment lines look like Markdown headings.
  if (yaml(lines)) return 'yaml';
  if (markdown(lines)) return 'md';
  if (ini(lines)) return 'ini';
  return 'txt';
}
