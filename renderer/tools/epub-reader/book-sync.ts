import { READING_SYNC_PATH } from '@shared/contracts/reading-sync-base';
import type { ReadingSyncState } from '@shared/contracts/reading-sync-base';
import { account } from '@/platform';
import { readerStorage, StorageError } from '@/platform/storage';
import type { StoredBookmark, StoredLocation } from '@/platform/storage';
import { createSyncQueue, planBookSync, removedBookmarks, toReadingBookmark, toReadingLocation } from './reading-sync';
import type { BookSyncPlan } from './reading-sync';

const REMOVED_KEY = 'baibao:epub-reader:removed-bookmarks';
const SAVE_PATH = `${READING_SYNC_PATH}/mine/save`;

const browserStorage = () => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;
/** The server refused the records themselves (a cap): sending them again cannot help. */
const refusedForGood = (error: unknown) => statusOf(error) === 400;
/** The session ended (logged out elsewhere, expired beyond refresh): only logging in again helps. */
const sessionEnded = (error: unknown) => statusOf(error) === 401;

/**
 * One open book's reading sync (docs/decisions.md "Reading sync"). Logged in, its place and
 * bookmarks follow the reader to the account; a visitor's page sends nothing. Nothing here ever
 * throws into the reader or leaves the page: offline or a failing server only means a later try,
 * and an ended session pauses the sync (`onPaused`, once) while the reader keeps every change here
 * for the next opening after a login to push.
 */
export function bookSync(bookId: string, { onPaused }: { onPaused?: () => void } = {}) {
  const removed = removedBookmarks(browserStorage(), REMOVED_KEY);
  let paused = false;
  const pause = () => {
    if (paused) return;
    paused = true;
    queue.stop();
    onPaused?.();
  };
  const queue = createSyncQueue({
    send: (changes) => account.post<ReadingSyncState>(SAVE_PATH, changes),
    onSynced: (state) => removed.acknowledge(state.bookmarks),
    isPermanent: refusedForGood,
    pausesOn: sessionEnded,
    onPaused: pause,
  });
  const logged = () => !paused && account.userId() !== undefined;
  // Places written before the account's answer are the page reopening where it was, not reading:
  // the plan made from the answer covers them.
  let pulled = false;

  return {
    /**
     * Reads the account's records of this book and plans the merge with this browser's, taking
     * this browser's place from `localLocation` as it is when the answer arrives. Undefined for a
     * visitor or when the server cannot be reached.
     */
    async pull(localLocation: () => Promise<StoredLocation | undefined>): Promise<BookSyncPlan | undefined> {
      try {
        if (!logged()) return undefined;
        const state = await account.get<ReadingSyncState>(`${READING_SYNC_PATH}/mine`, { bookIds: [bookId] });
        const [location, bookmarks] = await Promise.all([localLocation(), readerStorage.bookmarksOf(bookId)]);
        return planBookSync({ location, bookmarks, removed: removed.of(bookId) }, state);
      } catch (error) {
        if (sessionEnded(error)) pause();
        return undefined;
      } finally {
        pulled = true;
      }
    },

    /** Stores what the plan takes from the account here, and queues what the account lacks. */
    async apply(plan: BookSyncPlan): Promise<void> {
      if (plan.location) {
        const { cfi, progress, updateTime } = plan.location;
        await readerStorage.locations.put({ id: bookId, cfi, progress, updateTime }).catch(() => undefined);
      }
      const local = await readerStorage.bookmarksOf(bookId).catch(() => [] as StoredBookmark[]);
      for (const gone of plan.remove) {
        const held = local.find((bookmark) => bookmark.cfi === gone.cfi);
        if (held) await readerStorage.bookmarks.delete(held.id).catch(() => undefined);
      }
      for (const { cfi, content, createTime } of plan.add) {
        await readerStorage.addBookmark({ bookId, cfi, content, createTime }).catch((error: unknown) => {
          if (!(error instanceof StorageError && error.code === 'exists')) throw error;
        });
      }
      queue.add(plan.push);
    },

    location(location: StoredLocation): void {
      if (pulled && logged()) queue.add({ locations: [toReadingLocation(location)] });
    },

    bookmarkAdded(bookmark: StoredBookmark): void {
      removed.forget(bookmark);
      if (logged()) queue.add({ bookmarks: [toReadingBookmark(bookmark)] });
    },

    bookmarkRemoved(bookmark: StoredBookmark, at = Date.now()): void {
      const tombstone = { ...toReadingBookmark(bookmark), updateTime: Math.max(at, bookmark.createTime), deleted: true };
      removed.add(tombstone);
      if (logged()) queue.add({ bookmarks: [tombstone] });
    },

    /** The page goes away: what still waits goes out in a request that outlives it. */
    leave(): void {
      if (paused) return;
      const waiting = queue.takeAll();
      if (waiting.locations.length + waiting.bookmarks.length > 0) account.postOnLeave(SAVE_PATH, waiting);
    },

    stop(): void {
      queue.stop();
    },
  };
}

export type BookSync = ReturnType<typeof bookSync>;
