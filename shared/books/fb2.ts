import { BookImportError } from './errors';
import { imageMime, plainText } from './metadata';
import type { BookMetadata } from './metadata';
import { attribute, byLocalName, parseXml, textOf } from './xml';
import type { Element } from '@xmldom/xmldom';

/** Most FB2 files are UTF-8; Russian ones are often windows-1251, declared in the XML prolog. */
function decodeXml(bytes: Uint8Array): string {
  const prolog = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /encoding=["']([\w-]+)["']/i.exec(prolog)?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function personName(author: Element): string {
  const part = (name: string) => textOf(byLocalName(author, name)[0]);
  return [part('first-name'), part('middle-name'), part('last-name')].filter(Boolean).join(' ') || part('nickname');
}

/** FictionBook 2: one XML file; its <description> carries the metadata and the cover is a base64 <binary>. */
export function readFb2(bytes: Uint8Array): BookMetadata {
  const document = parseXml(decodeXml(bytes), 'FictionBook');
  const titleInfo = byLocalName(document, 'title-info')[0];
  if (!titleInfo) throw new BookImportError('corrupt', 'no title-info');
  const coverHref =
    attribute(byLocalName(byLocalName(titleInfo, 'coverpage')[0] ?? titleInfo, 'image')[0], 'l:href') ||
    attribute(byLocalName(byLocalName(titleInfo, 'coverpage')[0] ?? titleInfo, 'image')[0], 'xlink:href');
  let cover: BookMetadata['cover'];
  const binary = coverHref && byLocalName(document, 'binary').find((element) => `#${attribute(element, 'id')}` === coverHref);
  if (binary) {
    try {
      const raw = atob((binary.textContent ?? '').replace(/\s+/g, ''));
      const data = Uint8Array.from(raw, (char) => char.charCodeAt(0));
      const mime = imageMime(data);
      if (mime) cover = { bytes: data, mime };
    } catch {
      // Bad base64: the book still opens without its cover.
    }
  }
  return {
    format: 'fb2',
    title: textOf(byLocalName(titleInfo, 'book-title')[0]),
    creator: byLocalName(titleInfo, 'author').map(personName).filter(Boolean).join(', '),
    description: plainText(textOf(byLocalName(titleInfo, 'annotation')[0])),
    identifier: textOf(byLocalName(byLocalName(document, 'document-info')[0] ?? document, 'id')[0]),
    language: textOf(byLocalName(titleInfo, 'lang')[0]),
    cover,
  };
}
