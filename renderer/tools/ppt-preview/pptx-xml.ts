import { DOMParser } from '@xmldom/xmldom';

/**
 * Small helpers over @xmldom/xmldom (DOMParser is not available in workers). Elements are matched
 * by local name, so the prefixes a producer picked (p:, a:, c:, or none) do not matter.
 */
export type XmlElement = Element;

export function parseXml(text: string): XmlElement | undefined {
  // xmldom throws a ParseError on malformed XML (and only warns on what it can recover from).
  try {
    const document = new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml');
    return (document.documentElement as unknown as XmlElement | null) ?? undefined;
  } catch {
    return undefined;
  }
}

export function children(element: XmlElement | undefined, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  if (!element) return out;
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (name === undefined || (node as XmlElement).localName === name)) out.push(node as XmlElement);
  }
  return out;
}

export function child(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) {
    if (!current) return undefined;
    let found: XmlElement | undefined;
    for (let node = current.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 1 && (node as XmlElement).localName === name) {
        found = node as XmlElement;
        break;
      }
    }
    current = found;
  }
  return current;
}

/** The first descendant with that local name, depth first. */
export function descendant(element: XmlElement | undefined, name: string): XmlElement | undefined {
  if (!element) return undefined;
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    if ((node as XmlElement).localName === name) return node as XmlElement;
    const deeper = descendant(node as XmlElement, name);
    if (deeper) return deeper;
  }
  return undefined;
}

export function descendants(element: XmlElement | undefined, name: string, out: XmlElement[] = []): XmlElement[] {
  if (!element) return out;
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType !== 1) continue;
    if ((node as XmlElement).localName === name) out.push(node as XmlElement);
    descendants(node as XmlElement, name, out);
  }
  return out;
}

/** An attribute by local name (r:id and id are told apart by their prefix only in the file, not here). */
export function attr(element: XmlElement | undefined, name: string): string | undefined {
  if (!element) return undefined;
  const attributes = element.attributes;
  for (let i = 0; i < attributes.length; i += 1) {
    const attribute = attributes.item(i)!;
    if (attribute.localName === name || attribute.name === name) return attribute.value;
  }
  return undefined;
}

export function numberAttr(element: XmlElement | undefined, name: string): number | undefined {
  const value = attr(element, name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** OOXML booleans: "1"/"true" and "0"/"false". */
export function boolAttr(element: XmlElement | undefined, name: string): boolean | undefined {
  const value = attr(element, name);
  if (value === undefined) return undefined;
  return value === '1' || value === 'true' || value === 'on';
}

export const textOf = (element: XmlElement | undefined): string => element?.textContent ?? '';

/** A relationship attribute (r:id, r:embed): by local name among prefixed attributes only, since a plain `id` may sit beside it. */
export function relAttr(element: XmlElement | undefined, name: string): string | undefined {
  if (!element) return undefined;
  const attributes = element.attributes;
  for (let i = 0; i < attributes.length; i += 1) {
    const attribute = attributes.item(i)!;
    if (attribute.localName === name && attribute.name.includes(':')) return attribute.value;
  }
  return undefined;
}
