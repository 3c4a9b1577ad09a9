/**
 * Reading sync (docs/api.md "Reading sync"): a logged-in reader's places and bookmarks per book,
 * kept on the server so another browser continues where the reader stopped. Book files never leave
 * the device; only the book's id (a hash), CFIs, a bookmark's short excerpt and times do.
 *
 * No zod here: the reader page takes these without the schemas (reading-sync.ts), which only the
 * server needs.
 */
export const READING_SYNC_PATH = '/api/busi/reading-sync';

/** Book ids are MD5 hex (32); the cap leaves room for other hashes without admitting arbitrary text. */
export const BOOK_ID_MAX_LENGTH = 128;
/** EPUB CFIs of deep documents run to a few hundred characters. */
export const CFI_MAX_LENGTH = 2048;
/** The reader keeps 80 characters of the page as a bookmark's excerpt. */
export const BOOKMARK_CONTENT_MAX_LENGTH = 200;
/** Locations plus bookmarks in one push. */
export const RECORDS_PER_REQUEST_MAX = 500;
/** Book ids named in one pull. */
export const BOOK_IDS_PER_PULL_MAX = 200;
/** Live bookmarks one book may hold on the server. */
export const BOOKMARKS_PER_BOOK_MAX = 1000;
/** Deleted bookmarks remembered per book; older tombstones are forgotten past this (docs/decisions.md). */
export const TOMBSTONES_PER_BOOK_MAX = 1000;
/** How far ahead of the server's clock a client's time may be before it is clamped. */
export const CLOCK_SKEW_MARGIN_MS = 60_000;

/** Where a book was left: the last writer (by `updateTime`, the client's clock in epoch ms) wins. */
export interface ReadingLocation {
  bookId: string;
  cfi: string;
  /** 0 to 100, whole numbers. */
  progress: number;
  updateTime: number;
}

/**
 * One bookmark per (book, CFI), as the reader's store keys them. A removal is kept as a tombstone
 * (`deleted: true`, `updateTime` = when it was removed) so it reaches the other devices and stays
 * removed until the same place is bookmarked again later.
 */
export interface ReadingBookmark {
  bookId: string;
  cfi: string;
  content: string;
  createTime: number;
  updateTime: number;
  deleted: boolean;
}

/** `POST …/mine/save`: the changes a client has; the answer is what the server keeps for those keys. */
export interface ReadingSyncPush {
  locations?: ReadingLocation[];
  bookmarks?: ReadingBookmark[];
}

/**
 * What both calls answer. `serverTime` is the server's clock when it read: pass it as `since` next
 * time to get only what was written after (by any device, whatever the records' own times).
 */
export interface ReadingSyncState {
  serverTime: number;
  locations: ReadingLocation[];
  bookmarks: ReadingBookmark[];
}
