import { sha1 } from 'hash-wasm';
import type { StoredBook } from '@/platform/storage';
import { decodeAll } from '@shared/encoding/decode';
import type { FoliateBook } from 'foliate-js/view.js';

const hexBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/**
 * EPUB font de-obfuscation keys are SHA-1 digests; foliate takes them from `crypto.subtle`, which
 * plain-http LAN installs do not have, so the digest comes from hash-wasm (docs/decisions.md).
 */
const digest = async (text: string) => hexBytes(await sha1(text));

async function openEpub(file: Blob): Promise<FoliateBook> {
  const { configure, ZipReader, BlobReader, TextWriter, BlobWriter } = await import('foliate-js/vendor/zip.js');
  const { EPUB } = await import('foliate-js/epub.js');
  // As foliate does: a chapter is inflated when its page opens, small work that a zip worker would
  // only delay.
  configure({ useWebWorkers: false });
  const entries = await new ZipReader(new BlobReader(file)).getEntries();
  const byName = new Map(entries.map((entry) => [entry.filename, entry]));
  return new EPUB({
    loadText: (name) => byName.get(name)?.getData(new TextWriter()) ?? null,
    loadBlob: (name, type) => byName.get(name)?.getData(new BlobWriter(type)) ?? null,
    getSize: (name) => byName.get(name)?.uncompressedSize ?? 0,
    sha1: digest,
  }).init();
}

const EXTENSIONS: Record<string, string> = { epub: 'epub', mobi: 'mobi', azw3: 'azw3', fb2: 'fb2', cbz: 'cbz' };

/**
 * The stored book as foliate's book object. foliate tells FB2 and CBZ by the file name, so the file
 * is renamed after the format the import core found in its content.
 */
export async function openStoredBook(book: Pick<StoredBook, 'content' | 'type' | 'title'>): Promise<FoliateBook> {
  if (book.type === 'epub') return openEpub(book.content);
  const { makeBook } = await import('foliate-js/view.js');
  if (book.type === 'txt') return makeBook(new File([await txtAsFb2(book.content, book.title)], 'book.fb2'));
  const extension = EXTENSIONS[book.type];
  if (!extension) throw new Error(`unsupported:${book.type}`);
  return makeBook(new File([book.content], `book.${extension}`));
}

/** The import core found the text's encoding already (GBK and Big5 included); the same detector decodes it here. */
async function txtAsFb2(content: Blob, title: string): Promise<string> {
  const bytes = new Uint8Array(await content.arrayBuffer());
  // The detector's tables (jschardet: ~690 KB gz) load only when a TXT book opens, never with the reader.
  const { detectEncoding, SAMPLE_BYTES } = await import('@shared/encoding/detect');
  const { encoding } = detectEncoding(bytes.subarray(0, SAMPLE_BYTES), { truncated: bytes.length > SAMPLE_BYTES });
  const { txtToFb2 } = await import('./txt-book');
  return txtToFb2(decodeAll(bytes, encoding === 'binary' ? 'UTF-8' : encoding), title);
}
