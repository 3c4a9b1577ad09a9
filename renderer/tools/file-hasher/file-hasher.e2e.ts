import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { clickWhenSettled } from '../../../e2e/antd-kit';
import { expect, test } from '../../../e2e/privacy';
import type { Locator, Page } from '@playwright/test';

const MB = 1024 * 1024;
let dir: string;
const generated: Record<string, string> = {};

/** Reference digests come from coreutils, not from any code under test. */
const coreutils = (tool: 'md5sum' | 'sha1sum' | 'sha256sum' | 'sha512sum', path: string) =>
  execFileSync(tool, ['-b', path], { encoding: 'utf8' }).split(' ')[0]!.replace(/^\\/, '');

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));

/** A few real third-party files of different kinds (image, office, e-book over 1 MB, archive) from the corpus. */
function corpusFiles(): string[] {
  if (!corpusPresent) return [];
  const rows = readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'));
  const pick = (category: string, minSize = 0) =>
    rows.find((row) => row[1] === category && Number(row[14]) >= minSize && !/NEGATIVE|CORRUPT/.test(row[20] ?? ''))?.[0];
  return [pick('image', 10_000), pick('office', 10_000), pick('ebook', MB), pick('archive', 1000)]
    .filter((path): path is string => !!path)
    .map((path) => join(corpusDir, path));
}

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-hasher-e2e-'));
  const write = (name: string, bytes: Buffer | string) => {
    generated[name] = join(dir, name);
    writeFileSync(generated[name], bytes);
  };
  write('small.txt', 'hello, 百宝箱\n');
  write('empty.bin', '');
  // Over 1 MB, so it is read in 100 slices with progress.
  write('random-3mb.bin', randomBytes(3 * MB + 123));
  write('名字 with spaces.dat', randomBytes(50_000));
  if (!corpusPresent) console.info(`file-hasher e2e: corpus checks skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const row = (page: Page, name: string) => page.locator(`[data-testid="hash-result"][data-file-name="${name}"]`);

async function open(page: Page): Promise<void> {
  await page.goto('/file/hasher');
  // Generous: the first visit loads the lazy page chunk while other tests run on the same 2 cores.
  await expect(page.getByTestId('hash-engine')).toHaveAttribute('data-engine', 'browser', { timeout: 30_000 });
  await expect(page.getByTestId('hash-engine')).toContainText('浏览器');
}

async function expectDigests(result: Locator, path: string): Promise<void> {
  await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const bytes = readFileSync(path);
  await expect(result.getByTestId('digest-md5')).toHaveText(coreutils('md5sum', path));
  await expect(result.getByTestId('digest-sha1')).toHaveText(coreutils('sha1sum', path));
  await expect(result.getByTestId('digest-sha256')).toHaveText(coreutils('sha256sum', path));
  await expect(result.getByTestId('digest-sha512')).toHaveText(coreutils('sha512sum', path));
  await expect(result.getByTestId('digest-crc32')).toHaveText(crc32(bytes).toString(16).padStart(8, '0'));
  await expect(result.getByTestId('digest-sm3')).toHaveText(createHash('sm3').update(bytes).digest('hex'));
}

test('hashes real files exactly like md5sum/sha*sum, several at once', async ({ page }) => {
  await open(page);
  const paths = [...Object.values(generated), ...corpusFiles()];
  await page.getByTestId('file-input').setInputFiles(paths);
  await expect(page.getByTestId('hash-result')).toHaveCount(paths.length);
  for (const path of paths) await expectDigests(row(page, basename(path)), path);
  await expect(row(page, 'random-3mb.bin').getByTestId('hash-timing')).toContainText('/s');
});

test('text mode hashes the UTF-8 bytes of typed text', async ({ page }) => {
  await open(page);
  await page.getByRole('tab', { name: '文本' }).click();
  const text = 'hello 百宝箱 ✓';
  await page.getByTestId('text-input').fill(text);
  const result = page.getByTestId('text-result');
  await expect(result.getByTestId('digest-sha256')).toHaveText(createHash('sha256').update(text, 'utf8').digest('hex'));
  await expect(result.getByTestId('digest-md5')).toHaveText(createHash('md5').update(text, 'utf8').digest('hex'));
});

test('compare box detects the algorithm and shows match or mismatch per file; upper-case toggle', async ({ page }) => {
  await open(page);
  const path = generated['small.txt']!;
  await page.getByTestId('file-input').setInputFiles([path, generated['empty.bin']!]);
  const small = row(page, 'small.txt');
  await expect(small).toHaveAttribute('data-status', 'done');

  await page.getByTestId('compare-input').fill(coreutils('sha256sum', path).toUpperCase());
  await expect(small.getByTestId('compare-result')).toHaveAttribute('data-status', 'match');
  await expect(small.getByTestId('compare-result')).toContainText('SHA-256');
  await expect(row(page, 'empty.bin').getByTestId('compare-result')).toHaveAttribute('data-status', 'mismatch');

  // A checksum list names its files: each row is compared with its own line.
  await page.getByTestId('compare-input').fill(`${coreutils('md5sum', path)}  small.txt\n${'0'.repeat(32)}  empty.bin`);
  await expect(small.getByTestId('compare-result')).toHaveAttribute('data-status', 'match');
  await expect(row(page, 'empty.bin').getByTestId('compare-result')).toHaveAttribute('data-status', 'mismatch');

  await page.getByTestId('uppercase').click();
  await expect(small.getByTestId('digest-md5')).toHaveText(coreutils('md5sum', path).toUpperCase());
  await page.getByTestId('uppercase').click();
  await expect(small.getByTestId('digest-md5')).toHaveText(coreutils('md5sum', path));
});

test('exports a sha256sum file that sha256sum -c accepts', async ({ page }) => {
  await open(page);
  const names = ['small.txt', '名字 with spaces.dat'];
  await page.getByTestId('file-input').setInputFiles(names.map((name) => generated[name]!));
  for (const name of names) await expect(row(page, name)).toHaveAttribute('data-status', 'done');
  // Under a full run a click during the list's opening animation was lost: picked once it has opened.
  await page.getByTestId('export-format').click();
  await clickWhenSettled(page.getByRole('option', { name: /SHA-256/ }));
  await expect(page.getByTestId('export-format')).toContainText('SHA-256');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toBe('SHA256SUMS.txt');
  const list = join(dir, 'SHA256SUMS.txt');
  await download.saveAs(list);
  expect(execFileSync('sha256sum', ['-c', list], { cwd: dir, encoding: 'utf8' })).toContain('small.txt: OK');
});

test('modify hash → download → restore → download gives back the original', async ({ page }) => {
  await open(page);
  await page.getByRole('tab', { name: /修改/ }).click();
  const original = generated['random-3mb.bin']!;

  await page.getByTestId('modify-input').setInputFiles(original);
  await expect(page.getByTestId('modify-before').getByTestId('digest-sha256')).toHaveText(coreutils('sha256sum', original));
  const [modifiedDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-modified').click()]);
  const modified = join(dir, 'modified', 'random-3mb.bin');
  await modifiedDownload.saveAs(modified);
  expect(statSync(modified).size).toBe(statSync(original).size + 32);
  expect(coreutils('sha256sum', modified)).not.toBe(coreutils('sha256sum', original));
  await expect(page.getByTestId('modify-after').getByTestId('digest-sha256')).toHaveText(coreutils('sha256sum', modified));
  await expect(page.getByTestId('modify-after').getByTestId('digest-md5')).toHaveText(coreutils('md5sum', modified));

  await page.getByTestId('restore-input').setInputFiles(modified);
  await expect(page.getByTestId('restore-after').getByTestId('digest-sha256')).toHaveText(coreutils('sha256sum', original));
  await expect(page.getByTestId('restore-same')).toBeVisible();
  const [restoredDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-restored').click()]);
  const restored = join(dir, 'restored', 'random-3mb.bin');
  await restoredDownload.saveAs(restored);
  expect(coreutils('sha256sum', restored)).toBe(coreutils('sha256sum', original));
  expect(coreutils('md5sum', restored)).toBe(coreutils('md5sum', original));

  // A file we never modified is left alone.
  await page.getByTestId('restore-input').setInputFiles(original);
  await expect(page.getByTestId('restore-not-modified')).toBeVisible();
});

test('a file deleted after picking shows a clear error and the others still finish', async ({ page }) => {
  await open(page);
  const doomed = join(dir, 'doomed.txt');
  copyFileSync(generated['small.txt']!, doomed);
  await page.getByText('SM3', { exact: true }).click(); // hash without SM3 first
  await page.getByTestId('file-input').setInputFiles([doomed, generated['名字 with spaces.dat']!]);
  await expect(row(page, 'doomed.txt')).toHaveAttribute('data-status', 'done');
  await expect(row(page, '名字 with spaces.dat')).toHaveAttribute('data-status', 'done');

  unlinkSync(doomed);
  await page.getByText('SM3', { exact: true }).click(); // SM3 back on: both rows need computing again
  await page.getByTestId('rehash').click();
  await expect(row(page, 'doomed.txt')).toHaveAttribute('data-status', 'error');
  await expect(row(page, 'doomed.txt').getByTestId('batch-error')).toContainText('无法读取该文件');
  await expectDigests(row(page, '名字 with spaces.dat'), generated['名字 with spaces.dat']!);
});

test('a pasted file (a File that lives in memory) hashes right, and again on rehash', async ({ page }) => {
  const expected = randomBytes(3 * MB + 5);
  await open(page);
  await page.getByText('SM3', { exact: true }).click(); // without SM3 first, so turning it on asks for a rehash
  await page.evaluate((base64) => {
    const clipboardData = new DataTransfer();
    clipboardData.items.add(
      new File([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], 'screenshot.png', { type: 'image/png' }),
    );
    document.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, expected.toString('base64'));
  const result = row(page, 'screenshot.png');
  const md5 = createHash('md5').update(expected).digest('hex');
  await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(result.getByTestId('digest-md5')).toHaveText(md5);
  await page.getByText('SM3', { exact: true }).click();
  await page.getByTestId('rehash').click();
  await expect(result).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(result.getByTestId('digest-sm3')).toHaveText(createHash('sm3').update(expected).digest('hex'));
  await expect(result.getByTestId('digest-md5')).toHaveText(md5);
});

test('works at 375 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  await page.getByTestId('file-input').setInputFiles([generated['random-3mb.bin']!, generated['名字 with spaces.dat']!]);
  await expectDigests(row(page, 'random-3mb.bin'), generated['random-3mb.bin']!);
  // The longest digest wraps inside the screen instead of pushing the page sideways.
  const box = await row(page, 'random-3mb.bin').getByTestId('digest-sha512').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
