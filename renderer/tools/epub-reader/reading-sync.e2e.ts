import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config';
import type { ReadingSyncState } from '../../../shared/contracts/reading-sync-base';
import type { TokenPair } from '../../../shared/contracts/users';
import { makeEpub } from '../../../shared/testing/books';
import { expect, test, watchPrivacy } from '../../../e2e/privacy';

/**
 * Reading sync end to end (issue 15): two browsers logged in as one user, each with the same book
 * imported on its own (book files never travel), continue each other's reading; a visitor's reader
 * sends nothing.
 *
 * Every test logs in as the one e2e administrator and they run in parallel, so each reads a book of
 * its own: the account keeps records per book, and a shared one let one test's page turns reach
 * another's second browser (CI saw B open at the other test's 5 % instead of A's 45 %, and that
 * test open at this one's 45 %).
 */
let dir: string;
const chapters = [1, 2, 3, 4, 5].map((chapter) => ({
  title: `Chapter ${chapter}`,
  body: `<h1>Sync chapter ${chapter}</h1>${Array.from({ length: 30 }, (_, at) => `<p>Paragraph ${at + 1} of chapter ${chapter}. ${'A reader turns the page. '.repeat(8)}</p>`).join('')}`,
}));

/** A book for one test (and its repeats, --repeat-each): the same chapters, an identifier of its own, so a book id of its own. */
function newBook(tag: string): string {
  const id = `${tag}-${randomBytes(4).toString('hex')}`;
  const path = join(dir, `sync-${id}.epub`);
  writeFileSync(
    path,
    makeEpub({ title: `Sync Test Book (${id})`, creators: ['Sync Author'], identifier: `urn:reading-sync-e2e:${id}`, chapters }),
  );
  return path;
}

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-reading-sync-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function login(request: APIRequestContext): Promise<TokenPair> {
  const response = await request.post('/api/users/login', { data: { account: E2E_ADMIN.userName, password: E2E_ADMIN.password } });
  const body = (await response.json()) as { code: number; msg: string; data: TokenPair };
  expect(body.code, body.msg).toBe(20000);
  return body.data;
}

/** What the web app keeps after a login: both tokens in cookies (spec §9). */
async function signIn(context: BrowserContext, baseURL: string, pair: TokenPair): Promise<void> {
  await context.addCookies([
    { name: 'access_token', value: pair.accessToken, url: baseURL, sameSite: 'Lax' },
    { name: 'refresh_token', value: pair.refreshToken, url: baseURL, sameSite: 'Lax' },
  ]);
}

/** The book's records on the account, as the server holds them. */
async function onAccount(request: APIRequestContext, token: string, bookId: string): Promise<ReadingSyncState> {
  const response = await request.get(`/api/busi/reading-sync/mine?bookIds=${bookId}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: ReadingSyncState }).data;
}

async function bookText(page: Page): Promise<string> {
  const frames = page.frames().filter((frame) => frame.url().startsWith('blob:'));
  const texts = await Promise.all(frames.map((frame) => frame.evaluate(() => document.body?.innerText ?? '').catch(() => '')));
  return texts.join('\n');
}

async function importAndOpen(page: Page, bookPath: string): Promise<string> {
  await page.goto('/epub/reader');
  await page.getByTestId('file-input').setInputFiles(bookPath);
  await expect(page.getByTestId('reader')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(page).toHaveURL(/\?id=[0-9a-f]{32}$/);
  return new URL(page.url()).searchParams.get('id')!;
}

/** The book's bookmarks in the page's own IndexedDB (spec §3: database BookMark, store bookmark). */
function storedBookmarks(page: Page, bookId: string): Promise<number> {
  return page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('BookMark');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('bookmark').objectStore('bookmark').getAll();
          all.onsuccess = () => {
            resolve((all.result as { bookId: string }[]).filter((bookmark) => bookmark.bookId === id).length);
            open.result.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
    bookId,
  );
}

const progress = async (page: Page) => Number((await page.getByTestId('reader-progress').textContent())?.replace('%', ''));

test('two browsers of one user: B continues on A’s page with A’s bookmark; B removes it and A no longer has it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const [pairA, pairB] = [await login(request), await login(request)];
  await signIn(page.context(), baseURL!, pairA);

  // A reads to chapter 3, turns a page further and marks it.
  const book = newBook('two-browsers');
  const bookId = await importAndOpen(page, book);
  await page.getByTestId('reader-open-contents').click();
  await page.getByTestId('reader-toc').getByText('Chapter 3', { exact: true }).click();
  await expect.poll(() => bookText(page)).toContain('Sync chapter 3');
  const inChapter = await progress(page);
  await expect(async () => {
    await page.getByTestId('reader-next').click();
    expect(await progress(page)).toBeGreaterThan(inChapter);
  }).toPass({ timeout: 10_000 });
  const placeA = await progress(page);
  await page.getByTestId('reader-add-bookmark').click();
  await expect(page.getByText('已添加书签')).toBeVisible();
  expect(await storedBookmarks(page, bookId)).toBe(1);

  // Both reach the account within the push delay.
  await expect
    .poll(async () => {
      const state = await onAccount(request, pairA.accessToken, bookId);
      return { progress: state.locations[0]?.progress, bookmarks: state.bookmarks.filter((bookmark) => !bookmark.deleted).length };
    })
    .toEqual({ progress: placeA, bookmarks: 1 });

  // B: another browser, the same book imported there, opens on A's page with A's bookmark.
  const contextB = await browser.newContext({ baseURL: baseURL!, locale: 'zh-CN' });
  const stopWatchingB = await watchPrivacy(contextB);
  try {
    await signIn(contextB, baseURL!, pairB);
    const pageB = await contextB.newPage();
    expect(await importAndOpen(pageB, book)).toBe(bookId);
    await expect.poll(() => progress(pageB)).toBe(placeA);
    await expect.poll(() => bookText(pageB)).toContain('Sync chapter 3');
    await expect(pageB.getByTestId('reader-add-bookmark')).toHaveAttribute('aria-pressed', 'true');
    await pageB.getByTestId('reader-open-bookmarks').click();
    await expect(pageB.getByTestId('reader-bookmark')).toHaveCount(1);

    // B removes it; the removal reaches the account.
    await pageB.getByTestId('reader-bookmark-remove').click();
    await expect(pageB.getByTestId('reader-bookmark')).toHaveCount(0);
    await expect
      .poll(async () => (await onAccount(request, pairA.accessToken, bookId)).bookmarks.map((bookmark) => bookmark.deleted))
      .toEqual([true]);
    await contextB.close();
  } finally {
    expect(await stopWatchingB(), 'the second browser sent what may be file content').toEqual([]);
  }

  // A opens the book again: the bookmark is gone there too, and the place is kept.
  await page.reload();
  await expect(page.getByTestId('reader')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect.poll(() => progress(page)).toBe(placeA);
  // This browser's own store held the bookmark until the account said it was removed.
  await expect.poll(() => storedBookmarks(page, bookId)).toBe(0);
  await expect(page.getByTestId('reader-add-bookmark')).toHaveAttribute('aria-pressed', 'false');
  await page.getByTestId('reader-open-bookmarks').click();
  await expect(page.getByTestId('reader-bookmarks-drawer')).toBeVisible();
  await expect(page.getByTestId('reader-bookmark')).toHaveCount(0);
});

test('a visitor’s reader sends nothing to the account', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/busi/reading-sync')) calls.push(request.url());
  });
  await importAndOpen(page, newBook('visitor'));
  await expect(async () => {
    const before = await progress(page);
    await page.getByTestId('reader-next').click();
    expect(await progress(page)).toBeGreaterThan(before);
  }).toPass({ timeout: 10_000 });
  await page.getByTestId('reader-add-bookmark').click();
  await page.getByTestId('reader-open-bookmarks').click();
  await page.getByTestId('reader-bookmark-remove').click();
  // Longer than the push delay, then leaving the page (the pagehide send).
  await page.waitForTimeout(3000);
  await page.goto('/');
  expect(calls).toEqual([]);
});

/** One page further, retried while foliate is still laying the chapter out. */
async function turnPage(page: Page): Promise<number> {
  const before = await progress(page);
  await expect(async () => {
    await page.getByTestId('reader-next').click();
    expect(await progress(page)).toBeGreaterThan(before);
  }).toPass({ timeout: 10_000 });
  return progress(page);
}

test('a session that ends while reading pauses the sync without leaving the book; logged in again, the place kept here goes up', async ({
  page,
  request,
  baseURL,
}) => {
  const pair = await login(request);
  await signIn(page.context(), baseURL!, pair);
  const bookId = await importAndOpen(page, newBook('session'));
  const readerAddress = page.url();
  const synced = await turnPage(page);
  await expect.poll(async () => (await onAccount(request, pair.accessToken, bookId)).locations[0]?.progress).toBe(synced);
  const syncedAt = (await onAccount(request, pair.accessToken, bookId)).locations[0]!.updateTime;

  // Logged out elsewhere: the server ends the session and this browser's cookies go.
  await request.post('/api/users/logout', { data: { refreshToken: pair.refreshToken } });
  await page.context().clearCookies();
  const refused = page.waitForResponse(
    (response) => response.url().includes('/api/busi/reading-sync/mine/save') && response.status() === 401,
    {
      timeout: 20_000,
    },
  );
  await turnPage(page);
  await refused;
  await expect(page.getByTestId('reader-sync-paused')).toHaveText(/登录已过期，阅读进度和书签先保存在本机，重新登录后继续同步。/);
  await expect(page.getByTestId('reader-sync-login')).toHaveAttribute(
    'href',
    /^\/user\/login\?redirect=%2Fepub%2Freader%3Fid%3D[0-9a-f]{32}&/,
  );
  if (process.env.SCREENSHOT_DIR) {
    for (const [width, height] of [
      [375, 812],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `epub-reader-sync-paused-${width}.png`) });
    }
  }
  // Still in the book, nobody told to log in, and reading goes on.
  expect(page.url()).toBe(readerAddress);
  await expect(page.getByText('认证已过期，请登录!')).toHaveCount(0);
  await turnPage(page);
  await page.waitForTimeout(2500);
  expect(page.url()).toBe(readerAddress);

  // Logged in again: the place kept here goes up — the account's record is newer than the one
  // written before the session ended. (Not compared by percentage: without the hint's line the
  // page is taller, so the same place can fall on a page that starts a few percent earlier.)
  const again = await login(request);
  await signIn(page.context(), baseURL!, again);
  await page.reload();
  await expect(page.getByTestId('reader')).toHaveAttribute('data-status', 'ready', { timeout: 20_000 });
  await expect(page.getByTestId('reader-sync-paused')).toHaveCount(0);
  await expect
    .poll(async () => (await onAccount(request, again.accessToken, bookId)).locations[0]?.updateTime ?? 0)
    .toBeGreaterThan(syncedAt);
});

/** A reads the book to chapter 3 and a page further; resolves once that place is on the account. */
async function readOnA(page: Page, request: APIRequestContext, token: string, bookPath: string) {
  const bookId = await importAndOpen(page, bookPath);
  await page.getByTestId('reader-open-contents').click();
  await page.getByTestId('reader-toc').getByText('Chapter 3', { exact: true }).click();
  await expect.poll(() => bookText(page)).toContain('Sync chapter 3');
  const placeA = await turnPage(page);
  await expect.poll(async () => (await onAccount(request, token, bookId)).locations[0]?.progress).toBe(placeA);
  return { bookId, placeA };
}

const PULL_PATH = '/api/busi/reading-sync/mine';

/**
 * Holds the context's reads of the account until released: the reader opens without the answer
 * (it waits 1.5 s at most), as on a slow network or a busy server, and the answer comes when the
 * test says. Resolves, once released, with the answer's arrival.
 */
async function holdPulls(context: BrowserContext): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const pull = (url: URL) => url.pathname === PULL_PATH;
  await context.route(pull, async (route) => {
    await released;
    await route.fallback();
  });
  return async () => {
    const answered = context.waitForEvent('response', (response) => pull(new URL(response.url())));
    release();
    await answered;
  };
}

test(
  'an account answer that comes after the reader opened still takes B to A’s newer place',
  { tag: '@extended' },
  async ({ page, browser, request, baseURL }) => {
    const pair = await login(request);
    await signIn(page.context(), baseURL!, pair);
    const book = newBook('late');
    const { bookId, placeA } = await readOnA(page, request, pair.accessToken, book);

    const contextB = await browser.newContext({ baseURL: baseURL!, locale: 'zh-CN' });
    const stopWatchingB = await watchPrivacy(contextB);
    try {
      await signIn(contextB, baseURL!, await login(request));
      const answer = await holdPulls(contextB);
      const pageB = await contextB.newPage();
      expect(await importAndOpen(pageB, book)).toBe(bookId);
      // Open at the book's start, its own place, before the account has answered.
      expect(await progress(pageB)).toBeLessThan(placeA);
      await answer();
      await expect.poll(() => progress(pageB)).toBe(placeA);
      await expect.poll(() => bookText(pageB)).toContain('Sync chapter 3');
      await contextB.close();
    } finally {
      expect(await stopWatchingB(), 'the second browser sent what may be file content').toEqual([]);
    }
  },
);

/** This browser's place of the book as the reader stored it (spec §3: database BookLoc, store loc). */
function storedProgress(page: Page, bookId: string): Promise<number | undefined> {
  return page.evaluate(
    (id) =>
      new Promise<number | undefined>((resolve, reject) => {
        const open = indexedDB.open('BookLoc');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('loc').objectStore('loc').get(id);
          get.onsuccess = () => {
            resolve((get.result as { progress: number } | undefined)?.progress);
            open.result.close();
          };
          get.onerror = () => reject(get.error);
        };
      }),
    bookId,
  );
}

interface Fixtures {
  page: Page;
  browser: Browser;
  request: APIRequestContext;
  baseURL: string | undefined;
}

/**
 * A reads on; B opens the same book without the account's answer, moves on by itself with `move`
 * (retried until the place changes: a gesture while foliate still lays the chapter out moves
 * nothing), and only then hears the answer. Newest wins: B stays where it moved, and that goes up.
 */
async function moveBeforeLateAnswer(
  { page, browser, request, baseURL }: Fixtures,
  { options = {}, flow, move }: { options?: BrowserContextOptions; flow?: 'scrolled'; move: (pageB: Page) => Promise<void> },
) {
  const pair = await login(request);
  await signIn(page.context(), baseURL!, pair);
  const book = newBook('late-moved');
  const { bookId, placeA } = await readOnA(page, request, pair.accessToken, book);

  const contextB = await browser.newContext({ baseURL: baseURL!, locale: 'zh-CN', ...options });
  const stopWatchingB = await watchPrivacy(contextB);
  try {
    await signIn(contextB, baseURL!, await login(request));
    if (flow) {
      await contextB.addInitScript(
        (setting) => localStorage.setItem('baibao:epub-reader', JSON.stringify({ state: { flow: setting }, version: 1 })),
        flow,
      );
    }
    const answer = await holdPulls(contextB);
    const pageB = await contextB.newPage();
    expect(await importAndOpen(pageB, book)).toBe(bookId);
    const opened = await progress(pageB);
    await expect(async () => {
      await move(pageB);
      await expect.poll(() => progress(pageB), { timeout: 1000 }).toBeGreaterThan(opened);
    }).toPass({ timeout: 10_000 });
    // The move has settled (the same place a second apart) and is this browser's stored place
    // before the account answers.
    let seen: number | undefined;
    await expect
      .poll(
        async () => {
          const [before, now] = [seen, await progress(pageB)];
          seen = now;
          return now === before && now === (await storedProgress(pageB, bookId));
        },
        { intervals: [1000] },
      )
      .toBe(true);
    const placeB = await progress(pageB);
    // Far from A's place, so being moved there by the answer shows.
    expect(placeB).toBeLessThan(placeA - 10);

    await answer();
    await expect
      .poll(async () => ({
        shown: await progress(pageB),
        synced: (await onAccount(request, pair.accessToken, bookId)).locations[0]?.progress,
      }))
      .toEqual({ shown: placeB, synced: placeB });
    await contextB.close();
  } finally {
    expect(await stopWatchingB(), 'the second browser sent what may be file content').toEqual([]);
  }
}

// Scrolled mode: the wheel moves the page inside foliate, past the reader's own page-turn code.
test('B scrolls on before the late answer: B’s place wins and goes up, the answer does not move the page', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  await moveBeforeLateAnswer(
    { page, browser, request, baseURL },
    {
      flow: 'scrolled',
      move: async (pageB) => {
        const box = (await pageB.getByTestId('reader-host').boundingBox())!;
        await pageB.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await pageB.mouse.wheel(0, 600);
      },
    },
  );
});

// A swipe turns the page inside foliate too (its touch handlers), past the reader's own code.
test(
  'on a phone B swipes on before the late answer: B’s place wins and goes up, the answer does not move the page',
  { tag: '@extended' },
  async ({ page, browser, request, baseURL }) => {
    await moveBeforeLateAnswer(
      { page, browser, request, baseURL },
      {
        options: { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true },
        move: async (pageB) => {
          const cdp = await pageB.context().newCDPSession(pageB);
          const box = (await pageB.getByTestId('reader-host').boundingBox())!;
          const y = box.y + box.height / 2;
          const [from, to] = [box.x + box.width * 0.8, box.x + box.width * 0.2];
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
          for (let step = 1; step <= 8; step += 1) {
            await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * step) / 8, y }] });
          }
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
          await cdp.detach();
        },
      },
    );
  },
);
