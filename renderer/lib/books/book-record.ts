import { createMD5, md5 } from 'hash-wasm';
import type { StoredBook } from '@/platform/storage';
import { BookImportError, readBookMetadata } from '@shared/books';
import type { BookMetadata } from '@shared/books';

/** Read in slices so hashing a large book's bytes never holds a second copy of the whole file. */
const HASH_SLICE = 4 * 1024 * 1024;

/**
 * The Book record's id (spec §3: "hash of title, creator and identifier"): the MD5 hex of the three
 * joined by a NUL, which none of them contains — plain concatenation would make "ab"+"c" and
 * "a"+"bc" one book. The same book imported twice gets the same id, so the store refuses it.
 */
export function bookId(title: string, creator: string, identifier: string): Promise<string> {
  return md5([title, creator, identifier].join('\u0000'));
}

async function contentDigest(file: Blob): Promise<string> {
  const hasher = await createMD5();
  for (let at = 0; at < file.size; at += HASH_SLICE) hasher.update(new Uint8Array(await file.slice(at, at + HASH_SLICE).arrayBuffer()));
  return hasher.digest('hex');
}

function dataUrl(bytes: Uint8Array, mime: string): string {
  let binary = '';
  // String.fromCharCode takes its arguments on the stack: 32 K at a time stays well inside every engine's limit.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${mime};base64,${btoa(binary)}`;
}

export interface ImportedBook {
  book: StoredBook;
  metadata: BookMetadata;
  /** The cover picture as read from the file; `book.coverUrl` holds the same as a data: URL. */
  cover?: Blob;
}

/**
 * Turns a file into the spec's Book record, ready for readerStorage.books.add (which rejects a
 * duplicate id with StorageError 'exists'). A book whose file names no identifier (TXT, CBZ, some
 * FB2) takes the MD5 of its bytes instead, so two different text files that share a name stay two
 * books while the same file twice is one. Throws BookImportError only; no DOM, so it runs in a worker.
 */
export async function createBookRecord(file: File, now = Date.now()): Promise<ImportedBook> {
  const metadata = await readBookMetadata(file, file.name);
  const title = metadata.title || file.name.replace(/\.[^.]*$/, '') || file.name;
  let identifier = metadata.identifier;
  try {
    identifier ||= `md5:${await contentDigest(file)}`;
  } catch (error) {
    throw new BookImportError('unreadable', error instanceof Error ? error.message : String(error));
  }
  const cover = metadata.cover;
  return {
    metadata,
    cover: cover && new Blob([cover.bytes as Uint8Array<ArrayBuffer>], { type: cover.mime }),
    book: {
      id: await bookId(title, metadata.creator, identifier),
      title,
      creator: metadata.creator,
      description: metadata.description,
      identifier,
      createTime: now,
      // A data: URL, not a blob: URL: it must still show after a reload, and the record is all that survives one.
      coverUrl: cover ? dataUrl(cover.bytes, cover.mime) : '',
      language: metadata.language,
      content: file,
      size: file.size,
      type: metadata.format,
    },
  };
}
