import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { makeEpub } from '../../../shared/testing/books';
import { expect, test } from '../../../e2e/privacy';
import { logIn, startApi } from '../../../e2e/live-api-kit';

/**
 * The cloud import drawer end to end (issue 15): the built site served by its own API server
 * (PROXY_ALLOW_PRIVATE=true, this spec only), reaching a loopback HTTP server with a two-page OPDS
 * feed of Chinese titles and plain book files through the proxy's `book` purpose.
 */

const BOOKS: Record<string, { title: string; author: string }> = {
  'santi.epub': { title: '三体', author: '刘慈欣' },
  'weicheng.epub': { title: '围城', author: '钱钟书' },
  'huozhe.epub': { title: '活着', author: '余华' },
  'biancheng.epub': { title: '边城', author: '沈从文' },
  'honglou.epub': { title: '红楼梦', author: '曹雪芹' },
};
const files = new Map(
  Object.entries(BOOKS).map(([name, book]) => [
    name,
    makeEpub({ title: book.title, creators: [book.author], identifier: `urn:e2e:cloud:${name}`, language: 'zh-CN' }),
  ]),
);

let dir: string;
let api: { url: string; child: ChildProcess };
let books: Server;
let base: string;
/** Answers of `/slow/…` books, held open until the test lets them go (or the server closes). */
const held = new Set<ServerResponse>();
/** The feed's first page gains 边城 when a test says so: a list that grew since the last import. */
let grown = false;

const entry = (name: string) => {
  const book = BOOKS[name]!;
  return `<entry><title>${book.title}</title><author><name>${book.author}</name></author><id>urn:e2e:${name}</id>
    <updated>2024-05-01T00:00:00Z</updated>
    <link rel="http://opds-spec.org/acquisition" href="/books/${name}" type="application/epub+zip"/></entry>`;
};
const feed = (title: string, links: string, names: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>${title}</title><id>urn:e2e:feed</id>${links}${names.map(entry).join('')}</feed>`;
const OPDS = 'application/atom+xml;profile=opds-catalog;kind=acquisition';

test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dir = mkdtempSync(join(tmpdir(), 'baibao-cloud-e2e-'));
  books = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path === '/opds/feed.xml')
      return response
        .writeHead(200, { 'Content-Type': OPDS })
        .end(
          feed(
            '中文书库',
            `<link rel="next" href="/opds/feed2.xml" type="${OPDS}"/>`,
            grown ? ['santi.epub', 'weicheng.epub', 'biancheng.epub'] : ['santi.epub', 'weicheng.epub'],
          ),
        );
    if (path === '/opds/feed2.xml')
      return response
        .writeHead(200, { 'Content-Type': OPDS })
        .end(feed('中文书库', `<link rel="previous" href="/opds/feed.xml" type="${OPDS}"/>`, ['huozhe.epub']));
    // A shop's or login wall's HTML where a book was promised.
    if (path === '/books/page.epub') return response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><p>请先登录</p>');
    // A book that starts and then stalls: a download run in progress, to cancel.
    if (path.startsWith('/slow/') && files.has(path.slice('/slow/'.length))) {
      response.writeHead(200, { 'Content-Type': 'application/epub+zip', 'Content-Length': files.get(path.slice('/slow/'.length))!.length });
      response.write(files.get(path.slice('/slow/'.length))!.subarray(0, 64));
      held.add(response);
      response.on('close', () => held.delete(response));
      return;
    }
    const file = path.startsWith('/books/') ? files.get(path.slice('/books/'.length)) : undefined;
    if (file) return response.writeHead(200, { 'Content-Type': 'application/epub+zip', 'Content-Length': file.length }).end(file);
    response.writeHead(404).end();
  });
  await new Promise<void>((done) => books.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(books.address() as AddressInfo).port}`;
  api = await startApi(dir);
});

test.afterAll(async () => {
  held.forEach((response) => response.destroy());
  await new Promise((done) => books?.close(done));
  api?.child.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const drawer = (page: Page) => page.locator('.bl-import-drawer');
const cloudBook = (page: Page, title: string): Locator => drawer(page).locator(`[data-testid="cloud-book"][data-title="${title}"]`);
const shelfBook = (page: Page, title: string): Locator => page.locator(`[data-testid="book"][data-title="${title}"]`);

async function openDrawer(page: Page): Promise<void> {
  await page.goto(`${api.url}/book/library`);
  await page.getByTestId('import-source-cloud').click();
  await expect(drawer(page).getByTestId('cloud-source')).toBeVisible();
}

async function openList(page: Page, url: string): Promise<void> {
  await drawer(page).locator('#bl-cloud-url').fill(url);
  await drawer(page).locator('#bl-cloud-url').press('Enter');
}

async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, name) });
}

test('imports from a two-page OPDS feed; a re-import fetches nothing, and a new entry is the only one fetched', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  grown = false;
  await logIn(context, api.url);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDrawer(page);
  await openList(page, `${base}/opds/feed.xml`);
  await expect(drawer(page).getByTestId('cloud-book')).toHaveCount(2);
  await expect(cloudBook(page, '三体')).toContainText('刘慈欣 · EPUB');

  // Paging: the second page and back.
  await drawer(page).getByTestId('cloud-next').click();
  await expect(drawer(page).getByTestId('cloud-book')).toHaveCount(1);
  await expect(cloudBook(page, '活着')).toBeVisible();
  await drawer(page).getByTestId('cloud-previous').click();
  await expect(cloudBook(page, '围城')).toBeVisible();

  await drawer(page).getByTestId('cloud-download-new').click();
  await expect(drawer(page).getByTestId('cloud-result')).toHaveText('完成：新下载 2 本，已下载过而跳过 0 本，失败 0 本，书架中已有 0 本。');
  await expect(cloudBook(page, '三体')).toHaveAttribute('data-downloaded', 'true');
  await screenshot(page, 'book-library-cloud-1280.png');

  // The same list again, from the recent addresses: nothing is fetched.
  await drawer(page).getByTestId('cloud-recent').first().click();
  await expect(drawer(page).getByTestId('cloud-book')).toHaveCount(2);
  await drawer(page).getByTestId('cloud-download-new').click();
  await expect(drawer(page).getByTestId('cloud-result')).toHaveText('没有新书：此书单的 2 本书都已下载过，未下载任何文件。');
  await expect(drawer(page).getByTestId('cloud-row')).toHaveCount(0);

  // The feed grew: only the new book is fetched.
  grown = true;
  await drawer(page).getByTestId('cloud-recent').first().click();
  await expect(cloudBook(page, '边城')).toHaveAttribute('data-downloaded', 'false');
  await drawer(page).getByTestId('cloud-download-new').click();
  await expect(drawer(page).getByTestId('cloud-result')).toHaveText('完成：新下载 1 本，已下载过而跳过 2 本，失败 0 本，书架中已有 0 本。');
  await expect(drawer(page).getByTestId('cloud-row')).toHaveCount(1);
  await expect(drawer(page).getByTestId('cloud-row')).toHaveAttribute('data-file-name', 'biancheng.epub');

  await drawer(page).locator('.ant-drawer-close').click();
  for (const title of ['三体', '围城', '边城']) await expect(shelfBook(page, title)).toBeVisible();
  await expect(shelfBook(page, '活着')).toHaveCount(0);
});

test('a pasted list: the book arrives, a 404 and an HTML page each get their message', async ({ page, context }) => {
  test.setTimeout(120_000);
  await logIn(context, api.url);
  await page.setViewportSize({ width: 375, height: 812 });
  await openDrawer(page);
  await drawer(page)
    .getByTestId('cloud-paste')
    .fill([`${base}/books/honglou.epub`, `${base}/books/gone.epub`, `${base}/books/page.epub`, '这一行不是网址'].join('\n'));
  await drawer(page).getByTestId('cloud-read-pasted').click();
  await expect(drawer(page).getByTestId('cloud-book')).toHaveCount(3);
  await expect(drawer(page)).toContainText('已跳过 1 行不是网址的内容');
  await drawer(page).getByTestId('cloud-select-new').click();
  await drawer(page).getByTestId('cloud-download').click();
  await expect(drawer(page).getByTestId('cloud-result')).toHaveText('完成：新下载 1 本，已下载过而跳过 0 本，失败 2 本，书架中已有 0 本。');
  const row = (name: string) => drawer(page).locator(`[data-testid="cloud-row"][data-file-name="${name}"]`);
  await expect(row('gone.epub')).toHaveAttribute('data-error', 'notFound');
  await expect(row('gone.epub')).toContainText('服务器上找不到这个文件（404）');
  await expect(row('page.epub')).toHaveAttribute('data-error', 'wrongType');
  await expect(row('page.epub')).toContainText('这个地址返回的是网页而不是电子书或书单');
  await expect(cloudBook(page, 'honglou.epub')).toHaveAttribute('data-downloaded', 'true');
  await screenshot(page, 'book-library-cloud-375.png');
  await drawer(page).locator('.ant-drawer-close').click();
  await expect(shelfBook(page, '红楼梦')).toBeVisible();
});

test('a logged-out visitor is told to log in, with the way there; a bad address is said as such', async ({ page }) => {
  test.setTimeout(60_000);
  await openDrawer(page);
  await openList(page, 'ftp://example.com/list.txt');
  await expect(drawer(page).getByTestId('cloud-address-error')).toHaveAttribute('data-code', 'addressInvalid');
  await openList(page, `${base}/opds/feed.xml`);
  await expect(drawer(page).getByTestId('cloud-error')).toHaveAttribute('data-code', 'loginRequired');
  await expect(drawer(page).getByTestId('cloud-error')).toContainText('网页版需要登录后才能下载书单和书籍');
  await expect(drawer(page).getByTestId('cloud-login')).toHaveAttribute('href', /^\/user\/login\?redirect=%2Fbook%2Flibrary/);
});

test('a visitor pastes links and is told to log in on downloading; logged in, the same links download', async ({ page, context }) => {
  test.setTimeout(120_000);
  const links = [`${base}/books/santi.epub`, `${base}/books/weicheng.epub`].join('\n');
  await openDrawer(page);
  // Read on the spot, with no request: a visitor sees the books.
  await drawer(page).getByTestId('cloud-paste').fill(links);
  await drawer(page).getByTestId('cloud-read-pasted').click();
  await expect(drawer(page).getByTestId('cloud-book')).toHaveCount(2);
  await drawer(page).getByTestId('cloud-download-new').click();
  await expect(drawer(page).getByTestId('cloud-run-error')).toHaveAttribute('data-code', 'loginRequired');
  await expect(drawer(page).getByTestId('cloud-login')).toHaveAttribute('href', /^\/user\/login\?redirect=%2Fbook%2Flibrary/);
  await expect(drawer(page).getByTestId('cloud-result')).toHaveText('完成：新下载 0 本，已下载过而跳过 0 本，失败 2 本，书架中已有 0 本。');
  await expect(drawer(page).locator('[data-testid="cloud-book"][data-downloaded="true"]')).toHaveCount(0);

  // Logged in (the page reads its session when it loads): the same links go through the book proxy.
  await logIn(context, api.url);
  await openDrawer(page);
  await drawer(page).getByTestId('cloud-paste').fill(links);
  await drawer(page).getByTestId('cloud-read-pasted').click();
  await drawer(page).getByTestId('cloud-download-new').click();
  await expect(drawer(page).getByTestId('cloud-result')).toHaveText(
    '完成：新下载 2 本，已下载过而跳过 0 本，失败 0 本，书架中已有 0 本。',
    {
      timeout: 30_000,
    },
  );
  await expect(drawer(page).getByTestId('cloud-run-error')).toHaveCount(0);
  await drawer(page).locator('.ant-drawer-close').click();
  for (const title of ['三体', '围城']) await expect(shelfBook(page, title)).toBeVisible();
});

test('cancel during a download run: the run stops, the book that arrived stays, the result says how many were cancelled', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await logIn(context, api.url);
  await openDrawer(page);
  await drawer(page)
    .getByTestId('cloud-paste')
    .fill([`${base}/books/honglou.epub`, `${base}/slow/huozhe.epub`, `${base}/slow/biancheng.epub`].join('\n'));
  await drawer(page).getByTestId('cloud-read-pasted').click();
  await expect(drawer(page).getByTestId('cloud-book')).toHaveCount(3);
  await drawer(page).getByTestId('cloud-download-new').click();
  const row = (name: string) => drawer(page).locator(`[data-testid="cloud-row"][data-file-name="${name}"]`);
  await expect(row('honglou.epub')).toHaveAttribute('data-outcome', 'fetched', { timeout: 30_000 });
  // Both stalled books are under way (two at a time) before the cancel.
  await expect.poll(() => held.size, { timeout: 30_000 }).toBe(2);
  await drawer(page).getByTestId('batch-cancel-all').click();

  await expect(drawer(page).getByTestId('cloud-result')).toHaveText(
    '完成：新下载 1 本，已下载过而跳过 0 本，失败 0 本，书架中已有 0 本。 已取消 2 本。',
  );
  for (const name of ['huozhe.epub', 'biancheng.epub']) await expect(row(name)).toHaveAttribute('data-status', 'cancelled');
  await expect(drawer(page).getByTestId('cloud-download-new')).toBeEnabled();
  await expect(cloudBook(page, 'honglou.epub')).toHaveAttribute('data-downloaded', 'true');
  await expect(cloudBook(page, 'huozhe.epub')).toHaveAttribute('data-downloaded', 'false');
  await drawer(page).locator('.ant-drawer-close').click();
  await expect(shelfBook(page, '红楼梦')).toBeVisible();
  await expect(shelfBook(page, '活着')).toHaveCount(0);
  await expect(shelfBook(page, '边城')).toHaveCount(0);
});
