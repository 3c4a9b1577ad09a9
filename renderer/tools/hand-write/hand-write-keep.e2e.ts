import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';

const LINE = '床前明月光，疑是地上霜。举头望明月，低头思故乡。';

async function bytesOf(download: Download): Promise<Buffer> {
  return readFileSync(await download.path());
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A minimal .docx as Word writes its body: one w:p per paragraph in word/document.xml. */
function docx(paragraphs: readonly string[]): Buffer {
  const body = paragraphs.map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`).join('');
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      'word/document.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      ),
    }),
  );
}

/** The RGB of pixel (x, y) of a PNG, decoded by the browser. */
function pixelOf(page: Page, png: Buffer, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    async ({ base64, x, y }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      return [...context.getImageData(x, y, 1, 1).data.subarray(0, 3)];
    },
    { base64: png.toString('base64'), x, y },
  );
}

/** A PNG of one colour, drawn by the browser (no image file committed for it). */
function solidPng(page: Page, colour: string): Promise<Buffer> {
  return page
    .evaluate(async (fill) => {
      const canvas = new OffscreenCanvas(64, 48);
      const context = canvas.getContext('2d')!;
      context.fillStyle = fill;
      context.fillRect(0, 0, 64, 48);
      const blob = await canvas.convertToBlob({ type: 'image/png' });
      let binary = '';
      for (const byte of new Uint8Array(await blob.arrayBuffer())) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, colour)
    .then((base64) => Buffer.from(base64, 'base64'));
}

async function setNumber(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId);
  await input.fill(value);
  await input.blur();
}

/** Generates and waits for this run's pages (a run before it may have left the same "done" line). */
async function generate(page: Page, pages: number) {
  const thumbnail = page.getByTestId('hw-pages').locator('img').first();
  const before = (await thumbnail.count()) > 0 ? await thumbnail.getAttribute('src') : null;
  await page.getByTestId('hw-generate').click();
  await expect(page.getByTestId('hw-done')).toHaveText(`已生成 ${pages} 页`);
  await expect(thumbnail).not.toHaveAttribute('src', before ?? '');
}

async function downloadPage(page: Page, number: number): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`hw-png-${number}`).click()]);
  return bytesOf(download);
}

test('a custom background picture is under the writing of the exported page', async ({ page }) => {
  await page.goto('/hand-write/generate');
  await page.getByTestId('hw-paper').getByText('白纸').click();
  await page.getByTestId('hw-text').fill(LINE);
  await page
    .getByTestId('hw-background')
    .setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: await solidPng(page, '#1ea03c') });
  await expect(page.getByTestId('hw-use-background')).toBeChecked();
  await generate(page, 1);
  const png = await downloadPage(page, 1);
  // A corner lies in the margin: nothing is written there, so it shows the paper — here the picture.
  const [r, g, b] = await pixelOf(page, png, 4, 4);
  expect(Math.abs(r! - 0x1e) + Math.abs(g! - 0xa0) + Math.abs(b! - 0x3c)).toBeLessThan(12);

  // Unticked, the same page is on the plain paper colour again.
  await page.getByTestId('hw-use-background').click();
  await generate(page, 1);
  expect(await pixelOf(page, await downloadPage(page, 1), 4, 4)).toEqual([0xff, 0xfd, 0xf7]);
});

test('a custom page size sets the exported PNG size (200 dpi)', async ({ page }) => {
  await page.goto('/hand-write/generate');
  await page.getByTestId('hw-text').fill(LINE);
  await page.getByTestId('hw-size').getByText('自定义').click();
  await setNumber(page, 'hw-custom-width', '100');
  await setNumber(page, 'hw-custom-height', '150');
  await generate(page, 1);
  // 100 × 150 mm at 200 dpi: 100 / 25.4 × 200 = 787.4, 150 / 25.4 × 200 = 1181.1.
  expect(pngSize(await downloadPage(page, 1))).toEqual({ width: 787, height: 1181 });
});

test('a .docx file imports its paragraphs as the text', async ({ page }) => {
  await page.goto('/hand-write/generate');
  const paragraphs = ['静夜思', '床前明月光，疑是地上霜。', '举头望明月，低头思故乡。'];
  await page.getByTestId('hw-import').setInputFiles({
    name: '静夜思.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: docx(paragraphs),
  });
  await expect(page.getByTestId('hw-text')).toHaveValue(paragraphs.join('\n'));
  await expect(page.getByText('已导入 静夜思.docx')).toBeVisible();
});

test('a reload keeps the text, the settings and the generated pages; the preview route shows page 2 and survives a reload', async ({
  page,
}) => {
  await page.goto('/hand-write/generate');
  await page.getByTestId('hw-size').getByText('A5').click();
  await setNumber(page, 'hw-font-size', '28');
  const text = LINE.repeat(11);
  await page.getByTestId('hw-text').fill(text);
  await expect(page.getByTestId('hw-page-count')).toHaveText('共 3 页');
  await generate(page, 3);
  // A setting changed after generating is kept too (the pages stay those generated).
  await page.getByTestId('hw-paper').getByText('稿纸').click();

  await page.reload();
  await expect(page.getByTestId('hw-text')).toHaveValue(text);
  await expect(page.getByTestId('hw-size').getByRole('radio', { name: 'A5' })).toBeChecked();
  await expect(page.getByTestId('hw-paper').getByRole('radio', { name: '稿纸' })).toBeChecked();
  await expect(page.getByTestId('hw-font-size')).toHaveValue('28');
  await expect(page.getByTestId('hw-done')).toHaveText('已生成 3 页');
  await expect(page.getByTestId('hw-pages').locator('li')).toHaveCount(3);
  // The kept run still exports: a PDF of its three pages with the text as its searchable layer.
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('hw-pdf').click()]);
  const pdfFile = join(mkdtempSync(join(tmpdir(), 'hand-write-keep-')), 'kept.pdf');
  writeFileSync(pdfFile, await bytesOf(pdf));
  expect(spawnSync('pdfinfo', [pdfFile], { encoding: 'utf8' }).stdout).toMatch(/^Pages:\s+3$/m);
  expect(spawnSync('pdftotext', [pdfFile, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, '')).toBe(text);

  await page.getByRole('button', { name: '查看第 2 页大图' }).click();
  await expect(page).toHaveURL(/\/hand-write\/preview\?page=2$/);
  await expect(page.getByTestId('hw-preview-counter')).toHaveText('第 2 / 3 页');
  const image = page.getByTestId('hw-preview-image');
  await expect(image).toBeVisible();
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(1000);
  // Untitled internal route: the site's title alone.
  await expect(page).toHaveTitle('百宝箱');

  await page.reload();
  await expect(page.getByTestId('hw-preview-counter')).toHaveText('第 2 / 3 页');
  await expect(page.getByTestId('hw-preview-image')).toBeVisible();
  await page.getByTestId('hw-preview-next').click();
  await expect(page).toHaveURL(/\?page=3$/);
  await expect(page.getByTestId('hw-preview-next')).toBeDisabled();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('hw-preview-download').click()]);
  expect(download.suggestedFilename()).toBe('手写-03.png');

  // At 375 px the page fits the width; at 100 % the picture keeps its pixels and scrolls in its frame.
  await page.setViewportSize({ width: 375, height: 812 });
  const pageWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);
  const shownWidth = () => image.evaluate((img: HTMLImageElement) => img.getBoundingClientRect().width);
  // The layout follows the new width a frame or more later (later still under load).
  await expect.poll(pageWidth).toBeLessThanOrEqual(375);
  await expect.poll(shownWidth).toBeLessThanOrEqual(375);
  await page.getByTestId('hw-preview-zoom').getByText('100%', { exact: true }).click();
  await expect.poll(shownWidth).toBe(await image.evaluate((img: HTMLImageElement) => img.naturalWidth));
  expect(await pageWidth()).toBeLessThanOrEqual(375);

  await page.getByTestId('hw-preview-back').click();
  await expect(page).toHaveURL(/\/hand-write\/generate$/);
  await expect(page.getByTestId('hw-pages').locator('li')).toHaveCount(3);
});

test('the preview route with nothing generated says so and links to the generator, in Chinese and English', async ({ page }) => {
  const response = await page.goto('/hand-write/preview');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('hw-preview-empty')).toContainText('还没有生成的手写稿');
  await page.getByTestId('hw-preview-to-generator').click();
  await expect(page).toHaveURL(/\/hand-write\/generate$/);
  await page.goto('/en/hand-write/preview?page=2');
  await expect(page.getByTestId('hw-preview-empty')).toContainText('No handwritten pages generated yet');
});

test('an own font survives a reload (kept in this browser)', async ({ page }) => {
  await page.goto('/hand-write/generate');
  const font = readFileSync(createRequire(import.meta.url).resolve('@fontsource/long-cang/files/long-cang-latin-400-normal.woff2'));
  await page.getByTestId('hw-font-file').setInputFiles({ name: 'mine.woff2', mimeType: 'font/woff2', buffer: font });
  const chosen = page.getByTestId('hw-font').locator('option:checked');
  await expect(chosen).toHaveText('自己的字体：mine.woff2');
  await page.reload();
  await expect(page.getByTestId('hw-font').locator('option:checked')).toHaveText('自己的字体：mine.woff2');
});

test('a browser that cannot keep the pages (full disk) still generates them and says they will not survive a reload', async ({ page }) => {
  await page.addInitScript(() => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, ...args: Parameters<typeof put>) {
      if (this.name === 'page') throw new DOMException('The disk is full', 'QuotaExceededError');
      return put.apply(this, args);
    };
  });
  await page.goto('/hand-write/generate');
  await page.getByTestId('hw-text').fill(LINE);
  await generate(page, 1);
  await expect(page.getByTestId('hw-not-kept')).toHaveText('生成的页面没能保存在这个浏览器里（空间不足或隐私模式），刷新后会丢失');
  await expect(page.getByTestId('hw-pages').locator('li')).toHaveCount(1);
});
