import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import {
  BOOK_ID_MAX_LENGTH,
  BOOKMARK_CONTENT_MAX_LENGTH,
  BOOKMARKS_PER_BOOK_MAX,
  CFI_MAX_LENGTH,
  CLOCK_SKEW_MARGIN_MS,
  RECORDS_PER_REQUEST_MAX,
} from '@shared/contracts/reading-sync-base';
import type { ReadingBookmark, ReadingLocation, ReadingSyncPush, ReadingSyncState } from '@shared/contracts/reading-sync-base';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { READING_SYNC_RATE_LIMIT } from './reading-sync.router';

let kit: AccountsServer;
let ann: string;
let bob: string;
let users = 0;

/** A fresh account's access token: each has its own rate-limit allowance and its own records. */
async function newUser(): Promise<string> {
  users += 1;
  const name = `reader${users}`;
  return (await kit.register(name, `${name}@example.com`, 'reader-password')).accessToken;
}

beforeAll(async () => {
  kit = await startAccountsServer();
  ann = await newUser();
  bob = await newUser();
});

afterAll(async () => {
  await kit.close();
});

const pull = (token: string | undefined, query = '') =>
  kit.call<ReadingSyncState>('GET', `/api/busi/reading-sync/mine${query}`, token ? { token } : {});
const push = (token: string | undefined, body: ReadingSyncPush | unknown) =>
  kit.call<ReadingSyncState>('POST', '/api/busi/reading-sync/mine/save', { json: body, ...(token ? { token } : {}) });

const location = (bookId: string, updateTime: number, cfi = 'epubcfi(/6/4!/4/2/1:0)', progress = 12): ReadingLocation => ({
  bookId,
  cfi,
  progress,
  updateTime,
});
const mark = (bookId: string, cfi: string, updateTime: number, patch: Partial<ReadingBookmark> = {}): ReadingBookmark => ({
  bookId,
  cfi,
  content: `第一章 ${cfi}`,
  createTime: updateTime,
  updateTime,
  deleted: false,
  ...patch,
});
const byPlace = (bookmarks: ReadingBookmark[]) =>
  [...bookmarks].sort((a, b) => a.bookId.localeCompare(b.bookId) || a.cfi.localeCompare(b.cfi));
const rowCount = async () =>
  (
    await kit.server.db
      .selectFrom('reading_bookmarks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('who may sync', () => {
  it('a visitor gets 401 on both calls and nothing is stored', async () => {
    const before = await rowCount();
    expect((await pull(undefined)).status).toBe(401);
    const pushed = await push(undefined, { bookmarks: [mark('visitor-book', 'c1', 1000)] });
    expect(pushed.status).toBe(401);
    expect(await rowCount()).toBe(before);
  });

  it('users never see or change each other’s records, even for the same book', async () => {
    const now = Date.now();
    expect(
      (await push(ann, { locations: [location('shared-book', now, 'ann-place', 50)], bookmarks: [mark('shared-book', 'ann-mark', now)] }))
        .status,
    ).toBe(200);
    expect(
      (
        await push(bob, {
          locations: [location('shared-book', now + 5, 'bob-place', 3)],
          bookmarks: [mark('shared-book', 'ann-mark', now + 5, { deleted: true })],
        })
      ).status,
    ).toBe(200);

    const annSees = (await pull(ann, '?bookIds=shared-book')).body.data;
    expect(annSees.locations).toEqual([location('shared-book', now, 'ann-place', 50)]);
    expect(annSees.bookmarks).toEqual([mark('shared-book', 'ann-mark', now)]);
    const bobSees = (await pull(bob)).body.data;
    expect(bobSees.locations).toEqual([location('shared-book', now + 5, 'bob-place', 3)]);
    expect(bobSees.bookmarks).toEqual([mark('shared-book', 'ann-mark', now + 5, { deleted: true })]);
  });
});

describe('last writer wins', () => {
  it('keeps the newer place, answers with it, and a pull by book id returns it', async () => {
    const token = await newUser();
    const t = Date.now() - 60_000;
    const first = await push(token, { locations: [location('b1', t + 2000, 'later', 40)] });
    expect(first.body.data.locations).toEqual([location('b1', t + 2000, 'later', 40)]);
    // An older place (a device that read earlier and syncs only now) loses, and the answer says what is kept.
    const stale = await push(token, { locations: [location('b1', t + 1000, 'earlier', 20)] });
    expect(stale.body.data.locations).toEqual([location('b1', t + 2000, 'later', 40)]);
    const newer = await push(token, { locations: [location('b1', t + 3000, 'latest', 60), location('b2', t, 'other', 1)] });
    expect(newer.body.data.locations).toHaveLength(2);

    const pulled = (await pull(token, '?bookIds=b1')).body.data;
    expect(pulled.locations).toEqual([location('b1', t + 3000, 'latest', 60)]);
    expect(pulled.bookmarks).toEqual([]);
    const both = (await pull(token, '?bookIds=b1&bookIds=b2')).body.data;
    expect(both.locations.map((entry) => entry.bookId)).toEqual(['b1', 'b2']);
  });

  it('a removal stays removed against older copies and gives way to a later re-add', async () => {
    const token = await newUser();
    const t = Date.now() - 60_000;
    await push(token, { bookmarks: [mark('b', 'p1', t), mark('b', 'p2', t)] });
    const removed = mark('b', 'p1', t + 1000, { createTime: t, deleted: true });
    expect((await push(token, { bookmarks: [removed] })).body.data.bookmarks).toEqual([removed]);

    // A device that was offline still holds the bookmark as it was: it does not come back.
    const offline = await push(token, { bookmarks: [mark('b', 'p1', t), mark('b', 'p2', t)] });
    expect(byPlace(offline.body.data.bookmarks)).toEqual([removed, mark('b', 'p2', t)]);

    // Equal times: the removal wins, whichever arrives second.
    const tie = await push(token, { bookmarks: [mark('b', 'p1', t + 1000)] });
    expect(tie.body.data.bookmarks).toEqual([removed]);

    const readded = mark('b', 'p1', t + 5000);
    await push(token, { bookmarks: [readded] });
    expect(byPlace((await pull(token, '?bookIds=b')).body.data.bookmarks)).toEqual([readded, mark('b', 'p2', t)]);
  });

  it('clamps a clock that runs ahead to the server’s plus the margin, so it cannot win for ever', async () => {
    const token = await newUser();
    const before = Date.now();
    const aDayAhead = before + 86_400_000;
    const answer = await push(token, { locations: [location('skewed', aDayAhead)], bookmarks: [mark('skewed', 'c', aDayAhead)] });
    const after = Date.now();
    const [kept] = answer.body.data.locations;
    expect(kept?.updateTime).toBeGreaterThanOrEqual(before + CLOCK_SKEW_MARGIN_MS);
    expect(kept?.updateTime).toBeLessThanOrEqual(after + CLOCK_SKEW_MARGIN_MS);
    expect(answer.body.data.bookmarks[0]?.createTime).toBeLessThanOrEqual(after + CLOCK_SKEW_MARGIN_MS);
    // A correct clock a few minutes later wins again.
    const later = await push(token, { locations: [location('skewed', after + CLOCK_SKEW_MARGIN_MS + 1, 'fresh')] });
    expect(later.body.data.locations[0]?.cfi).toBe('fresh');
  });

  it('parallel saves of one bookmark keep the newest, whatever order they land in', async () => {
    const token = await newUser();
    const t = Date.now() - 60_000;
    const versions = Array.from({ length: 12 }, (_, index) =>
      mark('race', 'p', t + index, { deleted: index % 2 === 1, content: `v${index}` }),
    );
    const answers = await Promise.all([...versions].reverse().map((version) => push(token, { bookmarks: [version] })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect((await pull(token, '?bookIds=race')).body.data.bookmarks).toEqual([versions.at(-1)]);
  });

  it('a pull since a server time returns only what was stored since', async () => {
    const token = await newUser();
    await push(token, { locations: [location('old-book', 1000)] });
    const { serverTime } = (await pull(token)).body.data;
    // The overlap (PULL_OVERLAP_MS) returns the first one again; a pull far after returns nothing.
    await push(token, { locations: [location('new-book', 2000)] });
    const since = (await pull(token, `?since=${serverTime}`)).body.data;
    expect(since.locations.map((entry) => entry.bookId)).toContain('new-book');
    expect((await pull(token, `?since=${Date.now() + 60_000}`)).body.data.locations).toEqual([]);
  });
});

describe('limits', () => {
  const refused = async (body: unknown, message: RegExp | string) => {
    const token = await newUser();
    const answer = await push(token, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(API_CODE.BAD_REQUEST);
    expect(answer.body.msg).toMatch(message);
    expect((await pull(token)).body.data).toMatchObject({ locations: [], bookmarks: [] });
  };

  it.each([
    ['a book id over the cap', { locations: [location('b'.repeat(BOOK_ID_MAX_LENGTH + 1), 1)] }, /bookId/],
    ['an empty book id', { bookmarks: [mark('', 'c', 1)] }, /bookId/],
    ['a CFI over the cap', { bookmarks: [mark('b', 'c'.repeat(CFI_MAX_LENGTH + 1), 1)] }, /cfi/],
    ['an excerpt over the cap', { bookmarks: [mark('b', 'c', 1, { content: '字'.repeat(BOOKMARK_CONTENT_MAX_LENGTH + 1) })] }, /content/],
    ['progress over 100', { locations: [location('b', 1, 'c', 101)] }, /progress/],
    ['a negative time', { locations: [location('b', -1)] }, /updateTime/],
    [
      'more records than one request may hold',
      {
        locations: Array.from({ length: 300 }, (_, i) => location(`b${i}`, 1)),
        bookmarks: Array.from({ length: RECORDS_PER_REQUEST_MAX - 299 }, (_, i) => mark('b', `c${i}`, 1)),
      },
      /at most 500 records/i,
    ],
  ])('refuses %s with a 400 and stores nothing', async (_name, body, message) => {
    await refused(body, message);
  });

  it(`keeps at most ${BOOKMARKS_PER_BOOK_MAX} live bookmarks per book, with a message, and writes nothing of the refused push`, async () => {
    const token = await newUser();
    const marks = (from: number, count: number) =>
      Array.from({ length: count }, (_, i) => mark('big', `p${from + i}`, 1000 + i, { content: '' }));
    expect((await push(token, { bookmarks: marks(0, 500) })).status).toBe(200);
    expect((await push(token, { bookmarks: marks(500, BOOKMARKS_PER_BOOK_MAX - 500) })).status).toBe(200);
    const over = await push(token, { bookmarks: [...marks(BOOKMARKS_PER_BOOK_MAX, 1), mark('other-book', 'x', 5)] });
    expect(over.status).toBe(400);
    expect(over.body.ext?.messages).toEqual([
      { key: 'readingSync.tooManyBookmarks', params: { max: BOOKMARKS_PER_BOOK_MAX } },
    ] satisfies ServerMessage[]);
    const stored = (await pull(token)).body.data.bookmarks;
    expect(stored).toHaveLength(BOOKMARKS_PER_BOOK_MAX);
    // Removing one makes room again.
    expect((await push(token, { bookmarks: [mark('big', 'p0', 9999, { deleted: true, content: '' })] })).status).toBe(200);
    expect((await push(token, { bookmarks: marks(BOOKMARKS_PER_BOOK_MAX, 1) })).status).toBe(200);
  });

  it('rate-limits one account from one address, and not the next account', async () => {
    const token = await newUser();
    for (let i = 0; i < READING_SYNC_RATE_LIMIT.limit; i++) expect((await pull(token, '?bookIds=x')).status).toBe(200);
    const limited = await push(token, { locations: [location('x', 1)] });
    expect(limited.status).toBe(429);
    expect(limited.body.ext?.messages).toEqual([{ key: 'readingSync.tooManyRequests', params: { minutes: 1 } }] satisfies ServerMessage[]);
    expect((await pull(await newUser())).status).toBe(200);
  });
});
