import type { DBSchema } from 'idb';
import { Database, StorageError } from './database';

/** An e-book kept in the browser (spec §3: Book). */
export interface StoredBook {
  /** A hash of title, creator and identifier, so the same book imported twice is one record. */
  id: string;
  title: string;
  creator: string;
  description: string;
  identifier: string;
  /** Epoch milliseconds. */
  createTime: number;
  coverUrl: string;
  language: string;
  /** The book file itself. */
  content: Blob;
  size: number;
  type: string;
}

/** A bookmark (spec §3: id is `${bookId}-${cfi}`, so one location holds one bookmark). */
export interface StoredBookmark {
  id: string;
  bookId: string;
  cfi: string;
  content: string;
  createTime: number;
}

/** Where a book was left (spec: "reading location is stored per book"; its fields are ours, see docs/decisions.md). */
export interface StoredLocation {
  /** The book's id. */
  id: string;
  cfi: string;
  /** 0 to 100. */
  progress: number;
  updateTime: number;
}

interface BookSchema extends DBSchema {
  book: { key: string; value: StoredBook };
}
interface BookmarkSchema extends DBSchema {
  bookmark: { key: string; value: StoredBookmark };
}
interface LocationSchema extends DBSchema {
  loc: { key: string; value: StoredLocation };
}

// Spec §3 and §9: three databases, Book, BookMark and BookLoc, one store each keyed by id, version 1.
export const bookDatabase = new Database<BookSchema>({ name: 'Book', upgrades: [(db) => db.createObjectStore('book', { keyPath: 'id' })] });
export const bookmarkDatabase = new Database<BookmarkSchema>({
  name: 'BookMark',
  upgrades: [(db) => db.createObjectStore('bookmark', { keyPath: 'id' })],
});
export const locationDatabase = new Database<LocationSchema>({
  name: 'BookLoc',
  upgrades: [(db) => db.createObjectStore('loc', { keyPath: 'id' })],
});

export const bookmarkId = (bookId: string, cfi: string): string => `${bookId}-${cfi}`;

const bookmarkStore = bookmarkDatabase.store('bookmark');

/** The reader's browser storage: books, bookmarks and reading locations. */
export const readerStorage = {
  books: bookDatabase.store('book'),
  bookmarks: bookmarkStore,
  locations: locationDatabase.store('loc'),

  /** Adds a bookmark; a second one at the same location rejects with StorageError 'exists' (spec: 'bookmark already exists!'). */
  addBookmark(bookmark: Omit<StoredBookmark, 'id'>): Promise<StoredBookmark> {
    const stored = { ...bookmark, id: bookmarkId(bookmark.bookId, bookmark.cfi) };
    return bookmarkStore.add(stored).then(() => stored);
  },

  /** A book's bookmarks, oldest first. */
  async bookmarksOf(bookId: string): Promise<StoredBookmark[]> {
    const all = await bookmarkStore.all();
    return all.filter((bookmark) => bookmark.bookId === bookId).sort((a, b) => a.createTime - b.createTime);
  },
};

export { StorageError };
