import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Download, Locator, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import iconv from 'iconv-lite';

const SIMPLIFIED = '百宝箱文件编码识别测试。\r\n春天来了，公园里的花都开了。孩子们在草地上奔跑，老人坐在长椅上聊天。\r\n';
const TRADITIONAL = '百寶箱檔案編碼識別測試。\n春天來了，公園裡的花都開了。孩子們在草地上奔跑，老人坐在長椅上聊天。\n';
const LATIN = 'Café “naïve” — déjà vu, über Größe.\n';

/** Generated files: name → [bytes, expected verdict, text the preview and the UTF-8 copy must hold]. */
const FILES: Record<string, [Buffer, string, string | null]> = {
  'gbk.txt': [iconv.encode(SIMPLIFIED, 'gbk'), 'GBK', SIMPLIFIED],
  'big5.txt': [iconv.encode(TRADITIONAL, 'big5'), 'Big5', TRADITIONAL],
  'utf8-bom.txt': [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SIMPLIFIED, 'utf8')]), 'UTF-8-BOM', SIMPLIFIED],
  'utf16le.txt': [iconv.encode(`Hello UTF-16\r\n${SIMPLIFIED}`, 'utf16le'), 'UTF-16LE', `Hello UTF-16\r\n${SIMPLIFIED}`],
  'cp1252.txt': [iconv.encode(LATIN, 'win1252'), 'windows-1252', LATIN],
  'picture.png': [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0xff, 0xd8]),
    'binary',
    null,
  ],
};

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));

/** Real third-party text files in legacy CJK encodings, with the answers MANIFEST.tsv accepts. */
function corpusFiles(): Array<{ path: string; accept: string[] }> {
  if (!corpusPresent) return [];
  const rows = readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  return rows
    .filter((row) => ['Big5', 'GBK', 'GB2312', 'Shift_JIS'].includes(row[11] ?? ''))
    .map((row) => ({ path: join(corpusDir, row[0] ?? ''), accept: (row[12] ?? '').split('|') }));
}

let dir: string;
const paths: Record<string, string> = {};

/** A picked folder where the same name sits in several subfolders, as in real projects. */
const TREE: Record<string, [Buffer, string]> = {
  'notes/gbk/readme.txt': [iconv.encode(SIMPLIFIED, 'gbk'), SIMPLIFIED],
  'notes/big5/readme.txt': [iconv.encode(TRADITIONAL, 'big5'), TRADITIONAL],
  'notes/big5/old/readme.txt': [iconv.encode(TRADITIONAL, 'big5'), TRADITIONAL],
  'notes/latin.txt': [iconv.encode(LATIN, 'win1252'), LATIN],
};

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-encoding-e2e-'));
  for (const [path, [bytes]] of Object.entries(TREE)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), bytes);
  }
  for (const [name, [bytes]] of Object.entries(FILES)) {
    paths[name] = join(dir, name);
    writeFileSync(paths[name], bytes);
  }
  if (!corpusPresent) console.info(`file-encoding-identify e2e: corpus files skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const row = (page: Page, name: string) => page.locator(`[data-testid="encoding-result"][data-file-name="${name}"]`);

async function open(page: Page, names: readonly string[]): Promise<void> {
  await page.goto('/file/encoding/identify');
  await page.getByTestId('file-input').setInputFiles(names.map((name) => paths[name] ?? name));
  for (const name of names) await expect(row(page, basename(name))).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
}

async function savedBytes(download: Promise<Download>): Promise<Buffer> {
  const file = await (await download).path();
  return readFileSync(file);
}

async function choose(result: Locator, encoding: string): Promise<void> {
  await result.getByTestId('encoding-select').click();
  await result.page().keyboard.type(encoding);
  await result.page().locator(`.ant-select-item-option[title="${encoding}"]`).click();
}

test('names the encoding of each generated and real file, with confidence and a preview; binary is "not text"', async ({ page }) => {
  const corpus = corpusFiles();
  await open(page, [...Object.keys(FILES), ...corpus.map((file) => file.path)]);
  for (const [name, [, expected, text]] of Object.entries(FILES)) {
    const result = row(page, name);
    await expect(result, name).toHaveAttribute('data-encoding', expected);
    if (text) {
      await expect(result.getByTestId('confidence')).toContainText('%');
      await expect(result.getByTestId('preview')).toContainText(text.split(/\r?\n/)[0] ?? '');
    }
  }
  const binary = row(page, 'picture.png');
  await expect(binary.getByTestId('verdict')).toHaveText('不是文本文件');
  await expect(binary.getByTestId('binary-hint')).toBeVisible();
  await expect(binary.getByTestId('convert-download')).toHaveCount(0);
  await expect(row(page, 'gbk.txt').getByTestId('line-endings')).toContainText('CRLF');
  await expect(row(page, 'big5.txt').getByTestId('line-endings')).toContainText('LF');
  for (const { path, accept } of corpus) {
    const encoding = await row(page, basename(path)).getAttribute('data-encoding');
    expect(accept, basename(path)).toContain(encoding);
  }
});

test('overriding the encoding changes the preview and what is converted', async ({ page }) => {
  await open(page, ['big5.txt']);
  const result = row(page, 'big5.txt');
  const firstLine = TRADITIONAL.split('\n')[0] ?? '';
  await expect(result.getByTestId('preview')).toContainText(firstLine);
  await choose(result, 'GBK');
  await expect(result).toHaveAttribute('data-encoding', 'GBK');
  await expect(result.getByTestId('preview')).not.toContainText(firstLine);
  await expect(result.getByTestId('encoding-reason')).toContainText('Big5');
  const misread = await savedBytes(
    Promise.all([page.waitForEvent('download'), result.getByTestId('convert-download').click()]).then(([d]) => d),
  );
  expect(misread.toString('utf8')).toBe(iconv.decode(iconv.encode(TRADITIONAL, 'big5'), 'gbk'));
  await result.getByTestId('encoding-reset').click();
  await expect(result.getByTestId('preview')).toContainText(firstLine);
});

test('converts to exact UTF-8, with or without a BOM, one file or the whole batch as a zip', async ({ page }) => {
  await open(page, Object.keys(FILES));
  const download = (name: string) =>
    Promise.all([page.waitForEvent('download'), row(page, name).getByTestId('convert-download').click()]).then(([d]) => d);
  const gbk = await savedBytes(download('gbk.txt'));
  expect(gbk.equals(Buffer.from(SIMPLIFIED, 'utf8'))).toBe(true);
  expect((await download('cp1252.txt')).suggestedFilename()).toBe('cp1252.txt');

  const [zipped] = await Promise.all([page.waitForEvent('download'), page.getByTestId('zip-download').click()]);
  expect(zipped.suggestedFilename()).toBe('百宝箱-UTF-8.zip');
  const entries = unzipSync(new Uint8Array(await savedBytes(Promise.resolve(zipped))));
  const texts = Object.entries(FILES).filter(([, [, , text]]) => text !== null);
  expect(Object.keys(entries).sort()).toEqual(texts.map(([name]) => name).sort());
  for (const [name, [, , text]] of texts) expect(Buffer.from(entries[name] ?? []).toString('utf8'), name).toBe(text);

  await page.getByTestId('bom-option').getByText('UTF-8（带 BOM）').click();
  const latin = await savedBytes(download('cp1252.txt'));
  expect(latin.equals(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(LATIN, 'utf8')]))).toBe(true);
});

test('UTF-32 is named and converted; a wrong pick is refused, not written as garbage; a GB2312 page declares UTF-8 after conversion', async ({
  page,
}) => {
  const text = `${SIMPLIFIED}UTF-32 😀\n`;
  const points = [0xfeff, ...[...text].map((char) => char.codePointAt(0) ?? 0)];
  const utf32 = Buffer.alloc(points.length * 4);
  points.forEach((point, index) => utf32.writeUInt32LE(point, index * 4));
  paths['utf32le.txt'] = join(dir, 'utf32le.txt');
  writeFileSync(paths['utf32le.txt'], utf32);
  const xml = `<?xml version="1.0" encoding="gb2312"?>\n<说明>${SIMPLIFIED}</说明>\n`;
  paths['page.xml'] = join(dir, 'page.xml');
  writeFileSync(paths['page.xml'], iconv.encode(xml, 'gbk'));
  await open(page, ['utf32le.txt', 'page.xml']);

  const utf32Row = row(page, 'utf32le.txt');
  await expect(utf32Row.getByTestId('verdict')).toHaveText('UTF-32LE-BOM');
  await expect(utf32Row.getByTestId('confidence')).toContainText('100%');
  await expect(utf32Row.getByTestId('preview')).toContainText('春天来了');
  const download = (name: string) =>
    Promise.all([page.waitForEvent('download'), row(page, name).getByTestId('convert-download').click()]).then(([d]) => d);
  expect((await savedBytes(download('utf32le.txt'))).toString('utf8')).toBe(text);

  await choose(utf32Row, 'UTF-16LE-BOM');
  await utf32Row.getByTestId('convert-download').click();
  await expect(page.getByText('按所选编码解码出来的不是正常文字')).toBeVisible();

  expect((await savedBytes(download('page.xml'))).toString('utf8')).toBe(xml.replace('gb2312', 'UTF-8'));
  await expect(page.getByText('文件里声明的编码（gb2312）已改为 UTF-8')).toBeVisible();
});

test('the batch zip of a picked folder keeps its folders; only a real clash gets a number', async ({ page }) => {
  await page.goto('/file/encoding/identify');
  await page.getByTestId('file-input-folder').setInputFiles(join(dir, 'notes'));
  // A loose file of the same name as one in the folder, and the same folder's file picked again.
  await page.getByTestId('file-input').setInputFiles([join(dir, 'notes/latin.txt'), join(dir, 'notes/gbk/readme.txt')]);
  const results = page.getByTestId('encoding-result');
  await expect(results).toHaveCount(6);
  await expect(page.locator('[data-testid="encoding-result"]:not([data-status="done"])')).toHaveCount(0, { timeout: 30_000 });

  const [zipped] = await Promise.all([page.waitForEvent('download'), page.getByTestId('zip-download').click()]);
  const entries = unzipSync(new Uint8Array(await savedBytes(Promise.resolve(zipped))));
  // Before: "readme.txt", "readme (2).txt", "readme (3).txt" side by side, the tree lost.
  expect(Object.keys(entries).sort()).toEqual([
    'latin.txt',
    'notes/big5/old/readme.txt',
    'notes/big5/readme.txt',
    'notes/gbk/readme.txt',
    'notes/latin.txt',
    'readme.txt',
  ]);
  for (const [path, [, text]] of Object.entries(TREE)) expect(Buffer.from(entries[path] ?? []).toString('utf8'), path).toBe(text);
  expect(Buffer.from(entries['readme.txt'] ?? []).toString('utf8')).toBe(SIMPLIFIED);
  expect(Buffer.from(entries['latin.txt'] ?? []).toString('utf8')).toBe(LATIN);

  // Two loose files of one name: the second is numbered, nothing is overwritten.
  await page.getByTestId('file-input').setInputFiles([join(dir, 'notes/big5/readme.txt')]);
  await expect(page.locator('[data-testid="encoding-result"]:not([data-status="done"])')).toHaveCount(0, { timeout: 30_000 });
  const [again] = await Promise.all([page.waitForEvent('download'), page.getByTestId('zip-download').click()]);
  const second = unzipSync(new Uint8Array(await savedBytes(Promise.resolve(again))));
  expect(Object.keys(second)).toHaveLength(7);
  expect(Buffer.from(second['readme (2).txt'] ?? []).toString('utf8')).toBe(TRADITIONAL);
});

test('a worker that cannot start ends each row with a translated error, and the next files work', async ({ page }) => {
  // An old tab after a new release asks for a worker script (with jschardet inside) that no longer exists.
  await page.route(/encoding\.worker[^/]*\.js/, (route) => route.abort());
  await page.goto('/file/encoding/identify');
  await page.getByTestId('file-input').setInputFiles([paths['gbk.txt']!, paths['big5.txt']!]);
  for (const name of ['gbk.txt', 'big5.txt']) {
    await expect(row(page, name)).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
    await expect(row(page, name)).toContainText('无法加载所需的组件（网络已断开，或网站刚更新？）。请检查网络连接后刷新页面再试');
  }
  await page.unroute(/encoding\.worker[^/]*\.js/);
  await page.getByTestId('file-input').setInputFiles([paths['cp1252.txt']!]);
  await expect(row(page, 'cp1252.txt')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(row(page, 'cp1252.txt')).toHaveAttribute('data-encoding', 'windows-1252');
});

test('a short GBK file lists its own match score first; an empty file shows no alarming confidence', async ({ page }) => {
  const shortGbk = join(dir, 'short-gbk.txt');
  const empty = join(dir, 'empty.txt');
  writeFileSync(shortGbk, iconv.encode('中文内容，GBK编码测试。\r\n第二行', 'gbk'));
  writeFileSync(empty, Buffer.alloc(0));
  await open(page, [shortGbk, empty]);
  const gbk = row(page, 'short-gbk.txt');
  await expect(gbk).toHaveAttribute('data-encoding', 'GBK');
  // Runner-up scores once appeared alone ("EUC-JP 76%" next to "confidence 60%"), as if likelier.
  const reason = (await gbk.getByTestId('encoding-reason').textContent()) ?? '';
  const scores = [...reason.matchAll(/([A-Za-z0-9_-]+) (\d+)%/g)].map((match) => [match[1], Number(match[2])] as const);
  expect(scores[0]?.[0]).toBe('GBK');
  expect(Math.max(...scores.map(([, score]) => score))).toBe(scores[0]?.[1]);

  const blank = row(page, 'empty.txt');
  await expect(blank.getByTestId('encoding-reason')).toContainText('文件为空');
  await expect(blank.getByTestId('confidence')).toHaveCount(0);
});

test('works on a 375 px phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, ['big5.txt', 'picture.png']);
  await expect(row(page, 'big5.txt').getByTestId('verdict')).toHaveText('Big5');
  await expect(row(page, 'big5.txt').getByTestId('convert-download')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
