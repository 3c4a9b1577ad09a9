import { detectEncoding, SAMPLE_BYTES } from '../encoding/detect';
import { readRange } from '../file-type/source';
import type { BlobLike } from '../file-type/source';
import { readEpub } from './epub';
import { BookImportError } from './errors';
import { readFb2 } from './fb2';
import { imageMime } from './metadata';
import type { BookMetadata } from './metadata';
import { readMobi } from './mobi';
import { openZipBook } from './zip-book';
import type { ZipBook } from './zip-book';

/** FB2 is parsed whole; past this it is no book but a hostile or mislabelled file. */
const MAX_FB2_BYTES = 64 * 1024 * 1024;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const stem = (name: string) => name.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || name;
const collator = new Intl.Collator(undefined, { numeric: true });

/**
 * Reads what a file says about itself as a book, choosing the format by its content, never its
 * name: an EPUB is a zip whose `mimetype` is application/epub+zip (or that has container.xml), a
 * CBZ a zip of pictures, MOBI/AZW3 a PalmDB of type BOOKMOBI, FB2 XML with a <FictionBook> root,
 * and TXT any text in an encoding the project detects (GBK and Big5 included) — the name only
 * has to end in .txt (or have no extension), so a stray .json or .csv is refused, not shelved.
 * Throws BookImportError and nothing else; pure, so it runs in a worker.
 */
export async function readBookMetadata(blob: BlobLike, fileName: string): Promise<BookMetadata> {
  try {
    return await identifyAndRead(unreadableAsTyped(blob), fileName);
  } catch (error) {
    if (error instanceof BookImportError) throw error;
    // A parser met bytes it did not expect (a RangeError from a DataView, a bad decode): the file is damaged.
    throw new BookImportError('corrupt', error instanceof Error ? error.message : String(error));
  }
}

/**
 * A file that fails to read (moved or deleted after it was picked: the browser's NotReadableError)
 * is no damaged book: its reads reject with 'unreadable' so the message says what happened.
 */
function unreadableAsTyped(blob: BlobLike): BlobLike {
  return {
    size: blob.size,
    slice: (start, end) => ({
      arrayBuffer: () =>
        blob
          .slice(start, end)
          .arrayBuffer()
          .catch((error: unknown) => {
            throw new BookImportError('unreadable', error instanceof Error ? error.message : String(error));
          }),
    }),
  };
}

async function identifyAndRead(blob: BlobLike, fileName: string): Promise<BookMetadata> {
  if (blob.size === 0) throw new BookImportError('empty');
  const head = await readRange(blob, 0, SAMPLE_BYTES);
  if (ascii(head, 0, 4) === 'PK\x03\x04' || ascii(head, 0, 4) === 'PK\x05\x06') return readZip(await openZipBook(blob), fileName);
  if (ascii(head, 60, 68) === 'BOOKMOBI') return readMobi(blob);
  const text = new TextDecoder('latin1').decode(head.subarray(0, 1024));
  if (/^(\ufeff|ï»¿)?\s*<\?xml[^>]*>\s*(<!--[\s\S]*?-->\s*)*<(\w+:)?FictionBook\b/.test(text)) {
    if (blob.size > MAX_FB2_BYTES) throw new BookImportError('unsupported', 'FB2 too large');
    return readFb2(await readRange(blob, 0, blob.size));
  }
  const detection = detectEncoding(head, { truncated: blob.size > head.length });
  const named = /\.txt$/i.test(fileName) || !/\.[^./\\]+$/.test(fileName);
  if (detection.encoding === 'binary' || !named) throw new BookImportError('unsupported');
  return { format: 'txt', title: stem(fileName), creator: '', description: '', identifier: '', language: '', encoding: detection.encoding };
}

async function readZip(zip: ZipBook, fileName: string): Promise<BookMetadata> {
  const mimetype = zip.entries.get('mimetype');
  const isEpub =
    zip.entries.has('META-INF/container.xml') ||
    (mimetype !== undefined && new TextDecoder().decode(await zip.read(mimetype)).trim() === 'application/epub+zip');
  if (isEpub) return readEpub(zip);
  // A comic is pictures and nothing else (bar its ComicInfo.xml and what Macs and Windows leave
  // behind): a Word or OpenDocument file with pictures inside is no comic.
  const names = [...zip.entries.keys()].filter((name) => !/(^__MACOSX\/|(^|\/)(\.DS_Store|Thumbs\.db|ComicInfo\.xml)$)/i.test(name));
  const pictures = names.filter((name) => /\.(jpe?g|png|gif|webp|bmp|avif)$/i.test(name)).sort(collator.compare);
  if (pictures.length === 0 || pictures.length < names.length)
    throw new BookImportError('unsupported', 'a zip that is neither EPUB nor a comic');
  let cover: BookMetadata['cover'];
  try {
    const bytes = await zip.read(zip.entries.get(pictures[0]!)!);
    const mime = imageMime(bytes);
    if (mime) cover = { bytes, mime };
  } catch {
    // The first page is damaged; the comic still opens.
  }
  return { format: 'cbz', title: stem(fileName), creator: '', description: '', identifier: '', language: '', cover };
}
