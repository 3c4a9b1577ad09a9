import { describe, expect, it } from 'vitest';
import type { ReadingBookmark, ReadingLocation } from '../contracts/reading-sync-base';
import { bookmarkKey, clampToServerClock, mergeBookmarks, mergeLocations, newerBookmark, newerLocation } from './reading-merge';

const location = (updateTime: number, cfi = 'epubcfi(/6/4!/4/2)', progress = 10, bookId = 'book'): ReadingLocation => ({
  bookId,
  cfi,
  progress,
  updateTime,
});
const mark = (cfi: string, updateTime: number, patch: Partial<ReadingBookmark> = {}): ReadingBookmark => ({
  bookId: 'book',
  cfi,
  content: `at ${cfi}`,
  createTime: updateTime,
  updateTime,
  deleted: false,
  ...patch,
});
const sorted = (bookmarks: ReadingBookmark[]) => [...bookmarks].sort((a, b) => bookmarkKey(a).localeCompare(bookmarkKey(b)));

describe('reading locations', () => {
  it('keeps the newest by its time, whichever side holds it', () => {
    const old = location(1000, 'epubcfi(/6/2)', 5);
    const recent = location(2000, 'epubcfi(/6/8)', 40);
    expect(newerLocation(old, recent)).toBe(recent);
    expect(newerLocation(recent, old)).toBe(recent);
    expect(mergeLocations([old], [recent])).toEqual([recent]);
    expect(mergeLocations([recent], [old])).toEqual([recent]);
  });

  it('breaks a tie of equal times the same way on both sides', () => {
    const a = location(1000, 'epubcfi(/6/2)', 5);
    const b = location(1000, 'epubcfi(/6/8)', 40);
    expect(newerLocation(a, b)).toEqual(b);
    expect(newerLocation(b, a)).toEqual(b);
  });

  it('keeps one location per book', () => {
    const merged = mergeLocations([location(1, 'a', 1, 'x'), location(5, 'b', 2, 'y')], [location(3, 'c', 3, 'x')]);
    expect(merged.sort((a, b) => a.bookId.localeCompare(b.bookId))).toEqual([location(3, 'c', 3, 'x'), location(5, 'b', 2, 'y')]);
  });
});

describe('bookmarks', () => {
  it('a removal newer than the bookmark removes it; a later re-add brings it back', () => {
    const added = mark('p1', 1000);
    const removed = mark('p1', 2000, { createTime: 1000, deleted: true });
    expect(mergeBookmarks([added], [removed])).toEqual([removed]);
    const readded = mark('p1', 3000);
    expect(mergeBookmarks([removed], [readded])).toEqual([readded]);
    expect(mergeBookmarks([readded], [removed], [added])).toEqual([readded]);
  });

  it('an old copy of a removed bookmark (a device that was offline) does not bring it back', () => {
    const removed = mark('p1', 2000, { createTime: 1000, deleted: true });
    expect(mergeBookmarks([removed], [mark('p1', 1000)])).toEqual([removed]);
  });

  it('at equal times the removal wins, on both sides', () => {
    const live = mark('p1', 1000);
    const removed = mark('p1', 1000, { deleted: true });
    expect(newerBookmark(live, removed)).toBe(removed);
    expect(newerBookmark(removed, live)).toBe(removed);
  });

  it('at equal times and states the later creation, then the excerpt decides, on both sides', () => {
    const a = mark('p1', 1000, { createTime: 900, content: 'b' });
    const b = mark('p1', 1000, { createTime: 950, content: 'a' });
    const c = mark('p1', 1000, { createTime: 950, content: 'c' });
    expect(newerBookmark(a, b)).toBe(b);
    expect(newerBookmark(b, a)).toBe(b);
    expect(newerBookmark(b, c)).toBe(c);
    expect(newerBookmark(c, b)).toBe(c);
  });

  it('keys by book and place: the same CFI in two books are two bookmarks', () => {
    const one = mark('p1', 1000);
    const other = mark('p1', 1000, { bookId: 'other' });
    expect(mergeBookmarks([one], [other])).toHaveLength(2);
  });
});

describe('merging is order-free', () => {
  /** A small deterministic generator, so every run checks the same cases. */
  function* random(seed: number) {
    let state = seed;
    for (;;) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      yield state;
    }
  }

  const replicas = (seed: number): ReadingBookmark[][] => {
    const next = random(seed);
    const pick = (n: number) => (next.next().value as number) % n;
    return Array.from({ length: 3 }, () =>
      Array.from({ length: 6 }, () =>
        mark(`p${pick(4)}`, 1000 + pick(5), { deleted: pick(2) === 1, createTime: 900 + pick(3), content: `c${pick(2)}` }),
      ),
    );
  };

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('commutative, associative and idempotent (seed %i)', (seed) => {
    const [a = [], b = [], c = []] = replicas(seed);
    const ab = mergeBookmarks(a, b);
    expect(sorted(ab)).toEqual(sorted(mergeBookmarks(b, a)));
    expect(sorted(mergeBookmarks(ab, c))).toEqual(sorted(mergeBookmarks(a, mergeBookmarks(b, c))));
    expect(sorted(mergeBookmarks(c, ab))).toEqual(sorted(mergeBookmarks(ab, c)));
    expect(sorted(mergeBookmarks(ab, ab))).toEqual(sorted(ab));
    expect(sorted(mergeBookmarks(ab, a))).toEqual(sorted(ab));
  });

  it('locations too', () => {
    const a = [location(5, 'x', 1), location(2, 'y', 1, 'b2')];
    const b = [location(5, 'z', 9), location(7, 'q', 3, 'b2')];
    const c = [location(4, 'w', 2)];
    const byBook = (list: ReadingLocation[]) => [...list].sort((x, y) => x.bookId.localeCompare(y.bookId));
    expect(byBook(mergeLocations(a, b))).toEqual(byBook(mergeLocations(b, a)));
    expect(byBook(mergeLocations(mergeLocations(a, b), c))).toEqual(byBook(mergeLocations(a, mergeLocations(b, c))));
    expect(byBook(mergeLocations(a, a))).toEqual(byBook(a));
  });
});

describe('clock skew', () => {
  it('clamps times beyond the server clock plus the margin, and leaves others alone', () => {
    const now = 1_000_000;
    const fine = mark('p1', now + 500);
    expect(clampToServerClock(fine, now, 1000)).toBe(fine);
    const ahead = mark('p1', now + 86_400_000);
    expect(clampToServerClock(ahead, now, 1000)).toEqual({ ...ahead, updateTime: now + 1000, createTime: now + 1000 });
    expect(clampToServerClock(location(now + 5000), now, 1000)).toEqual(location(now + 1000));
  });
});
