import { DOMParser } from '@xmldom/xmldom';
import type { Document, Element } from '@xmldom/xmldom';
import { BookImportError } from './errors';

/** Parses a book's XML part (xmldom: DOMParser does not exist in workers); malformed XML is a damaged book. */
export function parseXml(text: string, part: string): Document {
  try {
    return new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml');
  } catch {
    throw new BookImportError('corrupt', `${part} is not well-formed XML`);
  }
}

/** Descendants by local name, whatever the prefix or namespace (OPF files use dc:, opf: or none). */
export function byLocalName(root: Document | Element, name: string): Element[] {
  return Array.from(root.getElementsByTagName('*')).filter((element) => (element.localName ?? element.nodeName) === name);
}

export const textOf = (element: Element | undefined): string => (element?.textContent ?? '').replace(/\s+/g, ' ').trim();

export const attribute = (element: Element | undefined, name: string): string => element?.getAttribute(name) ?? '';
