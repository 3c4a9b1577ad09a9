import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const account = vi.hoisted(() => ({
  userId: vi.fn<() => number | undefined>(() => 7),
  get: vi.fn<(path: string, params?: unknown) => Promise<unknown>>(),
  post: vi.fn<(path: string, body: unknown) => Promise<unknown>>(),
  postOnLeave: vi.fn<(path: string, body: unknown) => boolean>(() => true),
}));
vi.mock('@/platform', () => ({ account }));
vi.mock('@/platform/storage', () => ({
  readerStorage: { bookmarksOf: () => Promise.resolve([]) },
  StorageError: class StorageError extends Error {},
}));

const { bookSync } = await import('./book-sync');

/** The account's answer when the session has ended: the API client's HttpError for a 401. */
const ended = () => Object.assign(new Error('认证已过期，请登录!'), { kind: 'unauthorized', status: 401 });
const place = (cfi: string, updateTime: number) => ({ id: 'book', cfi, progress: 10, updateTime });

describe('a book’s sync when the session has ended', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    account.get.mockReset();
    account.post.mockReset();
    account.postOnLeave.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a refused push pauses it once: nothing more is sent, not even on leaving', async () => {
    account.get.mockResolvedValue({ serverTime: 0, locations: [], bookmarks: [] });
    account.post.mockRejectedValue(ended());
    const onPaused = vi.fn();
    const sync = bookSync('book', { onPaused });
    await sync.pull(() => Promise.resolve(undefined));
    sync.location(place('/6/2', 1));
    await vi.advanceTimersByTimeAsync(2000);
    expect(account.post).toHaveBeenCalledOnce();
    expect(onPaused).toHaveBeenCalledOnce();

    sync.location(place('/6/4', 2));
    await vi.advanceTimersByTimeAsync(600_000);
    sync.leave();
    expect(account.post).toHaveBeenCalledOnce();
    expect(account.postOnLeave).not.toHaveBeenCalled();
    expect(onPaused).toHaveBeenCalledOnce();
  });

  it('a refused pull on opening pauses it too; other failures only mean a later try', async () => {
    account.get.mockRejectedValueOnce(ended());
    const onPaused = vi.fn();
    const sync = bookSync('book', { onPaused });
    expect(await sync.pull(() => Promise.resolve(undefined))).toBeUndefined();
    expect(onPaused).toHaveBeenCalledOnce();
    sync.location(place('/6/2', 1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(account.post).not.toHaveBeenCalled();

    account.get.mockRejectedValueOnce(Object.assign(new Error('offline'), { kind: 'network' }));
    const offline = vi.fn();
    const other = bookSync('book', { onPaused: offline });
    await other.pull(() => Promise.resolve(undefined));
    account.post.mockResolvedValue({ serverTime: 0, locations: [], bookmarks: [] });
    other.location(place('/6/2', 1));
    await vi.advanceTimersByTimeAsync(2000);
    expect(offline).not.toHaveBeenCalled();
    expect(account.post).toHaveBeenCalledOnce();
  });
});
