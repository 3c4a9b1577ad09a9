import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Locator, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';

const CORPUS = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../../shared/corpus'), 'image');
/** Stored 450×600 with EXIF orientation 6: upright it is a 600×450 landscape. */
const ROTATED_PHOTO = join(CORPUS, 'sharp/Landscape_6.jpg');
const hasCorpus = existsSync(ROTATED_PHOTO);

let dir: string;
const fixture = (name: string) => join(dir, name);

/** A photo-like JPEG: gradients so crops and turns are visible, noise so it is not trivially small. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = (x * 255) / width;
      pixels[at + 1] = (y * 255) / height;
      pixels[at + 2] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-resizer-e2e-'));
  writeFileSync(fixture('wide.jpg'), await photo(1600, 1200));
  writeFileSync(fixture('tall.jpg'), await photo(900, 1600));
  writeFileSync(
    fixture('logo.png'),
    await sharp({ create: { width: 640, height: 480, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer(),
  );
  // Saved as .apng (image/apng): a PNG still, which an APNG is to every decoder but the animating one.
  writeFileSync(fixture('spinner.apng'), readFileSync(fixture('logo.png')));
  writeFileSync(fixture('empty.png'), Buffer.alloc(0));
  writeFileSync(
    fixture('long.png'),
    await sharp({ create: { width: 400, height: 16000, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(fixture('notes.jpg'), 'plain text pretending to be a JPEG');
  const whole = await photo(600, 400);
  writeFileSync(fixture('truncated.jpg'), whole.subarray(0, Math.floor(whole.length / 3)));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(page: Page, files: string[]): Promise<void> {
  await page.goto('/image/resizer');
  await expect(page).toHaveTitle('图片尺寸调整与裁剪 - 百宝箱');
  await page.getByTestId('file-input').setInputFiles(files);
  await expect(page.getByTestId('resizer-preview')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('resizer-result-size')).toBeVisible();
}

async function run(page: Page, count: number): Promise<Locator> {
  await page.getByTestId('resizer-run').click();
  const items = page.getByTestId('image-item');
  await expect(items).toHaveCount(count);
  await expect(
    page.locator('[data-testid="image-item"][data-status="queued"], [data-testid="image-item"][data-status="running"]'),
  ).toHaveCount(0, { timeout: 60_000 });
  return items;
}

async function downloadOne(page: Page, name: string): Promise<{ width?: number; height?: number; format?: string }> {
  const downloading = page.waitForEvent('download');
  await page.locator(`[data-testid="image-item"][data-file-name="${name}"]`).getByTestId('image-download').click();
  return sharp(readFileSync(await (await downloading).path())).metadata();
}

const sizeOf = (meta: { width?: number; height?: number }) => [meta.width, meta.height];

test('one side under the aspect lock, as WebP, for a mixed batch with broken files: every image keeps its own ratio; the zip holds every good output', async ({
  page,
}) => {
  // The portrait comes first, so it is the previewed image the lock's hint follows.
  const good = [fixture('tall.jpg'), fixture('wide.jpg'), fixture('logo.png')];
  const bad = [fixture('empty.png'), fixture('notes.jpg'), fixture('truncated.jpg')];
  await open(page, [...good, ...bad]);
  await expect(page.getByTestId('image-engine')).toHaveAttribute('data-engine', 'browser');
  await page.getByTestId('resizer-width').fill('400');
  // The other side stays empty (each image its own ratio); its hint is the previewed 900×1600 photo's height.
  await expect(page.getByTestId('resizer-height')).toHaveValue('');
  await expect(page.getByTestId('resizer-height')).toHaveAttribute('placeholder', '自动（711）');
  await page.getByTestId('resizer-format').getByText('WebP', { exact: true }).click();
  await expect(page.getByTestId('resizer-result-size')).toContainText('400×711');
  await run(page, good.length + bad.length);

  for (const path of bad) {
    const name = path.split('/').at(-1)!;
    const item = page.locator(`[data-testid="image-item"][data-file-name="${name}"]`);
    await expect(item, name).toHaveAttribute('data-status', 'error');
    await expect(item.getByTestId('batch-error')).toContainText('无法读取');
  }
  await expect(page.locator('[data-testid="image-item"][data-status="done"]')).toHaveCount(good.length);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('image-download-all').click();
  const entries = unzipSync(new Uint8Array(readFileSync(await (await downloading).path())));
  expect(Object.keys(entries).sort()).toEqual(['logo.webp', 'tall.webp', 'wide.webp']);
  // Nothing cropped: the 1600×1200 photo and the 640×480 logo stay 4:3, the portrait stays 9:16.
  const sizes = Object.fromEntries(
    await Promise.all(Object.entries(entries).map(async ([name, bytes]) => [name, sizeOf(await sharp(bytes).metadata())] as const)),
  );
  expect(sizes).toEqual({ 'tall.webp': [400, 711], 'wide.webp': [400, 300], 'logo.webp': [400, 300] });
});

test('a box of both sides without the lock crops each image to fill it', async ({ page }) => {
  await open(page, [fixture('wide.jpg'), fixture('tall.jpg')]);
  await page.getByTestId('resizer-lock').uncheck();
  await page.getByTestId('resizer-width').fill('800');
  await page.getByTestId('resizer-height').fill('600');
  await run(page, 2);
  expect(sizeOf(await downloadOne(page, 'wide.jpg'))).toEqual([800, 600]);
  expect(sizeOf(await downloadOne(page, 'tall.jpg'))).toEqual([800, 600]);
});

test('percentage, ratio crop, rotation and a crop box drawn with the mouse', async ({ page }) => {
  await open(page, [fixture('wide.jpg'), fixture('tall.jpg')]);
  await page.getByTestId('resizer-mode').getByText('百分比', { exact: true }).click();
  await page.getByTestId('resizer-percent').fill('50');
  await run(page, 2);
  expect(sizeOf(await downloadOne(page, 'wide.jpg'))).toEqual([800, 600]);
  expect(sizeOf(await downloadOne(page, 'tall.jpg'))).toEqual([450, 800]);

  // 1:1 at 100 %: the largest square of each image, whatever its shape.
  await page.getByTestId('resizer-percent').fill('100');
  await page.getByTestId('resizer-ratio').getByText('1:1', { exact: true }).click();
  await run(page, 2);
  expect(sizeOf(await downloadOne(page, 'wide.jpg'))).toEqual([1200, 1200]);
  expect(sizeOf(await downloadOne(page, 'tall.jpg'))).toEqual([900, 900]);

  // No crop, a quarter turn: width and height swap.
  await page.getByTestId('resizer-crop-reset').click();
  await page.getByTestId('resizer-rotate-right').click();
  await expect(page.getByTestId('resizer-angle')).toContainText('90');
  await run(page, 2);
  expect(sizeOf(await downloadOne(page, 'wide.jpg'))).toEqual([1200, 1600]);
  await page.getByTestId('resizer-rotate-left').click();

  // A free crop box dragged over the middle half of the preview is half of every image's sides.
  // Centred, so the sticky header does not cover where the drag starts.
  await page.getByTestId('resizer-preview').evaluate((image) => image.scrollIntoView({ block: 'center' }));
  const box = (await page.getByTestId('resizer-preview').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height * 0.75, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByTestId('resizer-result-size')).toContainText(/输出：(79\d|80\d)×(59\d|60\d)/);
  await run(page, 2);
  const [width, height] = sizeOf(await downloadOne(page, 'tall.jpg'));
  expect(Math.abs(width! - 450)).toBeLessThanOrEqual(12);
  expect(Math.abs(height! - 800)).toBeLessThanOrEqual(12);
});

test('a result beyond 16384 px per side is refused for that file only, before any pixel work', async ({ page }) => {
  await open(page, [fixture('wide.jpg'), fixture('long.png')]);
  // 1920 wide, height automatic: the photo becomes 1920×1440, the long screenshot would be 1920×76800.
  await page.getByTestId('resizer-lock').uncheck();
  await page.getByTestId('resizer-width').fill('1920');
  await page.getByTestId('resizer-height').fill('');
  await run(page, 2);
  const long = page.locator('[data-testid="image-item"][data-file-name="long.png"]');
  await expect(long).toHaveAttribute('data-status', 'error');
  await expect(long.getByTestId('batch-error')).toContainText('每边最多 16384 像素');
  expect(sizeOf(await downloadOne(page, 'wide.jpg'))).toEqual([1920, 1440]);
});

test('an EXIF-rotated camera photo comes out upright, and turned when asked', async ({ page }) => {
  test.skip(!hasCorpus, `corpus not found at ${CORPUS}`);
  const { info: upright } = await sharp(ROTATED_PHOTO).autoOrient().toBuffer({ resolveWithObject: true });
  expect([upright.width, upright.height]).toEqual([600, 450]);
  await open(page, [ROTATED_PHOTO]);
  await page.getByTestId('resizer-mode').getByText('不缩放', { exact: true }).click();
  await run(page, 1);
  expect(sizeOf(await downloadOne(page, 'Landscape_6.jpg'))).toEqual([upright.width, upright.height]);
  await page.getByTestId('resizer-rotate-right').click();
  await run(page, 1);
  expect(sizeOf(await downloadOne(page, 'Landscape_6.jpg'))).toEqual([upright.height, upright.width]);
});

test('ID photo at 300 dpi on a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page, [fixture('tall.jpg')]);
  // On a phone the files and the crop preview come first, the settings after them.
  const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
  expect(await top('resizer-preview')).toBeLessThan(await top('image-engine'));
  expect(await top('file-input-pick-folder')).toBeLessThan(await top('image-engine'));
  await page.getByTestId('resizer-id-one').click();
  await expect(page.getByTestId('resizer-width')).toHaveValue('295');
  await expect(page.getByTestId('resizer-height')).toHaveValue('413');
  await run(page, 1);
  const meta = await downloadOne(page, 'tall.jpg');
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 295, 413]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('"keep format" keeps an APNG a transparent PNG; the size fields and sliders have accessible names', async ({ page }) => {
  await open(page, [fixture('spinner.apng')]);
  await page.getByRole('spinbutton', { name: '宽度' }).fill('320');
  await expect(page.getByRole('spinbutton', { name: '高度' })).toHaveAttribute('placeholder', '自动（240）');
  await expect(page.getByRole('radiogroup', { name: '调整方式' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: '裁剪比例' })).toBeVisible();
  await expect(page.getByRole('slider', { name: '质量' })).toBeVisible();
  await run(page, 1);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('image-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('spinner.png');
  const meta = await sharp(readFileSync(await download.path())).metadata();
  expect([meta.format, meta.hasAlpha, meta.width, meta.height]).toEqual(['png', true, 320, 240]);
});
