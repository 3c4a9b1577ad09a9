import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';

const LINE = '床前明月光，疑是地上霜。举头望明月，低头思故乡。';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

async function bytesOf(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** A5 with 28 pt type: about a hundred characters a page, so `repeat` sets the page count. */
async function setUp(page: Page, text: string) {
  await page.goto('/hand-write/generate');
  await page.getByTestId('hw-size').getByText('A5').click();
  const size = page.getByTestId('hw-font-size');
  await size.fill('28');
  await size.blur();
  await page.getByTestId('hw-text').fill(text);
}

test('generates three pages with progress, then a zip of three PNGs and a three-page PDF whose text pdftotext reads', async ({ page }) => {
  const text = LINE.repeat(11);
  await setUp(page, text);
  await expect(page.getByTestId('hw-preview')).toBeVisible();
  await expect(page.getByTestId('hw-page-count')).toHaveText('共 3 页');
  await page.getByTestId('hw-generate').click();
  // Progress shows while pages arrive (the first line appears before the last page does).
  await expect(page.getByTestId('hw-progress-text')).toContainText(/已生成 [0-3] \/ 3 页/);
  await expect(page.getByTestId('hw-done')).toHaveText('已生成 3 页');
  await expect(page.getByTestId('hw-pages').locator('li')).toHaveCount(3);

  const [zipDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('hw-zip').click()]);
  expect(zipDownload.suggestedFilename()).toBe('手写.zip');
  const entries = unzipSync(new Uint8Array(await bytesOf(zipDownload)));
  expect(Object.keys(entries)).toEqual(['手写-01.png', '手写-02.png', '手写-03.png']);
  for (const png of Object.values(entries)) expect([...png.subarray(0, 4)]).toEqual(PNG_SIGNATURE);

  const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('hw-pdf').click()]);
  expect(pdfDownload.suggestedFilename()).toBe('手写.pdf');
  const file = join(mkdtempSync(join(tmpdir(), 'hand-write-e2e-')), 'out.pdf');
  writeFileSync(file, await bytesOf(pdfDownload));
  expect(spawnSync('pdfinfo', [file], { encoding: 'utf8' }).stdout).toMatch(/^Pages:\s+3$/m);
  const extracted = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout;
  expect(extracted.replace(/\s+/g, '')).toBe(text);

  // A page full size at /hand-write/preview, the picture at its export resolution.
  await page.getByRole('button', { name: '查看第 2 页大图' }).click();
  await expect(page).toHaveURL(/\/hand-write\/preview\?page=2$/);
  const full = page.getByTestId('hw-preview-image');
  await expect(full).toBeVisible();
  expect(await full.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1000);
  await page.getByTestId('hw-preview-back').click();
  await expect(page.getByTestId('hw-pages').locator('li')).toHaveCount(3);
});

test('cancel stops generating: no page arrives after it', async ({ page }) => {
  await setUp(page, LINE.repeat(200));
  await expect(page.getByTestId('hw-page-count')).toHaveText(/共 \d\d 页/);
  await page.getByTestId('hw-generate').click();
  await expect(page.getByTestId('hw-pages').locator('li').first()).toBeVisible();
  await page.getByTestId('hw-cancel').click();
  await expect(page.getByTestId('hw-cancelled')).toHaveText('已取消生成');
  const done = await page.getByTestId('hw-pages').locator('li').count();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('hw-pages').locator('li')).toHaveCount(done);
  await expect(page.getByTestId('hw-generate')).toBeEnabled();
});

test('an unreadable font file gets a translated message, in Chinese and English', async ({ page }) => {
  await page.goto('/hand-write/generate');
  await page
    .getByTestId('hw-font-file')
    .setInputFiles({ name: 'broken.ttf', mimeType: 'font/ttf', buffer: Buffer.from('this is not a font') });
  await expect(page.getByTestId('hw-font-error')).toHaveText('无法读取这个字体文件，请选择 .ttf、.otf、.woff 或 .woff2 字体');
  await page.goto('/en/hand-write/generate');
  await page.getByTestId('hw-font-file').setInputFiles({ name: 'empty.woff2', mimeType: 'font/woff2', buffer: Buffer.alloc(0) });
  await expect(page.getByTestId('hw-font-error')).toHaveText('This font file cannot be read; choose a .ttf, .otf, .woff or .woff2 font');
});
