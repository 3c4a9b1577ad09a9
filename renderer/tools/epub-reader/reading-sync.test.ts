import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReadingBookmark, ReadingLocation, ReadingSyncState } from '@shared/contracts/reading-sync-base';
import type { StoredBookmark, StoredLocation } from '@/platform/storage';
import { createSyncQueue, planBookSync, removedBookmarks } from './reading-sync';
import type { SyncChanges } from './reading-sync';

const stored = (cfi: string, createTime: number): StoredBookmark => ({ id: `book-${cfi}`, bookId: 'book', cfi, content: cfi, createTime });
const remote = (cfi: string, updateTime: number, patch: Partial<ReadingBookmark> = {}): ReadingBookmark => ({
  bookId: 'book',
  cfi,
  content: cfi,
  createTime: updateTime,
  updateTime,
  deleted: false,
  ...patch,
});
const here = (cfi: string, updateTime: number): StoredLocation => ({ id: 'book', cfi, progress: 10, updateTime });
const there = (cfi: string, updateTime: number): ReadingLocation => ({ bookId: 'book', cfi, progress: 50, updateTime });

describe('planning a book’s sync on opening', () => {
  it('takes the account’s newer place, and pushes this browser’s newer one', () => {
    expect(planBookSync({ location: here('a', 100), bookmarks: [], removed: [] }, { locations: [there('b', 200)], bookmarks: [] })).toEqual(
      {
        location: there('b', 200),
        add: [],
        remove: [],
        push: { locations: [], bookmarks: [] },
      },
    );
    const mine = planBookSync({ location: here('a', 300), bookmarks: [], removed: [] }, { locations: [there('b', 200)], bookmarks: [] });
    expect(mine.location).toBeUndefined();
    expect(mine.push.locations).toEqual([{ bookId: 'book', cfi: 'a', progress: 10, updateTime: 300 }]);
    const equal = planBookSync(
      { location: here('b', 200), bookmarks: [], removed: [] },
      { locations: [{ ...there('b', 200), progress: 10 }], bookmarks: [] },
    );
    expect(equal).toEqual({ add: [], remove: [], push: { locations: [], bookmarks: [] } });
  });

  it('a first visit in this browser goes to the account’s place; a book the account never saw is pushed', () => {
    expect(planBookSync({ bookmarks: [], removed: [] }, { locations: [there('b', 200)], bookmarks: [] }).location).toEqual(there('b', 200));
    expect(
      planBookSync({ location: here('a', 1), bookmarks: [], removed: [] }, { locations: [], bookmarks: [] }).push.locations,
    ).toHaveLength(1);
  });

  it('adds bookmarks made elsewhere, removes those removed elsewhere, pushes its own and its removals', () => {
    const plan = planBookSync(
      {
        bookmarks: [stored('kept', 100), stored('gone', 100), stored('mine', 150)],
        removed: [remote('dropped-here', 400, { deleted: true })],
      },
      {
        locations: [],
        bookmarks: [
          remote('kept', 100),
          remote('gone', 300, { createTime: 100, deleted: true }),
          remote('new', 200),
          remote('dropped-here', 250),
        ],
      },
    );
    expect(plan.add).toEqual([remote('new', 200)]);
    expect(plan.remove.map((bookmark) => bookmark.cfi)).toEqual(['gone']);
    expect(plan.push.bookmarks).toEqual([remote('mine', 150), remote('dropped-here', 400, { deleted: true })]);
  });

  it('a bookmark removed elsewhere before this browser re-made it stays', () => {
    const plan = planBookSync(
      { bookmarks: [stored('p', 500)], removed: [] },
      { locations: [], bookmarks: [remote('p', 300, { deleted: true })] },
    );
    expect(plan.remove).toEqual([]);
    expect(plan.push.bookmarks).toEqual([remote('p', 500)]);
  });
});

describe('removed bookmarks kept in this browser', () => {
  const memory = () => {
    const items = new Map<string, string>();
    return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
  };

  it('keeps them across instances, forgets a re-made one, and drops those the server keeps', () => {
    const storage = memory();
    const first = removedBookmarks(storage, 'k');
    first.add(remote('a', 100, { deleted: true }));
    first.add(remote('b', 100, { deleted: true }));
    first.add({ ...remote('c', 100, { deleted: true }), bookId: 'other' });
    const again = removedBookmarks(storage, 'k');
    expect(again.of('book').map((entry) => entry.cfi)).toEqual(['a', 'b']);
    again.forget({ bookId: 'book', cfi: 'a' });
    expect(again.of('book').map((entry) => entry.cfi)).toEqual(['b']);
    // The server answering with an older record does not count as having it.
    again.acknowledge([remote('b', 50)]);
    expect(again.of('book')).toHaveLength(1);
    again.acknowledge([remote('b', 100, { deleted: true })]);
    expect(again.of('book')).toEqual([]);
    expect(again.of('other')).toHaveLength(1);
  });

  it('reads damaged or foreign text as none, and lives without a storage', () => {
    const storage = memory();
    storage.setItem('k', '{not json');
    expect(removedBookmarks(storage, 'k').of('book')).toEqual([]);
    storage.setItem('k', JSON.stringify([{ bookId: 'book', cfi: 1 }, remote('ok', 1, { deleted: true }), remote('live', 1)]));
    expect(
      removedBookmarks(storage, 'k')
        .of('book')
        .map((entry) => entry.cfi),
    ).toEqual(['ok']);
    const none = removedBookmarks(undefined, 'k');
    none.add(remote('x', 1, { deleted: true }));
    expect(none.of('book')).toEqual([]);
  });
});

describe('the push queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const answer = (changes: SyncChanges): ReadingSyncState => ({ serverTime: 0, ...changes });

  /** A server whose answers the test releases one by one. */
  function server() {
    const calls: { changes: SyncChanges; resolve: () => void; reject: (error: unknown) => void }[] = [];
    const send = (changes: SyncChanges) =>
      new Promise<ReadingSyncState>((resolve, reject) => {
        calls.push({ changes, resolve: () => resolve(answer(changes)), reject });
      });
    return { calls, send };
  }

  it('waits for the delay, sends only the newest place of fast page turns, one push at a time', async () => {
    const { calls, send } = server();
    const queue = createSyncQueue({ send, delayMs: 2000 });
    queue.add({ locations: [there('p1', 1)] });
    queue.add({ locations: [there('p2', 2)] });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.changes.locations)).toEqual([[there('p2', 2)]]);

    // While it is in flight, more turns wait, the newest only, and go after it answers.
    queue.add({ locations: [there('p3', 3)] });
    queue.add({ locations: [there('p4', 4)] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.changes.locations)).toEqual([[there('p2', 2)], [there('p4', 4)]]);
  });

  it('keeps a failed push, merged with newer changes, and retries later with a growing wait', async () => {
    const { calls, send } = server();
    const synced: ReadingSyncState[] = [];
    const queue = createSyncQueue({ send, delayMs: 100, retryMs: 1000, onSynced: (state) => synced.push(state) });
    queue.add({ locations: [there('p1', 1)], bookmarks: [remote('m', 1)] });
    await vi.advanceTimersByTimeAsync(100);
    calls[0]!.reject(new Error('offline'));
    queue.add({ locations: [there('p2', 2)] });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[1]!.changes).toEqual({ locations: [there('p2', 2)], bookmarks: [remote('m', 1)] });
    calls[1]!.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    calls[2]!.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(synced).toEqual([answer({ locations: [there('p2', 2)], bookmarks: [remote('m', 1)] })]);
  });

  it('drops a batch the server refuses for good instead of retrying it for ever', async () => {
    const { calls, send } = server();
    const queue = createSyncQueue({ send, delayMs: 10, isPermanent: (error) => (error as { status?: number }).status === 400 });
    queue.add({ bookmarks: [remote('m', 1)] });
    await vi.advanceTimersByTimeAsync(10);
    calls[0]!.reject({ status: 400 });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(1);
  });

  it('an ended session pauses it: told once, no retry, nothing more sent, what waited kept', async () => {
    const { calls, send } = server();
    const onPaused = vi.fn();
    const queue = createSyncQueue({
      send,
      delayMs: 10,
      retryMs: 100,
      pausesOn: (error) => (error as { status?: number }).status === 401,
      onPaused,
    });
    queue.add({ locations: [there('p1', 1)] });
    await vi.advanceTimersByTimeAsync(10);
    calls[0]!.reject({ status: 401 });
    await vi.advanceTimersByTimeAsync(0);
    expect(onPaused).toHaveBeenCalledOnce();
    queue.add({ locations: [there('p2', 2)] });
    queue.flush();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(1);
    expect(onPaused).toHaveBeenCalledOnce();
    expect(queue.takeAll().locations).toEqual([there('p2', 2)]);
  });

  it('splits what waits into pushes that fit the size cap', async () => {
    const { calls, send } = server();
    const queue = createSyncQueue({ send, delayMs: 0, maxBytes: 1000 });
    queue.add({ bookmarks: Array.from({ length: 30 }, (_, i) => remote(`p${i}`, i, { content: 'x'.repeat(50) })) });
    for (let round = 0; round < 30 && calls.length < 10; round++) {
      await vi.advanceTimersByTimeAsync(0);
      calls.at(-1)?.resolve();
    }
    await vi.advanceTimersByTimeAsync(0);
    const sizes = calls.map((call) => JSON.stringify(call.changes).length);
    expect(calls.length).toBeGreaterThan(1);
    expect(sizes.every((size) => size <= 1000)).toBe(true);
    expect(calls.flatMap((call) => call.changes.bookmarks)).toHaveLength(30);
  });

  it('keeps records the server would refuse out of the pushes', async () => {
    const { calls, send } = server();
    const queue = createSyncQueue({ send, delayMs: 0 });
    queue.add({ locations: [there('x'.repeat(3000), 1)], bookmarks: [remote('ok', 1), remote('long', 1, { content: '字'.repeat(300) })] });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((call) => call.changes)).toEqual([{ locations: [], bookmarks: [remote('ok', 1)] }]);
  });

  it('hands over everything still waiting, the push in flight included, when the page goes', async () => {
    const { calls, send } = server();
    const queue = createSyncQueue({ send, delayMs: 10 });
    queue.add({ locations: [there('p1', 1)] });
    await vi.advanceTimersByTimeAsync(10);
    queue.add({ bookmarks: [remote('m', 2)] });
    expect(calls).toHaveLength(1);
    expect(queue.takeAll()).toEqual({ locations: [there('p1', 1)], bookmarks: [remote('m', 2)] });
    expect(queue.takeAll().bookmarks).toEqual([]);
    queue.stop();
    calls[0]!.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
  });
});
