import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { hugeJpeg } from '../../../e2e/image-fixtures';
import type { Sharp } from 'sharp';
import { DEFAULT_BOUNDS, planStitch, resolveBounds } from '../../../shared/image/stitch';

type Rgb = [number, number, number];

let dir: string;
const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
const files: Record<string, string> = {};

/** A fake video frame: one colour, with a subtitle band of another colour over its lowest fifth. */
async function frame(name: string, width: number, height: number, body: Rgb, band: Rgb): Promise<void> {
  const bandHeight = height / 5;
  const strip = await sharp({ create: { width, height: bandHeight, channels: 3, background: { r: band[0], g: band[1], b: band[2] } } })
    .png()
    .toBuffer();
  files[name] = join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: { r: body[0], g: body[1], b: body[2] } } })
    .composite([{ input: strip, top: height - bandHeight, left: 0 }])
    .png()
    .toFile(files[name]);
}

const RED: Rgb = [230, 20, 20];
const GREEN: Rgb = [20, 200, 40];
const BLUE: Rgb = [20, 40, 230];
const GREY: Rgb = [60, 60, 60];

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-stitch-e2e-'));
  await frame('a.png', 320, 200, GREY, RED);
  await frame('b.png', 320, 200, [200, 200, 0], GREEN);
  // Twice as wide: scaled to the first one's width, so its 80-row band becomes 40 rows.
  await frame('c.png', 640, 400, [0, 200, 200], BLUE);
  const write = (name: string, bytes: Buffer | string) => {
    files[name] = join(dir, name);
    writeFileSync(files[name], bytes);
  };
  write('notes.txt', 'not an image at all\n');
  write(
    'scan.tif',
    await sharp({ create: { width: 32, height: 20, channels: 3, background: { r: 1, g: 2, b: 3 } } })
      .tiff()
      .toBuffer(),
  );
  write('empty.png', '');
  write('huge.jpg', await hugeJpeg());
  const whole = readFileSync(files['a.png']!);
  write('truncated.png', whole.subarray(0, Math.floor(whole.length / 2)));
  // Narrow and tall: three of them stitch to 12000 + 2400 + 2400 rows, beyond the 16384 limit.
  for (const name of ['tall-1.png', 'tall-2.png', 'tall-3.png']) {
    files[name] = join(dir, name);
    await sharp({ create: { width: 20, height: 12_000, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .png()
      .toFile(files[name]);
  }
  if (!corpusPresent) console.info(`subtitle-stitch e2e: corpus checks skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const item = (page: Page, name: string) => page.locator(`[data-testid="stitch-item"][data-file-name="${name}"]`);

async function open(page: Page): Promise<void> {
  await page.goto('/subtitle/stitch');
  // Generous: the first visit loads the lazy page chunk while other tests run on the same 2 cores.
  await expect(page.getByTestId('file-input')).toBeAttached({ timeout: 30_000 });
}

async function addAll(page: Page, names: string[]): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(names.map((name) => files[name]!));
  for (const name of names) await expect(item(page, name)).not.toHaveAttribute('data-status', 'loading');
}

/** A coarse grey-level map of an image (32 × 8 cells) with its mean taken out. */
async function shape(image: Sharp): Promise<number[]> {
  const cells = [...(await image.greyscale().resize(32, 8, { fit: 'fill' }).raw().toBuffer())];
  const mean = cells.reduce((sum, value) => sum + value, 0) / cells.length;
  return cells.map((value) => value - mean);
}

const distance = (a: number[], b: number[]) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length;

/** Downloads the stitched PNG and returns its size and a pixel reader. */
async function downloadPng(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
  expect(download.suggestedFilename()).toMatch(/^subtitle-stitch-\d{8}-\d{6}\.png$/);
  const path = join(dir, name);
  await download.saveAs(path);
  const { data, info } = await sharp(path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number): Rgb => {
    const offset = (y * info.width + x) * info.channels;
    return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
  };
  return { width: info.width, height: info.height, at, format: (await sharp(path).metadata()).format };
}

test('stitches the first screenshot whole and the subtitle strips of the rest; a non-image gets a translated error', async ({ page }) => {
  await open(page);
  const broken = ['notes.txt', 'empty.png', 'truncated.png'];
  await addAll(page, ['a.png', 'b.png', ...broken, 'c.png']);
  for (const name of broken) {
    await expect(item(page, name)).toHaveAttribute('data-status', 'error');
    await expect(item(page, name).getByTestId('item-error')).toContainText('无法读取该图片');
  }
  await expect(item(page, 'a.png').getByTestId('item-tag')).toHaveText('完整保留');
  await expect(item(page, 'b.png').getByTestId('item-tag')).toHaveText('字幕条 80% – 100%');
  await expect(item(page, 'c.png').getByTestId('item-scaled')).toBeVisible();
  await expect(page.getByTestId('scaled-notice')).toContainText('c.png');
  await expect(page.getByTestId('output-size')).toHaveText('输出 320 × 280 px');
  // The preview is the stitched image itself at (here) full width, not stretched into a default canvas.
  await expect
    .poll(() => page.getByTestId('preview').evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height]))
    .toEqual([320, 280]);

  const png = await downloadPng(page, 'first.png');
  expect(png.format).toBe('png');
  expect([png.width, png.height]).toEqual([320, 200 + 40 + 40]);
  expect(png.at(160, 100)).toEqual(GREY); // the first frame, whole
  expect(png.at(160, 180)).toEqual(RED); // …with its own subtitle
  expect(png.at(160, 220)).toEqual(GREEN); // b's strip only
  expect(png.at(160, 260)).toEqual(BLUE); // c's strip, scaled to half

  await item(page, 'b.png').getByTestId('remove-item').click();
  await expect(item(page, 'b.png')).toHaveCount(0);
  await expect(page.getByTestId('output-size')).toHaveText('输出 320 × 240 px');
});

test('reordering by drag changes the order of the strips', async ({ page }) => {
  // Tall enough that the whole list is on screen for the mouse drag.
  await page.setViewportSize({ width: 1280, height: 2000 });
  await open(page);
  await addAll(page, ['a.png', 'b.png', 'c.png']);
  // dnd-kit's keyboard drag: pick up, move up one place, drop.
  const grip = item(page, 'c.png').getByTestId('drag-handle');
  await grip.focus();
  await expect(grip).toHaveAttribute('aria-roledescription', '可排序的截图');
  await page.keyboard.press('Space');
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  // What a screen reader says: the file's name and place, in the page's language.
  const spoken = page.locator('[id^="DndLiveRegion"]');
  await expect(spoken).toHaveText('已拿起“c.png”，当前第 3 张，共 3 张。按方向键移动，空格放下，Esc 取消。');
  // The sensor starts listening for arrows a moment after the pick-up; drop only once b has made room.
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(item(page, 'b.png')).toHaveAttribute('style', /translate3d\(0px, [1-9]/, { timeout: 1000 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('stitch-item')).toHaveText([/a\.png/, /c\.png/, /b\.png/]);
  await expect(spoken).toHaveText('“c.png”已放到第 2 张。');

  // And with the mouse: drag a back to the bottom.
  const from = await item(page, 'a.png').getByTestId('drag-handle').boundingBox();
  const to = await item(page, 'b.png').boundingBox();
  if (!from || !to) throw new Error('list not laid out');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, to.y + to.height - 4, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByTestId('stitch-item')).toHaveText([/c\.png/, /b\.png/, /a\.png/]);
  // c is now the whole one, so the output is 640 wide: 400 + 80 + 80.
  await expect(page.getByTestId('output-size')).toHaveText('输出 640 × 560 px');

  const png = await downloadPng(page, 'reordered.png');
  expect([png.width, png.height]).toEqual([640, 560]);
  expect(png.at(320, 200)).toEqual([0, 200, 200]);
  expect(png.at(320, 360)).toEqual(BLUE);
  expect(png.at(320, 440)).toEqual(GREEN);
  expect(png.at(320, 520)).toEqual(RED);
});

test('strip bounds move with the handles, shared or per image; JPEG export', async ({ page }) => {
  await open(page);
  await addAll(page, ['a.png', 'b.png', 'c.png']);
  // Shared mode: moving b's top edge down by 10 % moves c's too → two 20-row strips.
  await item(page, 'b.png').getByTestId('edge-top').focus();
  for (let step = 0; step < 10; step += 1) await page.keyboard.press('ArrowDown');
  await expect(item(page, 'c.png').getByTestId('item-tag')).toHaveText('字幕条 90% – 100%');
  await expect(page.getByTestId('output-size')).toHaveText('输出 320 × 240 px');

  // Per image: c alone goes back to 50 %–100 % (Shift steps 5 %) → 20 + 100 rows.
  await page.getByTestId('per-image').click();
  await item(page, 'c.png').getByTestId('edge-top').focus();
  for (let step = 0; step < 8; step += 1) await page.keyboard.press('Shift+ArrowUp');
  await expect(item(page, 'c.png').getByTestId('item-tag')).toHaveText('字幕条 50% – 100%');
  await expect(item(page, 'b.png').getByTestId('item-tag')).toHaveText('字幕条 90% – 100%');
  await expect(page.getByTestId('output-size')).toHaveText('输出 320 × 320 px');

  // Shared bounds again, with the mouse: dragging b's top line to the middle of its picture moves every strip.
  await page.getByTestId('per-image').click();
  await item(page, 'b.png').locator('img').scrollIntoViewIfNeeded();
  const picture = await item(page, 'b.png').locator('img').boundingBox();
  const line = await item(page, 'b.png').getByTestId('edge-top').boundingBox();
  if (!picture || !line) throw new Error('editor not laid out');
  await page.mouse.move(line.x + 40, line.y + line.height / 2);
  await page.mouse.down();
  await page.mouse.move(line.x + 40, picture.y + picture.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect(item(page, 'b.png').getByTestId('item-tag')).toHaveText('字幕条 50% – 100%');
  await expect(item(page, 'c.png').getByTestId('item-tag')).toHaveText('字幕条 50% – 100%');
  await expect(page.getByTestId('output-size')).toHaveText('输出 320 × 400 px');

  await page.getByTestId('format').getByText('JPEG').click();
  await expect(page.getByTestId('quality')).toBeVisible();
  // Named for screen readers, and set from the keyboard.
  await page.getByRole('slider', { name: '质量' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('quality')).toContainText('89');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download').click()]);
  expect(download.suggestedFilename()).toMatch(/\.jpg$/);
  const path = join(dir, 'out.jpg');
  await download.saveAs(path);
  const meta = await sharp(path).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 400]);

  await page.getByTestId('clear').click();
  await expect(page.getByTestId('stitch-item')).toHaveCount(0);
});

test('works at 375 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  await addAll(page, ['a.png', 'b.png', 'c.png']);
  await expect(page.getByTestId('output-size')).toHaveText('输出 320 × 280 px');
  const preview = await page.getByTestId('preview').boundingBox();
  expect(preview && preview.x >= 0 && preview.x + preview.width <= 375).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('copies the stitched image to the clipboard as PNG', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page);
  await addAll(page, ['a.png', 'b.png']);
  await page.getByTestId('copy').click();
  await expect(page.getByText('已复制拼接图片')).toBeVisible();
  const copied = await page.evaluate(async () => {
    const [entry] = await navigator.clipboard.read();
    const blob = await entry!.getType('image/png');
    const bitmap = await createImageBitmap(blob);
    return { types: entry!.types, width: bitmap.width, height: bitmap.height };
  });
  expect(copied).toEqual({ types: ['image/png'], width: 320, height: 240 });
});

test('refuses an output beyond the largest side browsers handle, with a clear message', async ({ page }) => {
  await open(page);
  await addAll(page, ['tall-1.png', 'tall-2.png']);
  await expect(page.getByTestId('output-size')).toHaveText('输出 20 × 14400 px');
  await expect(page.getByTestId('download')).toBeEnabled();
  await addAll(page, ['tall-3.png']);
  await expect(page.getByTestId('too-large')).toContainText('16384');
  await expect(page.getByTestId('download')).toBeDisabled();
  await expect(page.getByTestId('copy')).toBeDisabled();
});

test('stitches real photos from the corpus, EXIF orientation applied; the corrupt one gets an error', async ({ page }) => {
  test.skip(!corpusPresent, `no corpus at ${corpusDir}`);
  const names = ['sharp/Landscape_1.jpg', 'sharp/Landscape_6.jpg', 'file-type/fixture.webp', 'file-type/fixture-corrupt.png'];
  const paths = names.map((name) => join(corpusDir, 'image', name));
  await open(page);
  await page.getByTestId('file-input').setInputFiles(paths);
  await expect(item(page, 'fixture-corrupt.png')).toHaveAttribute('data-status', 'error');
  for (const name of ['Landscape_1.jpg', 'Landscape_6.jpg', 'fixture.webp'])
    await expect(item(page, name)).toHaveAttribute('data-status', 'ready');

  // The expected geometry from sharp's view of the files (orientation applied), through the same plan.
  const good = paths.slice(0, 3);
  const sizes = await Promise.all(good.map(async (path) => (await sharp(path).metadata()).autoOrient));
  const layout = planStitch(sizes, resolveBounds(sizes.length, false, DEFAULT_BOUNDS));
  const png = await downloadPng(page, 'corpus.png');
  expect([png.width, png.height]).toEqual([layout.width, layout.height]);

  // Each strip shows what sharp's own upright crop shows: the same light and dark places on a coarse
  // grid (brightness levels aside, which decoders differ on), and clearly not the crop turned over.
  const out = join(dir, 'corpus.png');
  for (const piece of layout.pieces) {
    const { source, dest } = piece;
    const upright = sharp(good[piece.index]!)
      .autoOrient()
      .extract({ left: source.x, top: source.y, width: source.width, height: source.height });
    const actual = await shape(sharp(out).extract({ left: dest.x, top: dest.y, width: dest.width, height: dest.height }));
    const reference = await shape(upright.clone());
    const turned = await shape(upright.clone().rotate(180));
    expect(distance(actual, reference), `strip ${piece.index}`).toBeLessThan(8);
    expect(distance(actual, turned), `strip ${piece.index} turned over`).toBeGreaterThan(distance(actual, reference) + 4);
  }
});

test('an iPhone-style HEIC, which Chromium cannot decode itself, stitches like any screenshot', async ({ page }) => {
  const heic = join(corpusDir, 'image/file-type/fixture-mif1.heic');
  test.skip(!existsSync(heic), `corpus HEIC not found at ${heic}`);
  await open(page);
  await page.getByTestId('file-input').setInputFiles(heic);
  await expect(item(page, 'fixture-mif1.heic')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const png = await downloadPng(page, 'heic.png');
  expect([png.format, png.width, png.height]).toEqual(['png', 1440, 960]);
});

test('a TIFF, which browsers cannot decode, is named as an unsupported format, and the rest still stitch', async ({ page }) => {
  await open(page);
  await addAll(page, ['a.png', 'scan.tif', 'b.png']);
  await expect(item(page, 'scan.tif').getByTestId('item-error')).toHaveText(
    '浏览器无法读取这种图片格式（如 TIFF），请先转换为 PNG 或 JPEG 再试。',
  );
  await expect(page.getByTestId('output-size')).toHaveText('输出 320 × 240 px');
  await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
  await expect(item(page, 'scan.tif').getByTestId('item-error')).toHaveText(
    'This image format (TIFF, for example) cannot be read in the browser; convert it to PNG or JPEG first.',
  );
});

test.describe('a worker script that cannot be downloaded', () => {
  // The route must see the request: no service worker answering it from its cache.
  test.use({ serviceWorkers: 'block' });

  test('says the component could not load, in the page’s language, instead of "Failed to fetch"', async ({ page }) => {
    // An old tab after a release, or offline before one visit: the stitching worker never arrives.
    await page.context().route(/\/assets\/stitch\.worker-[^/]*\.js$/, (route) => route.abort());
    await open(page);
    await page.getByTestId('file-input').setInputFiles(files['a.png']!);
    await expect(item(page, 'a.png').getByTestId('item-error')).toHaveText(
      '无法加载所需的组件（网络已断开，或网站刚更新？）。请检查网络连接后刷新页面再试；联网打开过一次后即可离线使用',
      { timeout: 30_000 },
    );
    await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
    await expect(item(page, 'a.png').getByTestId('item-error')).toHaveText(
      'A component this page needs could not be loaded (offline, or the site was just updated?). Check your connection and reload the page; after one visit online it works offline',
    );
  });
});

test('a screenshot too large to decode is called too large, not damaged', async ({ page }) => {
  await open(page);
  await addAll(page, ['a.png', 'huge.jpg']);
  await expect(item(page, 'huge.jpg').getByTestId('item-error')).toHaveText('图片太大：最长边超过 16384 px，浏览器无法读取。');
  await expect(page.getByTestId('output-size')).toHaveText('输出 320 × 200 px');
});
