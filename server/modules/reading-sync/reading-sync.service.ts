import { API_CODE } from '@shared/contracts/api';
import { BOOKMARKS_PER_BOOK_MAX, CLOCK_SKEW_MARGIN_MS, TOMBSTONES_PER_BOOK_MAX } from '@shared/contracts/reading-sync-base';
import type { ReadingBookmark, ReadingLocation, ReadingSyncState } from '@shared/contracts/reading-sync-base';
import {
  bookmarkKey,
  clampToServerClock,
  compareBookmarks,
  locationKey,
  mergeBookmarks,
  mergeLocations,
} from '@shared/books/reading-merge';
import { HttpError } from '../../http/http-error';
import type { PullFilter, ReadingSyncRepository } from './reading-sync.repository';

/**
 * A pull's `serverTime` is this much before the read, so a save that took its time before
 * committing (its rows carry the time it started) is still in the next pull "since" it. Pulls are
 * idempotent to merge, so seeing a record twice costs nothing.
 */
export const PULL_OVERLAP_MS = 10_000;

export interface ReadingSyncServiceOptions {
  now?: () => number;
}

export function createReadingSyncService(repository: ReadingSyncRepository, { now = Date.now }: ReadingSyncServiceOptions = {}) {
  return {
    async pull(userId: number, filter: PullFilter): Promise<ReadingSyncState> {
      const serverTime = now() - PULL_OVERLAP_MS;
      return { serverTime, ...(await repository.pull(userId, filter)) };
    },

    /**
     * Keeps, per book and per bookmark, the newer of what the server holds and what the client sent
     * (shared/books/reading-merge.ts), and answers with what is kept now for every key the client
     * named, so it learns of newer records at once. Only rows that changed are written.
     */
    async push(userId: number, changes: { locations: ReadingLocation[]; bookmarks: ReadingBookmark[] }): Promise<ReadingSyncState> {
      const at = now();
      const locations = changes.locations.map((location) => clampToServerClock(location, at, CLOCK_SKEW_MARGIN_MS));
      const bookmarks = changes.bookmarks.map((bookmark) => clampToServerClock(bookmark, at, CLOCK_SKEW_MARGIN_MS));
      return repository.write(userId, async (store) => {
        const locationBooks = [...new Set(locations.map(locationKey))];
        const storedLocations = await store.locationsOf(locationBooks);
        const keptLocations = mergeLocations(storedLocations, locations);
        const storedByBook = new Map(storedLocations.map((location) => [location.bookId, location]));
        await store.putLocations(
          keptLocations.filter((location) => storedByBook.get(location.bookId) !== location),
          at,
        );

        const markBooks = [...new Set(bookmarks.map((bookmark) => bookmark.bookId))];
        const storedBookmarks = await store.bookmarksOf(markBooks);
        const keptBookmarks = mergeBookmarks(storedBookmarks, bookmarks);
        const stored = new Set(storedBookmarks);
        const changed = keptBookmarks.filter((bookmark) => !stored.has(bookmark));
        for (const bookId of markBooks) {
          const ofBook = keptBookmarks.filter((bookmark) => bookmark.bookId === bookId);
          const live = ofBook.filter((bookmark) => !bookmark.deleted).length;
          // Nothing is written (the transaction ends with the throw).
          if (live > BOOKMARKS_PER_BOOK_MAX && changed.some((bookmark) => bookmark.bookId === bookId && !bookmark.deleted)) {
            throw new HttpError(400, API_CODE.BAD_REQUEST, {
              key: 'readingSync.tooManyBookmarks',
              params: { max: BOOKMARKS_PER_BOOK_MAX },
            });
          }
        }
        await store.putBookmarks(changed, at);
        await store.deleteBookmarks(forgottenTombstones(keptBookmarks, markBooks));

        const named = new Set(bookmarks.map(bookmarkKey));
        return {
          serverTime: at,
          locations: keptLocations,
          bookmarks: keptBookmarks.filter((bookmark) => named.has(bookmarkKey(bookmark))),
        };
      });
    },
  };
}

/** Past the cap, a book's oldest tombstones go (docs/decisions.md "Reading sync"). */
function forgottenTombstones(bookmarks: readonly ReadingBookmark[], bookIds: readonly string[]): ReadingBookmark[] {
  return bookIds.flatMap((bookId) =>
    bookmarks
      .filter((bookmark) => bookmark.bookId === bookId && bookmark.deleted)
      .sort((a, b) => compareBookmarks(b, a))
      .slice(TOMBSTONES_PER_BOOK_MAX),
  );
}

export type ReadingSyncService = ReturnType<typeof createReadingSyncService>;
