import type { DBSchema } from 'idb';
import { Database } from './database';

/**
 * One file fetched from a remote source into the library (spec §3: "download history holds ids or
 * etags"), so a second sync of the same folder or list fetches only what is new or changed.
 */
export interface StoredDownload {
  /** `${sourceId} ${key}`: one record per file version per source. */
  id: string;
  /** The WebDAV entry's id, or the cloud list's address. */
  sourceId: string;
  /** `downloadKey()` of shared/books/remote-sources.ts: the ETag, else path + size + mtime. */
  key: string;
  /** Where the file was: the WebDAV path or the book's URL. */
  path: string;
  name: string;
  size: number;
  /** The library record it became; absent when the import failed after the download. */
  bookId?: string;
  /** Epoch milliseconds. */
  time: number;
}

interface DownloadSchema extends DBSchema {
  download: { key: string; value: StoredDownload };
}

// Not one of the spec's three reader databases (Book, BookMark, BookLoc), which keep their shape:
// the history is its own database, so the spec's stay at version 1.
const downloadDatabase = new Database<DownloadSchema>({
  name: 'BookDownload',
  upgrades: [(db) => db.createObjectStore('download', { keyPath: 'id' })],
});
const downloadStore = downloadDatabase.store('download');

const downloadId = (sourceId: string, key: string) => `${sourceId} ${key}`;

/** The download history of the library's WebDAV and cloud-list imports. */
export const bookDownloads = {
  /** Whether this version of a file was fetched from this source before. */
  async has(sourceId: string, key: string): Promise<boolean> {
    return (await downloadStore.get(downloadId(sourceId, key))) !== undefined;
  },

  /** Records a fetched file (a later fetch of the same version replaces the record). */
  async record(download: Omit<StoredDownload, 'id'>): Promise<StoredDownload> {
    const stored = { ...download, id: downloadId(download.sourceId, download.key) };
    await downloadStore.put(stored);
    return stored;
  },

  /** A source's history, newest first. */
  async of(sourceId: string): Promise<StoredDownload[]> {
    const all = await downloadStore.all();
    return all.filter((download) => download.sourceId === sourceId).sort((a, b) => b.time - a.time);
  },

  /** Forgets a source's history (its entry was removed, or the user asked to fetch everything again). */
  async forget(sourceId: string): Promise<void> {
    const mine = await bookDownloads.of(sourceId);
    await Promise.all(mine.map((download) => downloadStore.delete(download.id)));
  },
};
