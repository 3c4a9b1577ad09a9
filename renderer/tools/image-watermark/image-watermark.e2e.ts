import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';

const W = 800;
const H = 600;
let dir: string;
const fixture = (name: string) => join(dir, name);

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-watermark-e2e-'));
  const black = sharp({ create: { width: W, height: H, channels: 3, background: '#000000' } });
  writeFileSync(fixture('black.png'), await black.clone().png().toBuffer());
  writeFileSync(fixture('black-b.jpg'), await black.clone().jpeg({ quality: 95 }).toBuffer());
  writeFileSync(
    fixture('logo.png'),
    await sharp({ create: { width: 120, height: 80, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(fixture('empty.png'), Buffer.alloc(0));
  writeFileSync(fixture('notes.jpg'), 'plain text pretending to be a JPEG');
  // Saved as .apng (image/apng): a transparent PNG still, which an APNG is to every decoder but the animating one.
  writeFileSync(
    fixture('clear.apng'),
    await sharp({ create: { width: W, height: H, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer(),
  );
  // A logo as logos often come: an SVG with only a viewBox (3:1), white.
  writeFileSync(
    fixture('logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect width="120" height="40" fill="#fff"/></svg>',
  );
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Brightest red value in a rectangle of a decoded image. */
async function brightness(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return (x0: number, y0: number, x1: number, y1: number) => {
    let found = 0;
    for (let y = y0; y < y1; y += 1) for (let x = x0; x < x1; x += 1) found = Math.max(found, data[(y * info.width + x) * info.channels]!);
    return found;
  };
}

async function waitForBatch(page: Page, count: number): Promise<void> {
  await expect(page.getByTestId('image-item')).toHaveCount(count);
  await expect(
    page.locator('[data-testid="image-item"][data-status="queued"], [data-testid="image-item"][data-status="running"]'),
  ).toHaveCount(0, { timeout: 60_000 });
}

async function downloadOne(page: Page, name: string): Promise<Uint8Array> {
  const downloading = page.waitForEvent('download');
  await page.locator(`[data-testid="image-item"][data-file-name="${name}"]`).getByTestId('image-download').click();
  return new Uint8Array(readFileSync(await (await downloading).path()));
}

test('Chinese text watermark bottom-right: preview first, then the output changes only there', async ({ page }) => {
  await page.goto('/image/watermark');
  await expect(page).toHaveTitle('图片加水印 - 百宝箱');
  await expect(page.getByTestId('image-engine')).toHaveAttribute('data-engine', 'browser');
  await page.getByTestId('wm-text').fill('百宝箱水印 Baibao');
  await page.getByTestId('wm-opacity').fill('100');
  await page.getByTestId('wm-size').fill('5');
  await page.getByTestId('file-input').setInputFiles([fixture('black.png')]);

  // The preview is the worker's output at preview size, already watermarked bottom-right.
  const preview = page.getByTestId('wm-preview');
  await expect(preview).toBeVisible();
  // The page's CSP keeps fetch off blob: URLs; the shown picture is read back through a canvas instead.
  const previewLit = (rect: [number, number, number, number]) =>
    preview.evaluate((img: HTMLImageElement, [x0, y0, x1, y1]) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      const { data } = context.getImageData(x0, y0, x1 - x0, y1 - y0);
      let found = 0;
      for (let at = 0; at < data.length; at += 4) found = Math.max(found, data[at]!);
      return found;
    }, rect);
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(W);
  expect(await previewLit([W / 2, H - 90, W - 24, H - 24])).toBeGreaterThan(200);
  expect(await previewLit([0, 0, W / 2, H / 2])).toBeLessThan(30);

  await page.getByTestId('wm-apply').click();
  await waitForBatch(page, 1);
  const bytes = await downloadOne(page, 'black.png');
  expect((await sharp(bytes).metadata()).format).toBe('png');
  const lit = await brightness(bytes);
  // 5 % of 800 = 40 px text, 3 % margin = 24 px from the right and bottom edges.
  expect(lit(W / 2, H - 90, W - 24, H - 24)).toBeGreaterThan(200);
  expect(lit(0, 0, W / 2, H / 2)).toBe(0);
  expect(lit(0, 0, W / 4, H)).toBe(0);
  expect(lit(W - 20, 0, W, H)).toBe(0);
});

test('the untouched default text follows a language switch', async ({ page }) => {
  await page.goto('/image/watermark');
  await expect(page.getByTestId('wm-text')).toHaveValue('© 百宝箱');
  await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
  await expect(page.getByTestId('wm-text')).toHaveValue('© Baibao');
  await page.getByTestId('wm-text').fill('© Studio Li');
  await page.getByTestId('language-switch').getByText('中', { exact: true }).click();
  await expect(page.getByTestId('wm-text')).toHaveValue('© Studio Li');
});

test('a tiled logo covers all four quadrants', async ({ page }) => {
  await page.goto('/image/watermark');
  await page.getByTestId('wm-mode').getByText('图片 / Logo', { exact: true }).click();
  await expect(page.getByTestId('wm-apply')).toHaveCount(0);
  await page.getByTestId('wm-logo-input').setInputFiles([fixture('logo.png')]);
  await expect(page.getByTestId('wm-logo-pick')).toHaveText(/更换 Logo/);
  await page.getByTestId('wm-logo-scale').fill('6');
  await page.getByTestId('wm-opacity').fill('100');
  await page.getByTestId('wm-placement').getByText('平铺', { exact: true }).click();
  await page.getByTestId('wm-gap').fill('10');
  await page.getByTestId('file-input').setInputFiles([fixture('black.png')]);
  await expect(page.getByTestId('wm-preview')).toBeVisible();
  await page.getByTestId('wm-apply').click();
  await waitForBatch(page, 1);
  const lit = await brightness(await downloadOne(page, 'black.png'));
  for (const [x, y] of [
    [0, 0],
    [W / 2, 0],
    [0, H / 2],
    [W / 2, H / 2],
  ] as const)
    expect(lit(x, y, x + W / 2, y + H / 2), `quadrant ${x},${y}`).toBeGreaterThan(200);
});

test('a broken logo is refused with a translated message', async ({ page }) => {
  await page.goto('/image/watermark');
  await page.getByTestId('wm-mode').getByText('图片 / Logo', { exact: true }).click();
  await page.getByTestId('wm-logo-input').setInputFiles([fixture('notes.jpg')]);
  await expect(page.getByTestId('wm-logo-error')).toContainText('无法使用这个文件作为 Logo');
});

test('batch: JPEG output for every good file in one zip; broken files get a translated error and the rest finish', async ({ page }) => {
  await page.goto('/image/watermark');
  await page.getByTestId('wm-format').getByText('JPEG', { exact: true }).click();
  await page.getByTestId('wm-opacity').fill('100');
  const good = ['black.png', 'black-b.jpg'];
  const bad = ['empty.png', 'notes.jpg'];
  await page.getByTestId('file-input').setInputFiles([...good, ...bad].map(fixture));
  await page.getByTestId('wm-apply').click();
  await waitForBatch(page, 4);
  for (const name of bad) {
    const item = page.locator(`[data-testid="image-item"][data-file-name="${name}"]`);
    await expect(item, name).toHaveAttribute('data-status', 'error');
    await expect(item.getByTestId('batch-error')).toContainText('无法读取');
  }
  await expect(page.locator('[data-testid="image-item"][data-status="done"]')).toHaveCount(2);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('image-download-all').click();
  const entries = unzipSync(new Uint8Array(readFileSync(await (await downloading).path())));
  expect(Object.keys(entries).sort()).toEqual(['black-b.jpg', 'black.jpg']);
  for (const bytes of Object.values(entries)) {
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: W, height: H });
    const lit = await brightness(bytes);
    expect(lit(W / 2, H / 2, W, H)).toBeGreaterThan(200);
    expect(lit(0, 0, W / 2, H / 2)).toBeLessThan(20);
  }
});

test('375 px: the files and the preview come before the settings; everything fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/image/watermark');
  await page.getByTestId('file-input').setInputFiles([fixture('black.png'), fixture('black-b.jpg')]);
  await expect(page.getByTestId('wm-preview')).toBeVisible();
  const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
  const settingsTop = await top('image-engine');
  expect(await top('file-input-pick-folder')).toBeLessThan(settingsTop);
  expect(await top('wm-preview')).toBeLessThan(settingsTop);
  await page.getByTestId('wm-preview-select').click();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('wm-preview')).toHaveAttribute('alt', /black-b\.jpg/);
  await page.getByTestId('wm-apply').click();
  await waitForBatch(page, 2);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an SVG logo is drawn where it belongs, at its own ratio', async ({ page }) => {
  await page.goto('/image/watermark');
  await page.getByTestId('wm-mode').getByText('图片 / Logo', { exact: true }).click();
  await page.getByTestId('wm-logo-input').setInputFiles([fixture('logo.svg')]);
  await expect(page.getByTestId('wm-logo-pick')).toHaveText(/更换 Logo/);
  await expect(page.getByTestId('wm-logo-error')).toHaveCount(0);
  // 30 % of 800 = 240 × 80 px, 3 % margin = 24 px from the right and bottom edges.
  await page.getByTestId('wm-logo-scale').fill('30');
  await page.getByTestId('wm-opacity').fill('100');
  await page.getByTestId('file-input').setInputFiles([fixture('black.png')]);
  await page.getByTestId('wm-apply').click();
  await waitForBatch(page, 1);
  const lit = await brightness(await downloadOne(page, 'black.png'));
  expect(lit(W - 24 - 230, H - 24 - 75, W - 24 - 10, H - 24 - 5)).toBeGreaterThan(250);
  expect(lit(0, 0, W, H - 24 - 90)).toBe(0);
  expect(lit(0, 0, W - 24 - 250, H)).toBe(0);
});

test('by keyboard: the colour typed as hex, every field named; "keep format" keeps an APNG a transparent PNG', async ({ page }) => {
  await page.goto('/image/watermark');
  await page.getByRole('textbox', { name: '水印文字' }).fill('Baibao');
  await expect(page.getByRole('combobox', { name: '字体' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: '水印类型' })).toBeVisible();
  await expect(page.getByRole('slider', { name: '不透明度' })).toBeVisible();
  const hex = page.getByRole('textbox', { name: '文字颜色（十六进制）' });
  await hex.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('#ff0000');
  await page.keyboard.press('Tab');
  await expect(hex).toHaveValue('#ff0000');
  await page.getByTestId('wm-opacity').fill('100');
  await page.getByTestId('wm-size').fill('8');
  await page.getByTestId('file-input').setInputFiles([fixture('clear.apng')]);
  await page.getByTestId('wm-apply').click();
  await waitForBatch(page, 1);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('image-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('clear.png');
  const bytes = readFileSync(await download.path());
  expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', hasAlpha: true, width: W, height: H });
  // Red text on a transparent picture: the corner far from the mark stays transparent.
  const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  for (let at = 0; at < data.length; at += 4)
    if (data[at + 3]! > 200 && data[at]! > 200 && data[at + 1]! < 60 && data[at + 2]! < 60) red += 1;
  expect(red).toBeGreaterThan(200);
  expect(data[3]).toBe(0);
});
