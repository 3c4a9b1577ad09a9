import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { writePsd } from 'ag-psd';
import { strToU8, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import sharp from 'sharp';
import { FIXTURE_LAST_WORDS, fixtureHeading, makeDocx } from '../renderer/tools/doc-preview/docx-fixture';
import { styledWorkbook } from '../renderer/tools/excel/fixtures.test-helper';
import { makeDeck } from '../renderer/tools/ppt-preview/deck-fixture';
import { makeEpub } from '../shared/testing/books';
import { expect, test, watchPrivacy } from './privacy';
import { waitForOfflineReady } from './pwa-kit';

// Offline use needs the service worker, which the suite blocks elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Every local tool works offline after one visit: one page visits the site once, waits for the
 * service worker to precache everything, goes offline, and then processes a real (generated) file
 * in each local tool — the wasm codecs included (AVIF, MozJPEG, WebP, OxiPNG, libheif, 7-Zip,
 * hash-wasm, jschardet, OpenCC), KaTeX's fonts, mermaid and the default handwriting font. One page for all, so the 14 MB precache is fetched once.
 */
// In order on one worker (one page, one precache); a failing tool does not skip the others.
test.describe.configure({ mode: 'default' });

const CORPUS_DIR = process.env.CORPUS_DIR ?? join(import.meta.dirname, '..', '..', 'shared', 'corpus');
const HEIC = join(CORPUS_DIR, 'image', 'file-type', 'fixture-mif1.heic');

let dir: string;
let context: BrowserContext;
let page: Page;
let stopWatching: (() => Promise<string[]>) | undefined;
const fixture = (name: string) => join(dir, name);
/** A word found once in the reader's book, in its last chapter. */
const READER_NEEDLE = '宏原子';

/** A photo-like JPEG: gradients under noise, so every encoder has real work. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      pixels.set([(x * 255) / width, (y * 255) / height, ((x + y) * 127) / (width + height)], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([
      {
        input: { create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 20 } } },
        blend: 'overlay',
      },
    ])
    .jpeg({ quality: 92 })
    .toBuffer();
}

test.beforeAll(async ({ browser }, testInfo) => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-offline-e2e-'));
  writeFileSync(fixture('photo.jpg'), await photo(480, 320));
  writeFileSync(
    fixture('screen.png'),
    await sharp(await photo(320, 240))
      .png()
      .toBuffer(),
  );
  const strip = (colour: string) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
      .png()
      .toBuffer();
  writeFileSync(fixture('shot-a.png'), await strip('#203040'));
  writeFileSync(fixture('shot-b.png'), await strip('#402030'));
  writeFileSync(fixture('notes-gbk.txt'), iconv.encode('简体中文的说明文件，用来测试编码识别。\r\n第二行：百宝箱离线也能用。\r\n', 'gbk'));
  const block = { width: 4, height: 4, data: new Uint8ClampedArray(64).fill(200) };
  writeFileSync(fixture('设计稿.psd'), new Uint8Array(writePsd({ width: 4, height: 4, children: [{ name: '图层 1', imageData: block }] })));
  const board = { _class: 'artboard', do_objectID: 'A1', name: '画板 1', frame: { x: 0, y: 0, width: 100, height: 100 }, layers: [] };
  writeFileSync(
    fixture('设计.sketch'),
    zipSync({
      'document.json': strToU8(JSON.stringify({ pages: [{ _ref: 'pages/P1' }] })),
      'pages/P1.json': strToU8(JSON.stringify({ _class: 'page', do_objectID: 'P1', name: '页面 1', layers: [board] })),
    }),
  );
  writeFileSync(fixture('报表.xlsx'), await styledWorkbook());
  writeFileSync(fixture('季度报告.docx'), makeDocx({ pages: 3 }));
  writeFileSync(fixture('年终总结.pptx'), await makeDeck(2));
  writeFileSync(fixture('三体.epub'), makeEpub({ title: '三体', creators: ['刘慈欣'], identifier: 'urn:offline-santi' }));
  const chapters = [1, 2, 3].map((chapter) => ({
    title: `第${chapter}章`,
    body: `<h1>第${chapter}章</h1>${chapter === 3 ? `<p>球状闪电是${READER_NEEDLE}的一种。</p>` : ''}<p>${'雷雨之夜，他看见了那团火球。'.repeat(200)}</p>`,
  }));
  writeFileSync(
    fixture('球状闪电.epub'),
    makeEpub({ title: '球状闪电', creators: ['刘慈欣'], identifier: 'urn:offline-qiuzhuang', chapters }),
  );
  mkdirSync(fixture('项目/src'), { recursive: true });
  writeFileSync(fixture('项目/readme.md'), '# 项目\n');
  writeFileSync(fixture('项目/src/index.ts'), 'export const answer = 42;\n');

  const { baseURL, locale } = testInfo.project.use;
  context = await browser.newContext({ baseURL, locale, acceptDownloads: true });
  stopWatching = await watchPrivacy(context);
  page = await context.newPage();
  await page.goto('/');
  await waitForOfflineReady(page);
  await context.setOffline(true);
});

test.afterAll(async () => {
  const leaks = (await stopWatching?.()) ?? [];
  await context?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  expect(leaks, 'the page sent what may be file content').toEqual([]);
});

/** Opens a tool with the network off: the service worker answers the page and every chunk. */
async function open(path: string, ready: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId(ready)).toBeAttached({ timeout: 30_000 });
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
}

const imageItem = (name: string) => page.locator(`[data-testid="image-item"][data-file-name="${name}"]`);

async function expectImageDone(name: string): Promise<void> {
  await expect(imageItem(name)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
}

test('image compress: AVIF and "smallest" (MozJPEG, WebP, OxiPNG) encode offline', async () => {
  for (const [format, smallest, file] of [
    ['AVIF', false, 'photo.jpg'],
    ['JPEG', true, 'photo.jpg'],
    ['WebP', true, 'photo.jpg'],
    ['PNG', true, 'screen.png'],
  ] as const) {
    await open('/image/compress', 'file-input');
    await page.getByTestId('compress-format').getByText(format, { exact: true }).click();
    if (smallest) await page.getByTestId('compress-smallest').check();
    else await page.getByTestId('compress-smallest').uncheck();
    await page.getByTestId('file-input').setInputFiles(fixture(file));
    await expectImageDone(file);
  }
});

test('image convert: to WebP, and an iPhone HEIC (libheif) to JPEG', async () => {
  await open('/image/convert', 'file-input');
  await page.getByTestId('convert-format').getByText('WebP', { exact: true }).click();
  await page.getByTestId('file-input').setInputFiles(fixture('screen.png'));
  await expectImageDone('screen.png');
  if (!existsSync(HEIC)) {
    console.warn(`[offline e2e] corpus HEIC not found at ${HEIC}: HEIC input not checked`);
    return;
  }
  await open('/image/convert', 'file-input');
  await page.getByTestId('convert-format').getByText('JPEG', { exact: true }).click();
  await page.getByTestId('file-input').setInputFiles(HEIC);
  await expectImageDone('fixture-mif1.heic');
});

test('image resizer', async () => {
  await open('/image/resizer', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('photo.jpg'));
  await expect(page.getByTestId('resizer-preview')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('resizer-width').fill('200');
  await page.getByTestId('resizer-run').click();
  await expectImageDone('photo.jpg');
});

test('image watermark', async () => {
  await open('/image/watermark', 'file-input');
  await page.getByTestId('wm-text').fill('离线水印');
  await page.getByTestId('file-input').setInputFiles(fixture('photo.jpg'));
  await expect(page.getByTestId('wm-preview')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('wm-apply').click();
  await expectImageDone('photo.jpg');
});

test('favicon maker', async () => {
  await open('/icon/marker', 'source-kind');
  await page.getByTestId('source-kind').getByText('图片', { exact: true }).click();
  await page.getByTestId('file-input').setInputFiles(fixture('screen.png'));
  await expect(page.getByTestId('icon-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
});

test('image steganography', async () => {
  await open('/image/steganography', 'hide-input');
  await page.getByTestId('hide-input').setInputFiles(fixture('screen.png'));
  await expect(page.getByTestId('hide-info')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('hide-text').fill('离线也能藏字');
  await page.getByTestId('hide-submit').click();
  await expect(page.getByTestId('hide-result-preview')).toBeVisible({ timeout: 30_000 });
});

test('subtitle stitch', async () => {
  await open('/subtitle/stitch', 'file-input');
  await page.getByTestId('file-input').setInputFiles([fixture('shot-a.png'), fixture('shot-b.png')]);
  await expect(page.getByTestId('output-size')).toContainText('320', { timeout: 30_000 });
});

test('text assistant: simplified to traditional (OpenCC)', async () => {
  await open('/text/assistant', 'text-assistant-input');
  await page.getByTestId('add-chinese').click();
  await page.getByTestId('text-assistant-input').fill('简体中文\n后来的发展');
  await expect(page.getByTestId('text-assistant-output')).toHaveValue('簡體中文\n後來的發展', { timeout: 30_000 });
});

test('word shuffler', async () => {
  const text = '研究表明，汉字的顺序并不一定能影响阅读。';
  await open('/text/disorder', 'text-disorder-input');
  await page.getByTestId('text-disorder-input').fill(text);
  await expect
    .poll(async () => (await page.getByTestId('text-disorder-output').inputValue()).length, { timeout: 10_000 })
    .toBe(text.length);
});

test('text steganography', async () => {
  await open('/text/steganography', 'hide-cover');
  await page.getByTestId('hide-cover').fill('今天天气不错。');
  await page.getByTestId('hide-secret').fill('图书馆');
  await page.getByTestId('hide-submit').click();
  await expect(page.getByTestId('hide-result')).toBeVisible();
});

test('folder tree', async () => {
  await open('/folder/tree', 'folder-input');
  await page.getByTestId('folder-input').setInputFiles(fixture('项目'));
  await expect(page.getByTestId('tree-summary')).toContainText('2 个文件', { timeout: 30_000 });
});

test('file split', async () => {
  await open('/file/cutmerge', 'split-input');
  await page.getByTestId('split-input').setInputFiles(fixture('photo.jpg'));
  await page.getByTestId('part-count').fill('2');
  await expect(page.getByTestId('split-plan')).toHaveAttribute('data-count', '2');
  await page.getByTestId('split-panel').getByTestId('save-mode').getByText('逐个下载').click();
  await page.getByTestId('split-start').click();
  await expect(page.getByTestId('split-result')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
});

test('compress: a folder into a 7z (7-Zip wasm)', async () => {
  await open('/compress', 'create-folder-input');
  await page.getByTestId('create-folder-input').setInputFiles(fixture('项目'));
  await page.getByTestId('create-format').getByText('7z', { exact: true }).click();
  await page.getByTestId('create-start').click();
  await expect(page.getByTestId('create-result')).toBeVisible({ timeout: 30_000 });
});

test('file hasher (hash-wasm)', async () => {
  await open('/file/hasher', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('photo.jpg'));
  const row = page.locator('[data-testid="hash-result"][data-file-name="photo.jpg"]');
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(row.getByTestId('digest-md5')).toHaveText(
    createHash('md5')
      .update(readFileSync(fixture('photo.jpg')))
      .digest('hex'),
  );
});

test('file type identification', async () => {
  await open('/file/type/identify', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('screen.png'));
  const row = page.locator('[data-testid="type-row"][data-file-name="screen.png"]');
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(row.getByTestId('type-mime')).toHaveText('image/png');
});

test('file encoding identification (jschardet)', async () => {
  await open('/file/encoding/identify', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('notes-gbk.txt'));
  const row = page.locator('[data-testid="encoding-result"][data-file-name="notes-gbk.txt"]');
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(row).toHaveAttribute('data-encoding', /^GB/);
});

test('psd viewer (ag-psd in its worker)', async () => {
  await open('/psd', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('设计稿.psd'));
  await expect(page.getByTestId('psd-layer-name')).toHaveText(['图层 1'], { timeout: 30_000 });
});

test('sketch viewer', async () => {
  await open('/sketch', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('设计.sketch'));
  await expect(page.getByTestId('sketch-artboard-name')).toHaveText(['画板 1'], { timeout: 30_000 });
});

test('excel (exceljs in its worker, GBK CSV export through a lazy code-page chunk)', async () => {
  await open('/excel', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('报表.xlsx'));
  await expect(page.locator('[data-cell="C3"]')).toHaveText('12.50%', { timeout: 30_000 });
  await page.getByTestId('excel-export-csv').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('excel-csv-gbk').click()]);
  expect(iconv.decode(readFileSync(await download.path()), 'gbk').split('\r\n')[1]).toBe('产品,金额,占比,日期');
});

test('word preview (unzip and slicing in its worker, docx-preview on the page)', async () => {
  await open('/doc/preview', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('季度报告.docx'));
  await expect(page.getByTestId('doc-page-count')).toHaveText('3 页', { timeout: 30_000 });
  await expect(page.getByTestId('doc-pages').getByText(fixtureHeading(1))).toBeVisible();
  await expect(page.getByTestId('doc-pages').getByText(FIXTURE_LAST_WORDS)).toBeAttached();
});

test('powerpoint preview (pptx parsed in its worker) and a slide exported as PNG', async () => {
  await open('/ppt/preview', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('年终总结.pptx'));
  await expect(page.getByTestId('ppt-position')).toHaveText('第 1 / 2 张', { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ppt-export-current').click()]);
  expect(download.suggestedFilename()).toBe('年终总结-1.png');
  expect((await sharp(readFileSync(await download.path())).metadata()).format).toBe('png');
});

test('e-book library (metadata read in its worker, the book kept in IndexedDB)', async () => {
  await open('/book/library', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('三体.epub'));
  const book = page.locator('[data-testid="book"][data-title="三体"]');
  await expect(book.getByTestId('book-cover')).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await expect(book).toBeVisible();
});

test('e-book reader (foliate): a book from the library opens, turns a page, finds a word and keeps a bookmark', async () => {
  await open('/book/library', 'file-input');
  await page.getByTestId('file-input').setInputFiles(fixture('球状闪电.epub'));
  const book = page.locator('[data-testid="book"][data-title="球状闪电"]');
  await expect(book).toBeVisible({ timeout: 30_000 });
  await book.getByTestId('book-open').click();
  const reader = page.getByTestId('reader');
  await expect(reader).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('reader-title')).toHaveText('球状闪电');
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);

  const progress = async () => Number((await page.getByTestId('reader-progress').textContent())?.replace('%', ''));
  const start = await progress();
  // foliate ignores a turn within 100 ms of the last one: retry until the page has turned.
  await expect(async () => {
    await page.getByTestId('reader-next').click();
    expect(await progress()).toBeGreaterThan(start);
  }).toPass({ timeout: 10_000 });

  await page.getByTestId('reader-open-search').click();
  await page.getByPlaceholder('输入要查找的文字').fill(READER_NEEDLE);
  await page.getByPlaceholder('输入要查找的文字').press('Enter');
  await expect(page.getByTestId('reader-search-summary')).toHaveText('找到 1 处', { timeout: 30_000 });
  await page.getByTestId('reader-search-hit').click();
  await expect.poll(progress).toBeGreaterThanOrEqual(60);

  await page.getByTestId('reader-add-bookmark').click();
  await expect(page.getByText('已添加书签')).toBeVisible();
  await page.getByTestId('reader-open-bookmarks').click();
  await expect(page.getByTestId('reader-bookmark')).toHaveCount(1);
});

test('markdown editor: math (KaTeX) and a diagram (mermaid) preview, and the document exports as .md', async () => {
  await open('/md/editor', 'md-editor');
  const editor = page.locator('[data-testid="md-editor"] .cm-content');
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  const markdown = '# 离线笔记\n\n$E = mc^2$\n\n```mermaid\ngraph TD\n  A[离线] --> B[可用]\n```\n';
  await editor.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, markdown);
  const preview = page.getByTestId('md-preview');
  await expect(preview.locator('.katex').first()).toBeVisible({ timeout: 30_000 });
  await expect(preview.locator('svg').filter({ hasText: '可用' })).toBeVisible({ timeout: 30_000 });
  // KaTeX's fonts came from the precache (without them a formula falls back to the page's font).
  await expect
    .poll(() =>
      page.evaluate(() => [...document.fonts].some((face) => face.family.replaceAll('"', '') === 'KaTeX_Main' && face.status === 'loaded')),
    )
    .toBe(true);
  await page.getByTestId('md-export-toggle').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('md-export-md').click()]);
  const saved = readFileSync(await download.path(), 'utf8');
  expect(saved).toContain('$E = mc^2$');
  expect(saved).toContain('A[离线] --> B[可用]');
});

test('one-time passwords: an account added by its otpauth link shows the code oathtool computes', async () => {
  const secret = 'JBSWY3DPEHPK3PXP';
  await open('/otp', 'otp-plain-warning');
  await page.getByText('粘贴链接', { exact: true }).click();
  await page.getByTestId('otp-links').fill(`otpauth://totp/Offline:dana?secret=${secret}&issuer=Offline`);
  await page.getByTestId('otp-add-submit').click();
  const shown = await page.getByTestId('otp-code').first().getAttribute('data-code');
  // The step may turn between the page's code and ours: any of the neighbouring steps' codes.
  const now = Math.floor(Date.now() / 1000);
  const oathtool = (at: number) =>
    execFileSync('oathtool', ['--totp', '-s', '30', '-N', `@${at}`, '--base32', secret], { encoding: 'utf8' }).trim();
  expect([oathtool(now - 30), oathtool(now), oathtool(now + 30)]).toContain(shown);
});

test('handwriting: a page generated in the default font (its slices precached)', async () => {
  await open('/hand-write/generate', 'hw-text');
  await page.getByTestId('hw-text').fill('离线也能写字：百宝箱的手写生成器。');
  await page.getByTestId('hw-generate').click();
  await expect(page.getByTestId('hw-done')).toHaveText('已生成 1 页', { timeout: 60_000 });
  await expect(page.getByTestId('hw-failed')).toHaveCount(0);
  await expect(page.getByTestId('hw-pages').locator('li')).toHaveCount(1);
});

test('screen test: the colour test runs and cycles', async () => {
  await open('/screen/test', 'screen-test-start-colors');
  await page.getByTestId('screen-test-start-colors').click();
  const stage = page.getByTestId('screen-test-stage');
  await page.keyboard.press('ArrowRight');
  await expect(stage).toHaveAttribute('data-slide', '1');
  await page.keyboard.press('Escape');
  await expect(stage).toHaveCount(0);
});

test('keep screen on: the switch takes a wake lock and gives it back', async () => {
  await open('/screen/on', 'screen-on-toggle');
  const status = page.getByTestId('screen-on-status');
  await page.getByTestId('screen-on-toggle').click();
  await expect(status).toHaveText('屏幕将保持常亮');
  await page.getByTestId('screen-on-toggle').click();
  await expect(status).toHaveText('屏幕会照常变暗和锁屏');
});
