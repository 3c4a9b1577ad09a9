import { BookImportError } from './errors';
import { imageMime, plainText } from './metadata';
import type { BookMetadata } from './metadata';
import { byLocalName, attribute, parseXml, textOf } from './xml';
import { resolveHref } from './zip-book';
import type { ZipBook } from './zip-book';

const utf8 = new TextDecoder('utf-8');

/**
 * Font obfuscation (IDPF and Adobe) lists fonts in encryption.xml without locking the text; any
 * other algorithm there, or an Adobe ADEPT rights.xml, means the content is DRM-encrypted.
 */
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

async function readText(zip: ZipBook, name: string): Promise<string> {
  const entry = zip.entries.get(name);
  if (!entry) throw new BookImportError('corrupt', `${name} is missing`);
  return utf8.decode(await zip.read(entry));
}

async function assertNoDrm(zip: ZipBook): Promise<void> {
  if (zip.entries.has('META-INF/rights.xml')) throw new BookImportError('drm', 'META-INF/rights.xml');
  if (!zip.entries.has('META-INF/encryption.xml')) return;
  const encryption = parseXml(await readText(zip, 'META-INF/encryption.xml'), 'encryption.xml');
  const locked = byLocalName(encryption, 'EncryptionMethod').some((method) => !FONT_OBFUSCATION.has(attribute(method, 'Algorithm')));
  if (locked) throw new BookImportError('drm', 'encryption.xml');
}

/** EPUB 2 and 3: container.xml → the package document (OPF) → Dublin Core metadata and the cover picture. */
export async function readEpub(zip: ZipBook): Promise<BookMetadata> {
  await assertNoDrm(zip);
  const container = parseXml(await readText(zip, 'META-INF/container.xml'), 'container.xml');
  const opfPath = resolveHref('', attribute(byLocalName(container, 'rootfile')[0], 'full-path'));
  if (!opfPath) throw new BookImportError('corrupt', 'container.xml names no package document');
  const opf = parseXml(await readText(zip, opfPath), opfPath);
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const metadata = byLocalName(opf, 'metadata')[0];
  if (!metadata) throw new BookImportError('corrupt', `${opfPath} has no metadata`);
  const dc = (name: string) => byLocalName(metadata, name).filter((element) => element.namespaceURI === 'http://purl.org/dc/elements/1.1/');

  const uniqueId = attribute(byLocalName(opf, 'package')[0], 'unique-identifier');
  const identifiers = dc('identifier');
  const identifier = identifiers.find((element) => uniqueId && attribute(element, 'id') === uniqueId) ?? identifiers[0];

  return {
    format: 'epub',
    title: textOf(dc('title')[0]),
    creator: dc('creator')
      .map((element) => textOf(element))
      .filter(Boolean)
      .join(', '),
    description: plainText(textOf(dc('description')[0])),
    identifier: textOf(identifier),
    language: textOf(dc('language')[0]),
    cover: await readCover(zip, opf, base),
  };
}

async function readCover(zip: ZipBook, opf: ReturnType<typeof parseXml>, base: string): Promise<BookMetadata['cover']> {
  const items = byLocalName(opf, 'item');
  const images = items.filter((item) => attribute(item, 'media-type').startsWith('image/'));
  // EPUB 3 marks the cover in the manifest; EPUB 2 points at it from <meta name="cover">; many books only name it "cover".
  const coverId = attribute(
    byLocalName(opf, 'meta').find((meta) => attribute(meta, 'name') === 'cover'),
    'content',
  );
  const item =
    images.find((image) => attribute(image, 'properties').split(/\s+/).includes('cover-image')) ??
    images.find((image) => coverId && attribute(image, 'id') === coverId) ??
    images.find((image) => /cover/i.test(attribute(image, 'id')) || /cover/i.test(attribute(image, 'href')));
  if (!item) return undefined;
  const entry = zip.entries.get(resolveHref(base, attribute(item, 'href')));
  if (!entry) return undefined;
  try {
    const bytes = await zip.read(entry);
    const mime = imageMime(bytes) ?? (attribute(item, 'media-type') === 'image/svg+xml' ? 'image/svg+xml' : undefined);
    return mime ? { bytes, mime } : undefined;
  } catch {
    // A damaged cover does not stop the book: the library shows '获取书籍封面出错!' in its place.
    return undefined;
  }
}
