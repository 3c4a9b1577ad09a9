import type { ReadingBookmark, ReadingLocation } from '../contracts/reading-sync-base';

/**
 * Last writer wins, the same on the server and in every browser (docs/decisions.md "Reading sync").
 * The order is total, so merging is commutative, associative and idempotent: devices that saw the
 * same records in any order hold the same result.
 */

/** Codepoint order, not the locale's: every engine and browser sorts alike. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** > 0 when `a` wins. Equal times: the later CFI, then the higher progress (any fixed rule would do). */
export function compareLocations(a: ReadingLocation, b: ReadingLocation): number {
  return a.updateTime - b.updateTime || compareText(a.cfi, b.cfi) || a.progress - b.progress;
}

/**
 * > 0 when `a` wins. Equal times: a removal beats the bookmark it removes (a device that removed a
 * bookmark in the same millisecond as another re-added it cannot be told apart, and keeping the
 * removal never resurrects what someone deleted), then the later creation, then the excerpt.
 */
export function compareBookmarks(a: ReadingBookmark, b: ReadingBookmark): number {
  return (
    a.updateTime - b.updateTime || Number(a.deleted) - Number(b.deleted) || a.createTime - b.createTime || compareText(a.content, b.content)
  );
}

export const locationKey = (location: Pick<ReadingLocation, 'bookId'>) => location.bookId;
/** A NUL cannot occur in a book id, so the key is unambiguous. */
export const bookmarkKey = (bookmark: Pick<ReadingBookmark, 'bookId' | 'cfi'>) => `${bookmark.bookId}\u0000${bookmark.cfi}`;

export function newerLocation(a: ReadingLocation, b: ReadingLocation): ReadingLocation {
  return compareLocations(a, b) >= 0 ? a : b;
}

export function newerBookmark(a: ReadingBookmark, b: ReadingBookmark): ReadingBookmark {
  return compareBookmarks(a, b) >= 0 ? a : b;
}

function mergeBy<T>(lists: readonly (readonly T[])[], key: (item: T) => string, newer: (a: T, b: T) => T): T[] {
  const winners = new Map<string, T>();
  for (const list of lists) {
    for (const item of list) {
      const id = key(item);
      const held = winners.get(id);
      winners.set(id, held === undefined ? item : newer(held, item));
    }
  }
  return [...winners.values()];
}

/** One location per book: the newest of all the lists. */
export function mergeLocations(...lists: readonly (readonly ReadingLocation[])[]): ReadingLocation[] {
  return mergeBy(lists, locationKey, newerLocation);
}

/** One record per (book, CFI): the newest of all the lists, tombstones included. */
export function mergeBookmarks(...lists: readonly (readonly ReadingBookmark[])[]): ReadingBookmark[] {
  return mergeBy(lists, bookmarkKey, newerBookmark);
}

/**
 * A client's time as the server keeps it: a device whose clock runs ahead would otherwise win every
 * later write from the others until real time caught up; clamped, it wins for at most `marginMs`.
 */
export function clampToServerClock<T extends { updateTime: number; createTime?: number }>(record: T, now: number, marginMs: number): T {
  const latest = now + marginMs;
  if (record.updateTime <= latest && (record.createTime === undefined || record.createTime <= latest)) return record;
  return {
    ...record,
    updateTime: Math.min(record.updateTime, latest),
    ...(record.createTime === undefined ? {} : { createTime: Math.min(record.createTime, latest) }),
  };
}
