import { inflateSync } from 'fflate';
import { findEndRecord, localDataOffset, readZipDirectory, END_RECORD_SEARCH } from '../archive/zip-directory';
import type { ZipDirectoryEntry } from '../archive/zip-directory';
import { readRange } from '../file-type/source';
import type { BlobLike } from '../file-type/source';
import { BookImportError } from './errors';

/** Larger parts than this are not metadata: a hostile size field must not make us allocate gigabytes. */
const MAX_PART_BYTES = 32 * 1024 * 1024;

/** The entries of a zip-based book (EPUB, CBZ) by name, and a reader for the few we need. */
export interface ZipBook {
  entries: Map<string, ZipDirectoryEntry>;
  read(entry: ZipDirectoryEntry): Promise<Uint8Array>;
}

export async function openZipBook(blob: BlobLike): Promise<ZipBook> {
  const read = (offset: number, length: number) => readRange(blob, offset, length);
  let list: ZipDirectoryEntry[];
  try {
    list = await readZipDirectory(read, blob.size);
  } catch (error) {
    // No end record at all is a download cut short; an end record pointing at garbage is damage.
    const tail = await read(Math.max(0, blob.size - END_RECORD_SEARCH), END_RECORD_SEARCH);
    throw new BookImportError(findEndRecord(tail) < 0 ? 'truncated' : 'corrupt', error instanceof Error ? error.message : undefined);
  }
  const entries = new Map(list.filter((entry) => !entry.directory).map((entry) => [entry.name, entry]));
  return {
    entries,
    async read(entry) {
      if (entry.encrypted) throw new BookImportError('drm', `${entry.name} is encrypted`);
      if (entry.compressedSize > MAX_PART_BYTES || entry.size > MAX_PART_BYTES)
        throw new BookImportError('corrupt', `${entry.name} is too large`);
      const header = await read(entry.localOffset, 30);
      let start: number;
      try {
        start = localDataOffset(header, entry.localOffset);
      } catch {
        throw new BookImportError(entry.localOffset + 30 > blob.size ? 'truncated' : 'corrupt', `${entry.name} has no local header`);
      }
      if (start + entry.compressedSize > blob.size) throw new BookImportError('truncated', `${entry.name} ends past the file`);
      const data = await read(start, entry.compressedSize);
      if (entry.method === 0) return data;
      if (entry.method !== 8) throw new BookImportError('corrupt', `${entry.name} uses compression method ${entry.method}`);
      try {
        return inflateSync(data, { out: new Uint8Array(entry.size) });
      } catch {
        throw new BookImportError('corrupt', `${entry.name} does not inflate`);
      }
    },
  };
}

/** A path inside the zip from an href relative to `base` (the OPF's folder): `..` resolved, %-escapes decoded. */
export function resolveHref(base: string, href: string): string {
  let path = href.split('#')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // A stray % in a name: keep it as written.
  }
  const parts = (path.startsWith('/') ? path.slice(1) : base + path).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}
