import { DOMParser } from '@xmldom/xmldom';
import type { Element, Node } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import { decodeAll } from '@shared/encoding/decode';
import { detectEncoding } from '@shared/encoding/detect';

import { TEXT_IMPORT_MAX_BYTES } from './text-import-limits';
import type { TextImportError } from './text-import-limits';

export { TEXT_IMPORT_ACCEPT, TEXT_IMPORT_MAX_BYTES } from './text-import-limits';
export type { TextImportError } from './text-import-limits';

export type TextImportResult = { ok: true; text: string } | { ok: false; error: TextImportError };

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** The text to write out from an imported file's bytes, or why there is none. */
export function importText(name: string, bytes: Uint8Array): TextImportResult {
  const lower = name.toLowerCase();
  const docx = lower.endsWith('.docx');
  if (!docx && !/\.(txt|md|markdown)$/.test(lower)) return { ok: false, error: 'wrongType' };
  if (bytes.length > TEXT_IMPORT_MAX_BYTES) return { ok: false, error: 'tooLarge' };
  if (bytes.length === 0) return { ok: false, error: 'empty' };
  const result = docx ? docxText(bytes) : plainText(bytes);
  if (result.ok && result.text.trim() === '') return { ok: false, error: 'empty' };
  return result;
}

/** In whatever encoding the file was saved (GBK, Big5, UTF-16…), CRLF made LF. */
function plainText(bytes: Uint8Array): TextImportResult {
  const detection = detectEncoding(bytes);
  if (detection.encoding === 'binary') return { ok: false, error: 'binary' };
  const text = decodeAll(bytes, detection.encoding)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  return { ok: true, text };
}

/**
 * The body text of a Word document: one line per paragraph, tabs and line breaks kept, tables read
 * cell by cell. Only word/document.xml is inflated (headers, pictures and fonts stay packed).
 */
export function docxText(bytes: Uint8Array): TextImportResult {
  let xml: Uint8Array | undefined;
  try {
    xml = unzipSync(bytes, { filter: (file) => file.name === 'word/document.xml' })['word/document.xml'];
  } catch {
    return { ok: false, error: 'corrupt' };
  }
  if (!xml) return { ok: false, error: 'corrupt' };
  let body: Element | undefined;
  try {
    const doc = new DOMParser({ onError: () => undefined }).parseFromString(new TextDecoder().decode(xml), 'text/xml');
    body = doc.getElementsByTagNameNS(W_NS, 'body')[0];
  } catch {
    return { ok: false, error: 'corrupt' };
  }
  if (!body) return { ok: false, error: 'corrupt' };
  const paragraphs: string[] = [];
  for (const paragraph of Array.from(body.getElementsByTagNameNS(W_NS, 'p'))) paragraphs.push(runText(paragraph));
  return { ok: true, text: paragraphs.join('\n').replace(/\n+$/, '') };
}

function runText(node: Node): string {
  let out = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    if (element.namespaceURI !== W_NS) continue;
    switch (element.localName) {
      case 't':
        out += element.textContent ?? '';
        break;
      case 'tab':
        out += '\t';
        break;
      case 'br':
      case 'cr':
        out += '\n';
        break;
      // A nested paragraph (a text box's) is read where it stands by the caller's own walk, and
      // deleted text of tracked changes is not part of the document as it reads.
      case 'p':
      case 'del':
        break;
      default:
        out += runText(element);
    }
  }
  return out;
}
