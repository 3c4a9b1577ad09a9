import { strToU8, zipSync } from 'fflate';

/**
 * Test support (imported by tests only): small books made in memory, so the import core is tested
 * without the corpus. Each is the least a real reader accepts: an EPUB with its stored `mimetype`
 * first, container.xml and an OPF; a MOBI whose record 0 carries the PalmDOC, MOBI and EXTH headers.
 */

/** A 1×1 PNG, as a cover. */
export const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

export interface EpubOptions {
  title?: string;
  creators?: string[];
  identifier?: string;
  language?: string;
  description?: string;
  /** 3 marks the cover with properties="cover-image", 2 with <meta name="cover">. */
  version?: 2 | 3;
  cover?: Uint8Array;
  /** Extra files (e.g. META-INF/encryption.xml). */
  extra?: Record<string, string>;
  /** Chapters (XHTML body content) with a nav document naming each, in place of the one default chapter. */
  chapters?: { title: string; body: string }[];
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export function makeEpub(options: EpubOptions = {}): Uint8Array {
  const { title = 'Test Book', creators = ['Test Author'], identifier = 'urn:uuid:test-book', language = 'en', version = 3 } = options;
  const cover = options.cover ?? PNG_1X1;
  const chapters = options.chapters ?? [{ title: '', body: `<p>${'Call me Ishmael. '.repeat(200)}</p>` }];
  const chapterItems = chapters.map((_, at) => `<item id="ch${at + 1}" href="text/ch${at + 1}.xhtml" media-type="application/xhtml+xml"/>`);
  const nav = options.chapters
    ? `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${escape(title)}</title></head><body><nav epub:type="toc"><ol>${chapters
        .map((chapter, at) => `<li><a href="text/ch${at + 1}.xhtml">${escape(chapter.title)}</a></li>`)
        .join('')}</ol></nav></body></html>`
    : undefined;
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${version}.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="other">isbn-not-the-unique-one</dc:identifier>
    <dc:identifier id="uid">${escape(identifier)}</dc:identifier>
    <dc:title>${escape(title)}</dc:title>
    ${creators.map((creator) => `<dc:creator>${escape(creator)}</dc:creator>`).join('\n    ')}
    <dc:language>${language}</dc:language>
    ${options.description === undefined ? '' : `<dc:description>${escape(options.description)}</dc:description>`}
    ${version === 2 ? '<meta name="cover" content="pic"/>' : ''}
  </metadata>
  <manifest>
    ${chapterItems.join('\n    ')}
    ${nav ? '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>' : ''}
    <item id="pic" href="images/pic%201.png" media-type="image/png"${version === 3 ? ' properties="cover-image"' : ''}/>
  </manifest>
  <spine>${chapters.map((_, at) => `<itemref idref="ch${at + 1}"/>`).join('')}</spine>
</package>`;
  return zipSync(
    {
      mimetype: [strToU8('application/epub+zip'), { level: 0 }],
      'META-INF/container.xml': strToU8(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
      'OEBPS/content.opf': strToU8(opf),
      ...Object.fromEntries(
        chapters.map((chapter, at) => [
          `OEBPS/text/ch${at + 1}.xhtml`,
          strToU8(
            `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>${escape(chapter.title)}</title></head><body>${chapter.body}</body></html>`,
          ),
        ]),
      ),
      ...(nav ? { 'OEBPS/nav.xhtml': strToU8(nav) } : {}),
      'OEBPS/images/pic 1.png': [cover, { level: 0 }],
      ...Object.fromEntries(Object.entries(options.extra ?? {}).map(([path, text]) => [path, strToU8(text)])),
    },
    { level: 6 },
  );
}

export interface MobiOptions {
  title?: string;
  creator?: string;
  isbn?: string;
  language?: string;
  /** MOBI header version: 6 for MOBI, 8 for KF8 (AZW3). */
  version?: number;
  /** PalmDOC encryption field: 0 none, 2 Mobipocket DRM. */
  encryption?: number;
  cover?: Uint8Array;
  /** The book's HTML, stored uncompressed in 4096-byte text records (default: the word Hello). */
  html?: string;
  /** More image records after the cover. */
  images?: Uint8Array[];
}

const TEXT_RECORD_SIZE = 4096;

/** A PalmDB "BOOKMOBI": record 0 (headers), the text records, the image records (the cover first). */
export function makeMobi(options: MobiOptions = {}): Uint8Array {
  const { title = 'Test Mobi', creator = 'Mobi Author', isbn = '9780000000001', language = 'en', version = 6, encryption = 0 } = options;
  const utf8 = (text: string) => new TextEncoder().encode(text);
  const exthRecords: [number, Uint8Array][] = [
    [100, utf8(creator)],
    [104, utf8(isbn)],
    [524, utf8(language)],
    [503, utf8(title)],
    [201, Uint8Array.of(0, 0, 0, 0)],
  ];
  const exthBody = exthRecords.map(([type, data]) => {
    const record = new Uint8Array(8 + data.length);
    const view = new DataView(record.buffer);
    view.setUint32(0, type);
    view.setUint32(4, 8 + data.length);
    record.set(data, 8);
    return record;
  });
  const exthLength = 12 + exthBody.reduce((sum, part) => sum + part.length, 0);
  const mobiHeaderLength = 232;
  const name = utf8('FULLNAME-' + title);
  const text = utf8(options.html ?? 'Hello');
  const textRecords = Array.from({ length: Math.ceil(text.length / TEXT_RECORD_SIZE) }, (_, at) =>
    text.subarray(at * TEXT_RECORD_SIZE, (at + 1) * TEXT_RECORD_SIZE),
  );
  const record0 = new Uint8Array(16 + mobiHeaderLength + exthLength + name.length + 4);
  const r0 = new DataView(record0.buffer);
  r0.setUint16(0, 1); // no compression
  r0.setUint32(4, text.length);
  r0.setUint16(8, textRecords.length);
  r0.setUint16(10, TEXT_RECORD_SIZE);
  r0.setUint16(12, encryption);
  record0.set(utf8('MOBI'), 16);
  r0.setUint32(20, mobiHeaderLength);
  r0.setUint32(24, 2); // book
  r0.setUint32(28, 65001); // UTF-8
  r0.setUint32(32, 12345); // unique id
  r0.setUint32(36, version);
  r0.setUint32(84, 16 + mobiHeaderLength + exthLength);
  r0.setUint32(88, name.length);
  r0.setUint32(92, 9); // English
  r0.setUint32(108, 1 + textRecords.length); // first image record
  r0.setUint32(128, 0x40); // EXTH present
  let at = 16 + mobiHeaderLength;
  record0.set(utf8('EXTH'), at);
  r0.setUint32(at + 4, exthLength);
  r0.setUint32(at + 8, exthRecords.length);
  at += 12;
  for (const part of exthBody) {
    record0.set(part, at);
    at += part.length;
  }
  record0.set(name, at);

  const records = [record0, ...textRecords, options.cover ?? PNG_1X1, ...(options.images ?? [])];
  const headerSize = 78 + records.length * 8 + 2;
  const file = new Uint8Array(headerSize + records.reduce((sum, record) => sum + record.length, 0));
  const view = new DataView(file.buffer);
  file.set(utf8('Test_Mobi'), 0);
  file.set(utf8('BOOKMOBI'), 60);
  view.setUint16(76, records.length);
  let offset = headerSize;
  records.forEach((record, index) => {
    view.setUint32(78 + index * 8, offset);
    view.setUint32(78 + index * 8 + 4, index * 2);
    file.set(record, offset);
    offset += record.length;
  });
  return file;
}

export function makeFb2(options: { title?: string; encoding?: string; bytes?: (text: string) => Uint8Array } = {}): Uint8Array {
  const { title = 'Test FB2', encoding = 'UTF-8' } = options;
  const base64 = btoa(String.fromCharCode(...PNG_1X1));
  const xml = `<?xml version="1.0" encoding="${encoding}"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
  <description>
    <title-info>
      <author><first-name>Lev</first-name><last-name>Tolstoy</last-name></author>
      <book-title>${escape(title)}</book-title>
      <annotation><p>An <emphasis>annotated</emphasis> book.</p></annotation>
      <lang>ru</lang>
      <coverpage><image l:href="#cover.png"/></coverpage>
    </title-info>
    <document-info><id>fb2-doc-id-1</id></document-info>
  </description>
  <body><section><p>Text</p></section></body>
  <binary id="cover.png" content-type="image/png">${base64}</binary>
</FictionBook>`;
  return (options.bytes ?? ((text: string) => new TextEncoder().encode(text)))(xml);
}

export function makeCbz(): Uint8Array {
  return zipSync({ 'page10.png': [PNG_1X1, { level: 0 }], 'page2.png': [PNG_1X1, { level: 0 }], 'page1.png': [PNG_1X1, { level: 0 }] });
}
