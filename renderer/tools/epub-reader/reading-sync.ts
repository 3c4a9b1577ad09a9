import { bookmarkKey, compareBookmarks, compareLocations, mergeBookmarks, mergeLocations } from '@shared/books/reading-merge';
import {
  BOOK_ID_MAX_LENGTH,
  BOOKMARK_CONTENT_MAX_LENGTH,
  CFI_MAX_LENGTH,
  RECORDS_PER_REQUEST_MAX,
} from '@shared/contracts/reading-sync-base';
import type { ReadingBookmark, ReadingLocation, ReadingSyncState } from '@shared/contracts/reading-sync-base';
import type { StoredBookmark, StoredLocation } from '@/platform/storage';

/** A batch of changes for the server. */
export interface SyncChanges {
  locations: ReadingLocation[];
  bookmarks: ReadingBookmark[];
}

export const toReadingLocation = (location: StoredLocation): ReadingLocation => ({
  bookId: location.id,
  cfi: location.cfi,
  progress: location.progress,
  updateTime: location.updateTime,
});

/** A bookmark in this browser is never edited, so its creation is its last change. */
export const toReadingBookmark = (bookmark: StoredBookmark): ReadingBookmark => ({
  bookId: bookmark.bookId,
  cfi: bookmark.cfi,
  content: bookmark.content,
  createTime: bookmark.createTime,
  updateTime: bookmark.createTime,
  deleted: false,
});

export interface BookSyncPlan {
  /** The server's place is newer than this browser's: store it here and go there. */
  location?: ReadingLocation;
  /** Bookmarks made or re-made elsewhere, to store here. */
  add: ReadingBookmark[];
  /** Bookmarks removed elsewhere, to remove here. */
  remove: ReadingBookmark[];
  /** What the server lacks or holds older. */
  push: SyncChanges;
}

/**
 * What opening a book does with the server's records: the newer of each wins (the same merge the
 * server runs), and whatever this browser holds newer goes up.
 */
export function planBookSync(
  local: { location?: StoredLocation; bookmarks: StoredBookmark[]; removed: ReadingBookmark[] },
  server: Pick<ReadingSyncState, 'locations' | 'bookmarks'>,
): BookSyncPlan {
  const here = local.location ? toReadingLocation(local.location) : undefined;
  const there = server.locations[0];
  const plan: BookSyncPlan = { add: [], remove: [], push: { locations: [], bookmarks: [] } };
  if (there && (!here || compareLocations(there, here) > 0)) plan.location = there;
  else if (here && (!there || compareLocations(here, there) > 0)) plan.push.locations.push(here);

  const live = new Map(local.bookmarks.map((bookmark) => [bookmarkKey(bookmark), bookmark]));
  const onServer = new Map(server.bookmarks.map((bookmark) => [bookmarkKey(bookmark), bookmark]));
  for (const kept of mergeBookmarks(local.bookmarks.map(toReadingBookmark), local.removed, server.bookmarks)) {
    const key = bookmarkKey(kept);
    if (kept.deleted && live.has(key)) plan.remove.push(kept);
    if (!kept.deleted && !live.has(key)) plan.add.push(kept);
    const held = onServer.get(key);
    if (!held || compareBookmarks(kept, held) > 0) plan.push.bookmarks.push(kept);
  }
  return plan;
}

/**
 * Removed bookmarks this browser still has to tell the server of, kept across reloads (the
 * reader's BookMark store holds live ones only). Visitors keep them too: when they log in, a
 * bookmark they removed must not come back from the account.
 */
export interface RemovedBookmarks {
  of(bookId: string): ReadingBookmark[];
  add(tombstone: ReadingBookmark): void;
  /** The place was bookmarked again here. */
  forget(bookmark: Pick<ReadingBookmark, 'bookId' | 'cfi'>): void;
  /** The server now keeps these (or newer): nothing left to tell it. */
  acknowledge(kept: readonly ReadingBookmark[]): void;
}

/** Oldest forgotten past this; each is a few hundred bytes of localStorage. */
const REMOVED_KEPT_MAX = 2000;

export function removedBookmarks(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, key: string): RemovedBookmarks {
  const read = (): ReadingBookmark[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isTombstone) : [];
    } catch {
      return [];
    }
  };
  const write = (list: ReadingBookmark[]) => {
    try {
      storage?.setItem(key, JSON.stringify(list.sort((a, b) => a.updateTime - b.updateTime).slice(-REMOVED_KEPT_MAX)));
    } catch {
      // A full or blocked localStorage costs only the sync of a removal, never the reading.
    }
  };
  const without = (list: ReadingBookmark[], target: Pick<ReadingBookmark, 'bookId' | 'cfi'>) =>
    list.filter((entry) => bookmarkKey(entry) !== bookmarkKey(target));
  return {
    of: (bookId) => read().filter((entry) => entry.bookId === bookId),
    add: (tombstone) => write([...without(read(), tombstone), tombstone]),
    forget: (bookmark) => write(without(read(), bookmark)),
    acknowledge(kept) {
      const byKey = new Map(kept.map((entry) => [bookmarkKey(entry), entry]));
      write(
        read().filter((entry) => {
          const held = byKey.get(bookmarkKey(entry));
          return !held || compareBookmarks(entry, held) > 0;
        }),
      );
    },
  };
}

function isTombstone(value: unknown): value is ReadingBookmark {
  const entry = value as Partial<ReadingBookmark> | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.bookId === 'string' &&
    typeof entry.cfi === 'string' &&
    typeof entry.content === 'string' &&
    typeof entry.createTime === 'number' &&
    typeof entry.updateTime === 'number' &&
    entry.deleted === true
  );
}

export interface SyncQueueOptions {
  send: (changes: SyncChanges) => Promise<ReadingSyncState>;
  /** Told what the server keeps after each push. */
  onSynced?: (state: ReadingSyncState) => void;
  /** Page turns within this time go up as one push. */
  delayMs?: number;
  /** The first wait after a failure; it doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** One push stays well inside the API's 64 KB body limit and fetch keepalive's 64 KB quota. */
  maxBytes?: number;
  /** A refusal that no retry can change (the server's 400): the batch is dropped. */
  isPermanent?: (error: unknown) => boolean;
  /**
   * A refusal that only the visitor can end (the session ended: they must log in again): the queue
   * stops where it is, keeping what waits, and says so once through `onPaused`.
   */
  pausesOn?: (error: unknown) => boolean;
  onPaused?: () => void;
}

export interface SyncQueue {
  add(changes: Partial<SyncChanges>): void;
  /** Sends what waits now instead of after the delay. */
  flush(): void;
  /** What still waits (the push in flight included), for a send that outlives the page; the queue is emptied. */
  takeAll(): SyncChanges;
  stop(): void;
}

/**
 * What the server would refuse (docs/api.md "Reading sync" caps) stays on this device: one such
 * record would otherwise take the whole push's 400 with it.
 */
export const syncable = (record: Pick<ReadingBookmark, 'bookId' | 'cfi'> & { content?: string }) =>
  record.bookId.length > 0 &&
  record.bookId.length <= BOOK_ID_MAX_LENGTH &&
  record.cfi.length > 0 &&
  record.cfi.length <= CFI_MAX_LENGTH &&
  (record.content ?? '').length <= BOOKMARK_CONTENT_MAX_LENGTH;

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/**
 * Changes on their way to the server: at most one push in flight, only the newest record per book
 * and per bookmark waiting (so fast page turns cost one push), and a failed push (offline, server
 * down) kept and retried later, quietly, merged with whatever changed meanwhile.
 */
export function createSyncQueue({
  send,
  onSynced,
  delayMs = 2000,
  retryMs = 5000,
  maxRetryMs = 5 * 60_000,
  maxBytes = 32 * 1024,
  isPermanent = () => false,
  pausesOn = () => false,
  onPaused,
}: SyncQueueOptions): SyncQueue {
  let locations: ReadingLocation[] = [];
  let bookmarks: ReadingBookmark[] = [];
  let inFlight: SyncChanges | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const merge = (changes: Partial<SyncChanges>) => {
    locations = mergeLocations(locations, (changes.locations ?? []).filter(syncable));
    bookmarks = mergeBookmarks(bookmarks, (changes.bookmarks ?? []).filter(syncable));
  };
  const waiting = () => locations.length + bookmarks.length > 0;

  const schedule = (wait: number) => {
    if (stopped || timer !== undefined || inFlight || !waiting()) return;
    timer = setTimeout(() => {
      timer = undefined;
      push();
    }, wait);
  };

  /** The next push: as many records as fit the size and count caps, places first. */
  const takeBatch = (): SyncChanges => {
    const batch: SyncChanges = { locations: [], bookmarks: [] };
    let bytes = 64;
    let count = 0;
    const fits = (record: unknown) => {
      const size = byteLength(record) + 1;
      if (count > 0 && (bytes + size > maxBytes || count >= RECORDS_PER_REQUEST_MAX)) return false;
      bytes += size;
      count += 1;
      return true;
    };
    while (locations.length > 0 && fits(locations[0])) batch.locations.push(locations.shift()!);
    while (bookmarks.length > 0 && fits(bookmarks[0])) batch.bookmarks.push(bookmarks.shift()!);
    return batch;
  };

  const push = () => {
    if (stopped || inFlight || !waiting()) return;
    const batch = takeBatch();
    inFlight = batch;
    send(batch).then(
      (state) => {
        inFlight = undefined;
        failures = 0;
        onSynced?.(state);
        schedule(0);
      },
      (error: unknown) => {
        inFlight = undefined;
        if (isPermanent(error)) {
          schedule(0);
          return;
        }
        merge(batch);
        if (pausesOn(error)) {
          if (!stopped) onPaused?.();
          stop();
          return;
        }
        failures += 1;
        schedule(Math.min(maxRetryMs, retryMs * 2 ** (failures - 1)));
      },
    );
  };

  const stop = () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  return {
    add(changes) {
      merge(changes);
      schedule(delayMs);
    },
    flush() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      push();
    },
    takeAll() {
      const all = {
        locations: mergeLocations(inFlight?.locations ?? [], locations),
        bookmarks: mergeBookmarks(inFlight?.bookmarks ?? [], bookmarks),
      };
      locations = [];
      bookmarks = [];
      return all;
    },
    stop,
  };
}
