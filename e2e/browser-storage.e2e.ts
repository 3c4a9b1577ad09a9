import { build } from 'esbuild';
import { expect, test } from '@playwright/test';
import type { readerStorage as ReaderStorage } from '../renderer/platform/storage/reader';

type WithStorage = { readerStorage: typeof ReaderStorage };

/**
 * The IndexedDB layer in real Chromium: renderer/platform/storage bundled as it ships and run in a
 * page of the real site, so what Vitest proves on fake-indexeddb holds in a browser too.
 */
async function storageBundle(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        "import { readerStorage, StorageError } from './renderer/platform/storage/reader'; Object.assign(window, { readerStorage, StorageError });",
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
  });
  return result.outputFiles[0]!.text;
}

test('the reader’s databases keep a book file, bookmarks and a location across a reload', async ({ page }) => {
  const bundle = await storageBundle();
  // Served from the site's own origin: its CSP allows no inline script.
  await page.route('**/__e2e/storage.js', (route) => route.fulfill({ body: bundle, contentType: 'text/javascript' }));
  await page.goto('/');
  await page.addScriptTag({ url: '/__e2e/storage.js' });
  const written = await page.evaluate(async () => {
    const { readerStorage } = window as unknown as WithStorage;
    const content = new Blob([new Uint8Array(300_000).fill(7)], { type: 'application/epub+zip' });
    await readerStorage.books.put({
      id: 'b1',
      title: '红楼梦',
      creator: '曹雪芹',
      description: '',
      identifier: 'isbn',
      createTime: 1,
      coverUrl: '',
      language: 'zh',
      content,
      size: content.size,
      type: 'epub',
    });
    await readerStorage.addBookmark({ bookId: 'b1', cfi: 'epubcfi(/6/4)', content: '第一回', createTime: 2 });
    const again = await readerStorage.addBookmark({ bookId: 'b1', cfi: 'epubcfi(/6/4)', content: '第一回', createTime: 3 }).then(
      () => 'added',
      (error: { code?: string }) => error.code,
    );
    await readerStorage.locations.put({ id: 'b1', cfi: 'epubcfi(/6/8)', progress: 42, updateTime: 4 });
    return again;
  });
  expect(written).toBe('exists');

  await page.reload();
  await page.addScriptTag({ url: '/__e2e/storage.js' });
  const read = await page.evaluate(async () => {
    const { readerStorage } = window as unknown as WithStorage;
    const book = await readerStorage.books.get('b1');
    const bytes = new Uint8Array(await book!.content.arrayBuffer());
    const databases = (await indexedDB.databases()).map(({ name, version }) => `${name}@${version}`).sort();
    return {
      title: book?.title,
      size: bytes.length,
      allSevens: bytes.every((byte) => byte === 7),
      bookmarks: (await readerStorage.bookmarksOf('b1')).map((bookmark) => bookmark.id),
      progress: (await readerStorage.locations.get('b1'))?.progress,
      databases,
    };
  });
  expect(read).toEqual({
    title: '红楼梦',
    size: 300_000,
    allSevens: true,
    bookmarks: ['b1-epubcfi(/6/4)'],
    progress: 42,
    databases: ['Book@1', 'BookLoc@1', 'BookMark@1'],
  });
});
