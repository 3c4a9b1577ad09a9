import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { makeEpub } from '../../../shared/testing/books';
import { clickWhenSettled } from '../../../e2e/antd-kit';
import { expect, test } from '../../../e2e/privacy';

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
const corpusBook = (path: string) => join(corpusDir, 'ebook', path);

let dir: string;
const file = (name: string) => join(dir, name);

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-book-library-e2e-'));
  const write = (name: string, bytes: Uint8Array | string) => writeFileSync(file(name), bytes);
  const santi = makeEpub({ title: '三体', creators: ['刘慈欣'], identifier: 'isbn:9787536692930', language: 'zh-CN' });
  write('santi.epub', santi);
  write('santi-copy.epub', santi);
  write('weicheng.epub', makeEpub({ title: '围城', creators: ['钱钟书'], identifier: 'isbn:9787020090006' }));
  write('moby.epub', makeEpub({ title: 'Moby-Dick', creators: ['Herman Melville'], identifier: 'urn:moby' }));
  // The manifest names a cover that is no picture: the book imports, its cover cannot be read.
  write('no-cover.epub', makeEpub({ title: '无封面', identifier: 'urn:no-cover', cover: new TextEncoder().encode('not a picture') }));
  write('empty.epub', '');
  write('cut.epub', santi.subarray(0, Math.floor(santi.length / 2)));
  write('locked.epub', makeEpub({ title: 'Locked', identifier: 'urn:locked', extra: { 'META-INF/rights.xml': '<rights/>' } }));
  write('report.pdf', '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  if (!corpusPresent) console.info(`book-library e2e: corpus books skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const book = (page: Page, title: string): Locator => page.locator(`[data-testid="book"][data-title="${title}"]`);
const row = (page: Page, name: string): Locator => page.locator(`[data-testid="import-row"][data-file-name="${name}"]`);

async function open(page: Page, path = '/book/library'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('book-drop')).toBeVisible();
}

async function importFiles(page: Page, names: string[]): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(names.map((name) => (name.startsWith('/') ? name : file(name))));
}

test('imports a book with its title and cover, keeps it over a reload and refuses a duplicate', async ({ page }) => {
  await open(page);
  await expect(page.getByTestId('shelf-empty')).toContainText('书架还是空的');
  await importFiles(page, ['santi.epub']);
  await expect(book(page, '三体')).toBeVisible();
  await expect(page.getByText('《三体》已加入书架')).toBeVisible();
  // A book on the shelf leaves the import list; only refusals stay there.
  await expect(row(page, 'santi.epub')).toHaveCount(0);
  await expect(book(page, '三体')).toContainText('刘慈欣');
  await expect(book(page, '三体').getByTestId('book-cover')).toHaveAttribute('src', /^data:image\/png;base64,/);
  // The cover really draws (a data: URL the browser could not decode would have no natural size).
  await expect
    .poll(() =>
      book(page, '三体')
        .getByTestId('book-cover')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(1);

  await page.reload();
  await expect(book(page, '三体')).toBeVisible();
  await expect(page.getByTestId('shelf-count')).toHaveText('共 1 本');

  // The same book under another file name is the same book.
  await importFiles(page, ['santi-copy.epub']);
  await expect(row(page, 'santi-copy.epub')).toHaveAttribute('data-status', 'error');
  await expect(row(page, 'santi-copy.epub').getByTestId('batch-error')).toHaveText('「三体」已在书架中。');
  await page.reload();
  await expect(page.getByTestId('book')).toHaveCount(1);
});

test('says why each bad file was refused, and a book whose cover cannot be read still joins', async ({ page }) => {
  await open(page);
  await importFiles(page, ['empty.epub', 'cut.epub', 'locked.epub', 'report.pdf', 'no-cover.epub']);
  const expected: [string, string, RegExp][] = [
    ['empty.epub', 'empty', /空文件/],
    ['cut.epub', 'truncated', /不完整/],
    ['locked.epub', 'drm', /DRM/],
    ['report.pdf', 'unsupported', /不是支持的电子书格式/],
  ];
  for (const [name, code, text] of expected) {
    await expect(row(page, name)).toHaveAttribute('data-status', 'error');
    await expect(row(page, name)).toHaveAttribute('data-error', code);
    await expect(row(page, name).getByTestId('batch-error')).toHaveText(text);
  }
  await expect(row(page, 'no-cover.epub')).toHaveCount(0);
  await expect(book(page, '无封面').getByTestId('cover-error')).toHaveText('获取书籍封面出错!');
  await expect(page.getByTestId('book')).toHaveCount(1);
  await expect(book(page, '无封面').getByTestId('book-open')).toHaveAttribute('href', /^\/epub\/reader\?id=[0-9a-f]{32}$/);
});

test('searches, sorts, switches to a list that is remembered, and links each book to the reader', async ({ page }) => {
  await open(page);
  await importFiles(page, ['santi.epub', 'weicheng.epub', 'moby.epub']);
  await expect(page.getByTestId('book')).toHaveCount(3);

  await page.getByTestId('shelf-search').fill('melville');
  await expect(page.getByTestId('book')).toHaveCount(1);
  await expect(book(page, 'Moby-Dick')).toBeVisible();
  await page.getByTestId('shelf-search').fill('没有这本书');
  await expect(page.getByTestId('shelf-no-match')).toBeVisible();
  await page.getByTestId('shelf-search').fill('');

  await page.getByTestId('shelf-sort').click();
  // antd's own options (its role="option" ones are for screen readers only and never visible).
  await page.locator('.ant-select-item-option').filter({ hasText: '书名' }).click();
  // The cn interface sorts as CLDR's Chinese collation does: Han by pinyin (San, Wei) before Latin.
  await expect(page.getByTestId('book-title')).toHaveText(['三体', '围城', 'Moby-Dick']);

  await page.getByTestId('shelf-view').getByText('列表').click();
  await expect(page.getByTestId('shelf')).toHaveAttribute('data-view', 'list');
  await page.reload();
  await expect(page.getByTestId('shelf')).toHaveAttribute('data-view', 'list');
  await expect(page.getByTestId('book-title')).toHaveText(['三体', '围城', 'Moby-Dick']);

  const id = await book(page, '三体').getAttribute('data-book-id');
  await expect(book(page, '三体').getByTestId('book-open')).toHaveAttribute('href', `/epub/reader?id=${id}`);
  await open(page, '/en/book/library');
  await expect(book(page, '三体').getByTestId('book-open')).toHaveAttribute('href', `/en/epub/reader?id=${id}`);
  // Keyboard: the search box, then each book's link and its delete button are tab stops.
  await book(page, '三体').getByTestId('book-open').focus();
  await page.keyboard.press('Tab');
  await expect(book(page, '三体').getByTestId('book-delete')).toBeFocused();
});

test('deletes a book after confirmation, with its bookmarks and reading location', async ({ page }) => {
  await open(page);
  await importFiles(page, ['santi.epub', 'moby.epub']);
  await expect(page.getByTestId('book')).toHaveCount(2);
  const id = (await book(page, '三体').getAttribute('data-book-id'))!;
  // What the reader leaves behind: a bookmark and where reading stopped.
  await page.evaluate(async (bookId) => {
    const put = (name: string, store: string, value: object) =>
      new Promise<void>((done, fail) => {
        const request = indexedDB.open(name, 1);
        request.onerror = () => fail(request.error);
        // The reader has not opened this database yet in a fresh browser: make it as the app does (readerStorage, v1).
        request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath: 'id' });
        request.onsuccess = () => {
          const transaction = request.result.transaction(store, 'readwrite');
          transaction.objectStore(store).put(value);
          transaction.oncomplete = () => {
            request.result.close();
            done();
          };
        };
      });
    await put('BookMark', 'bookmark', { id: `${bookId}-epubcfi(/6/2)`, bookId, cfi: 'epubcfi(/6/2)', content: 'x', createTime: 1 });
    await put('BookLoc', 'loc', { id: bookId, cfi: 'epubcfi(/6/2)', progress: 42, updateTime: Date.now() });
  }, id);
  await page.reload();
  await expect(book(page, '三体').getByTestId('book-progress')).toHaveText('已读 42%');
  // Recently read comes first.
  await expect(page.getByTestId('book-title').first()).toHaveText('三体');

  await book(page, '三体').getByTestId('book-delete').click();
  await expect(page.getByRole('dialog')).toContainText('从书架删除《三体》？');
  // Clicked once the dialog has opened: a press during its zoom was lost and the dialog stayed.
  await clickWhenSettled(page.getByRole('button', { name: '取 消' }).or(page.getByRole('button', { name: '取消' })));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(book(page, '三体')).toBeVisible();

  await book(page, '三体').getByTestId('book-delete').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(book(page, '三体')).toHaveCount(0);
  await expect(book(page, 'Moby-Dick')).toBeVisible();
  const left = await page.evaluate(async () => {
    const count = (name: string, store: string) =>
      new Promise<number>((done, fail) => {
        const request = indexedDB.open(name, 1);
        request.onerror = () => fail(request.error);
        request.onsuccess = () => {
          const counting = request.result.transaction(store).objectStore(store).count();
          counting.onsuccess = () => {
            request.result.close();
            done(counting.result);
          };
        };
      });
    return [await count('Book', 'book'), await count('BookMark', 'bookmark'), await count('BookLoc', 'loc')];
  });
  expect(left).toEqual([1, 0, 0]);
  await page.reload();
  await expect(page.getByTestId('book')).toHaveCount(1);
});

test('at 375 px the shelf fits the screen, with storage use against the quota', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await open(page);
  await importFiles(page, ['santi.epub', 'weicheng.epub', 'moby.epub', 'no-cover.epub']);
  await expect(page.getByTestId('book')).toHaveCount(4);
  await expect(page.getByTestId('storage-meter')).toContainText(/已用 .+ \/ 可用 .+/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Every cover, picture or placeholder, stays inside its own column.
  for (const card of await page.getByTestId('book').all()) {
    const [cover, column] = await card.evaluate((item) => [
      item.querySelector('.bl-cover')!.getBoundingClientRect().width,
      item.getBoundingClientRect().width,
    ]);
    expect(cover).toBeLessThanOrEqual(column! + 0.5);
  }
  const columns = await page
    .getByTestId('shelf')
    .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length);
  expect(columns).toBeGreaterThanOrEqual(2);
});

test('imports real EPUB and MOBI books from the corpus', async ({ page }) => {
  test.skip(!corpusPresent, `no corpus at ${corpusDir} (set CORPUS_DIR)`);
  await open(page);
  await importFiles(page, [
    corpusBook('epub3-samples/moby-dick.epub'),
    corpusBook('file-type/fixture.mobi'),
    corpusBook('jsebook/testbook.mobi'),
    corpusBook('epub3-samples/mymedia_lite.epub'),
  ]);
  await expect(page.getByTestId('book')).toHaveCount(4, { timeout: 30_000 });
  await expect(book(page, 'Moby-Dick')).toContainText('Herman Melville');
  await expect(book(page, 'Moby-Dick').getByTestId('book-cover')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(book(page, 'Lady Susan').getByTestId('book-cover')).toBeVisible();
  await expect(book(page, 'ガリ版の話')).toContainText('津野海太郎');
  // This MOBI carries no cover: the spec's message in its place, and the book is still there to open.
  await expect(book(page, 'Metamorphosis').getByTestId('cover-error')).toHaveText('获取书籍封面出错!');
  await page.reload();
  await expect(page.getByTestId('book')).toHaveCount(4);
});

test.describe('without antd', () => {
  // The requests are held in the page, not answered by a service worker's cache.
  test.use({ serviceWorkers: 'block' });

  test('the empty shelf and its first book show while antd’s scope is held back; the toolbar comes with it', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/AntdScope-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await open(page);
    await expect(page.getByTestId('shelf-empty')).toContainText('书架还是空的');
    await expect(page.getByTestId('import-source-webdav')).toBeVisible();
    // antd's engine writes each style it makes into a <style data-css-hash>: none yet.
    expect(await page.locator('style[data-css-hash]').count()).toBe(0);
    await importFiles(page, ['santi.epub']);
    await expect(book(page, '三体')).toBeVisible();
    await expect(page.getByTestId('shelf-search')).toHaveCount(0);
    release();
    await expect(page.getByTestId('shelf-search')).toBeVisible();
  });
});
