import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { apng } from '../../../e2e/image-fixtures';
import { readIco } from '../../../shared/image/ico';

const CORPUS = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../../shared/corpus'), 'image');
const CORPUS_FILES = ['sharp/animated-loop-3.gif', 'file-type/fixture.webp', 'sharp/Landscape_6.jpg'].map((name) => join(CORPUS, name));
const hasCorpus = CORPUS_FILES.every((path) => existsSync(path));
// An HEVC-coded HEIC (the iPhone kind); sharp cannot write one, so it comes from the corpus only.
const HEIC = join(CORPUS, 'file-type/fixture-mif1.heic');

let dir: string;
const fixture = (name: string) => join(dir, name);
const baseName = (path: string) => path.split('/').at(-1)!;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-convert-e2e-'));
  // Left half fully transparent, right half opaque blue: the background must show on the left only.
  const width = 64;
  const height = 48;
  const pixels = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) for (let x = width / 2; x < width; x += 1) pixels.set([0, 0, 255, 255], (y * width + x) * 4);
  writeFileSync(
    fixture('alpha.png'),
    await sharp(pixels, { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer(),
  );
  const photo = sharp({
    create: { width: 640, height: 480, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } },
  });
  writeFileSync(fixture('photo.jpg'), await photo.jpeg({ quality: 90 }).toBuffer());
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  writeFileSync(
    fixture('spin.gif'),
    await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer(),
  );
  writeFileSync(
    fixture('spin.webp'),
    await sharp([...frames, frames[0]!], { join: { animated: true } })
      .webp()
      .toBuffer(),
  );
  writeFileSync(fixture('spin.png'), await apng(40, 30, ['#ff0000', '#00ff00', '#0000ff', '#ffffff', '#000000']));
  writeFileSync(fixture('still.webp'), await sharp(frames[1]!).webp().toBuffer());
  writeFileSync(fixture('empty.png'), Buffer.alloc(0));
  writeFileSync(fixture('notes.jpg'), 'plain text pretending to be a JPEG');
  const whole = readFileSync(fixture('photo.jpg'));
  writeFileSync(fixture('truncated.jpg'), whole.subarray(0, Math.floor(whole.length / 3)));
  writeFileSync(
    fixture('logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="red"/></svg>',
  );
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const item = (page: Page, name: string) => page.locator(`[data-testid="image-item"][data-file-name="${name}"]`);

async function convert(page: Page, files: readonly string[]): Promise<void> {
  await page.getByTestId('file-input').setInputFiles([...files]);
  await expect(page.getByTestId('image-item')).toHaveCount(files.length);
  await expect(
    page.locator('[data-testid="image-item"][data-status="queued"], [data-testid="image-item"][data-status="running"]'),
  ).toHaveCount(0, { timeout: 60_000 });
}

async function downloadOne(page: Page, name: string): Promise<{ fileName: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await item(page, name).getByTestId('image-download').click();
  const download = await downloading;
  return { fileName: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

const chooseFormat = (page: Page, label: string) => page.getByTestId('convert-format').getByText(label, { exact: true }).click();

test('PNG with transparency becomes a JPEG on the chosen background', async ({ page }) => {
  await page.goto('/image/convert');
  await expect(page).toHaveTitle('图片格式转换 - 百宝箱');
  await expect(page.getByTestId('image-engine')).toHaveAttribute('data-engine', 'browser');
  await chooseFormat(page, 'JPEG');
  await page.getByTestId('convert-background-hex').fill('#ff0000');
  await expect(page.getByTestId('convert-background-hex-swatch').locator('.bb-color-swatch__inner')).toHaveCSS(
    'background-color',
    'rgb(255, 0, 0)',
  );
  await convert(page, [fixture('alpha.png')]);
  const { fileName, bytes } = await downloadOne(page, 'alpha.png');
  expect(fileName).toBe('alpha.jpg');
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height, info.channels]).toEqual([64, 48, 3]);
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
  const near = (actual: number[], expected: number[]) => actual.every((value, index) => Math.abs(value - expected[index]!) <= 8);
  expect(near(pixel(8, 24), [255, 0, 0]), `left ${pixel(8, 24).join(',')}`).toBe(true);
  expect(near(pixel(56, 24), [0, 0, 255]), `right ${pixel(56, 24).join(',')}`).toBe(true);
});

test('the background swatch, plain until used, opens antd’s picker on its first Enter; a picked swatch sets the colour', async ({
  page,
}) => {
  await page.goto('/image/convert');
  await chooseFormat(page, 'JPEG');
  await expect(page.locator('.ant-color-picker-presets-color')).toHaveCount(0);
  await page.getByRole('button', { name: '透明部分的背景色' }).focus();
  await page.keyboard.press('Enter');
  const presets = page.locator('.ant-color-picker-presets-color');
  await expect(presets).toHaveCount(6);
  await presets.nth(3).click();
  await expect(page.getByTestId('convert-background-hex')).toHaveValue('#1677ff');
  await expect(page.getByTestId('convert-background-hex-swatch').locator('.ant-color-picker-color-block-inner')).toHaveCSS(
    'background-color',
    'rgb(22, 119, 255)',
  );
});

test('a JPEG becomes WebP, PNG and a square letterboxed ICO', async ({ page }) => {
  await page.goto('/image/convert');
  for (const [label, format] of [
    ['WebP', 'webp'],
    ['PNG', 'png'],
  ] as const) {
    await chooseFormat(page, label);
    await convert(page, [fixture('photo.jpg')]);
    const { fileName, bytes } = await downloadOne(page, 'photo.jpg');
    expect(fileName).toBe(`photo.${format}`);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([format, 640, 480]);
    await page.getByTestId('batch-clear').click();
  }

  await chooseFormat(page, 'ICO');
  await expect(page.getByTestId('convert-lossless')).toBeVisible();
  await page.getByTestId('convert-ico-size').getByText('48 像素', { exact: true }).click();
  await convert(page, [fixture('photo.jpg')]);
  const { fileName, bytes } = await downloadOne(page, 'photo.jpg');
  expect(fileName).toBe('photo.ico');
  const entries = readIco(new Uint8Array(bytes));
  expect(entries.map((entry) => [entry.width, entry.height])).toEqual([[48, 48]]);
  const { data, info } = await sharp(entries[0]!.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  expect([info.width, info.height]).toEqual([48, 48]);
  // 4:3 in a square: 48×36 in the middle, transparent bands of 6 px above and below.
  const alpha = (x: number, y: number) => data[(y * 48 + x) * 4 + 3];
  expect(alpha(24, 1)).toBe(0);
  expect(alpha(24, 46)).toBe(0);
  expect(alpha(24, 24)).toBe(255);
});

test('a PNG with transparency becomes a GIF with a transparent index on the website', async ({ page }) => {
  await page.goto('/image/convert');
  await chooseFormat(page, 'GIF');
  await expect(page.getByTestId('convert-lossless')).toBeVisible();
  await convert(page, [fixture('alpha.png')]);
  await expect(item(page, 'alpha.png')).toHaveAttribute('data-status', 'done');
  const { fileName, bytes } = await downloadOne(page, 'alpha.png');
  expect(fileName).toBe('alpha.gif');
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(['gif', 64, 48, 1]);
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
  expect(pixel(8, 24)[3]).toBe(0);
  expect(pixel(56, 24)).toEqual([0, 0, 255, 255]);
});

test('an iPhone-style HEIC becomes a JPEG of its size on the website', async ({ page }) => {
  test.skip(!existsSync(HEIC), `corpus HEIC not found at ${HEIC}`);
  await page.goto('/image/convert');
  await expect(page.getByTestId('image-engine')).toHaveAttribute('data-engine', 'browser');
  await chooseFormat(page, 'JPEG');
  await convert(page, [HEIC, fixture('photo.jpg')]);
  await expect(item(page, 'fixture-mif1.heic')).toHaveAttribute('data-status', 'done');
  const { fileName, bytes } = await downloadOne(page, 'fixture-mif1.heic');
  expect(fileName).toBe('fixture-mif1.jpg');
  const meta = await sharp(bytes).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1440, 960]);
  // A photo, not a blank frame: a 16×16 thumbnail of it has real variation.
  const thumbnail = await sharp(bytes).resize(16, 16, { fit: 'fill' }).raw().toBuffer();
  expect(Math.max(...thumbnail) - Math.min(...thumbnail)).toBeGreaterThan(60);
  // Chrome cannot show the HEIC itself: the compare view's original is rendered by the engine.
  await item(page, 'fixture-mif1.heic').getByTestId('image-compare').click();
  const original = page.getByTestId('image-compare-view').locator('img').first();
  await expect
    .poll(() => original.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), { timeout: 30_000 })
    .toBe(1440);
});

test('a mixed batch: animations give their first frame, broken files a translated error, the zip holds every output', async ({ page }) => {
  if (!hasCorpus) console.warn(`[image-convert e2e] corpus not found at ${CORPUS}: generated images only`);
  await page.goto('/image/convert');
  await chooseFormat(page, 'PNG');
  const good = [fixture('photo.jpg'), fixture('spin.gif'), ...(hasCorpus ? CORPUS_FILES : [])];
  const broken = [fixture('empty.png'), fixture('notes.jpg'), fixture('truncated.jpg')];
  await convert(page, [...good, ...broken, fixture('logo.svg')]);

  for (const path of broken) {
    await expect(item(page, baseName(path)), baseName(path)).toHaveAttribute('data-status', 'error');
    await expect(item(page, baseName(path)).getByTestId('batch-error')).toContainText('无法读取');
  }
  await expect(item(page, 'logo.svg')).toHaveAttribute('data-status', 'error');
  await expect(item(page, 'logo.svg').getByTestId('batch-error')).toContainText('暂不支持这种图片格式');
  await expect(page.locator('[data-testid="image-item"][data-status="done"]')).toHaveCount(good.length);

  const animated = page.getByTestId('convert-animated-item');
  await expect(animated.filter({ hasText: 'spin.gif' })).toContainText('共 3 帧，已取第一帧');
  if (hasCorpus) await expect(animated.filter({ hasText: 'animated-loop-3.gif' })).toContainText('共 10 帧');
  await expect(animated).toHaveCount(hasCorpus ? 2 : 1);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('image-download-all').click();
  const entries = unzipSync(new Uint8Array(readFileSync(await (await downloading).path())));
  const expected = good.map((path) => baseName(path).replace(/\.\w+$/, '.png'));
  expect(Object.keys(entries).sort()).toEqual(expected.sort());
  const sizes: Record<string, [number, number]> = {
    'photo.png': [640, 480],
    'spin.png': [40, 30],
    'animated-loop-3.png': [370, 285],
    'fixture.png': [200, 133],
    'Landscape_6.png': [600, 450],
  };
  for (const name of expected) {
    const meta = await sharp(entries[name]!).metadata();
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1], name).toEqual(['png', ...sizes[name]!, 1]);
  }
  // The first frame of the generated animation is the red one.
  const { data } = await sharp(entries['spin.png']!).raw().toBuffer({ resolveWithObject: true });
  expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
});

test('375 px: the form wraps and the page does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/image/convert');
  await chooseFormat(page, 'BMP');
  await expect(page.getByTestId('convert-background-hex')).toBeVisible();
  await convert(page, [fixture('alpha.png')]);
  const { fileName, bytes } = await downloadOne(page, 'alpha.png');
  expect(fileName).toBe('alpha.bmp');
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('BM');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('animated WebP and APNG are named in the first-frame notice too; still images are not', async ({ page }) => {
  await page.goto('/image/convert');
  await chooseFormat(page, 'JPEG');
  await convert(page, [fixture('spin.webp'), fixture('spin.png'), fixture('still.webp'), fixture('photo.jpg')]);
  await expect(page.locator('[data-testid="image-item"][data-status="done"]')).toHaveCount(4);
  const animated = page.getByTestId('convert-animated-item');
  await expect(animated.filter({ hasText: 'spin.webp' })).toContainText('共 4 帧，已取第一帧');
  await expect(animated.filter({ hasText: 'spin.png' })).toContainText('共 5 帧，已取第一帧');
  await expect(animated).toHaveCount(2);
  // The output really is the first frame: red.
  for (const name of ['spin.webp', 'spin.png']) {
    const { bytes } = await downloadOne(page, name);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(
      [...data.subarray(0, 3)].map((value) => Math.round(value / 16)),
      name,
    ).toEqual([16, 0, 0]);
  }
});

test('the format choices, quality and icon size have accessible names', async ({ page }) => {
  await page.goto('/image/convert');
  await expect(page.getByRole('radiogroup', { name: '输出格式' })).toBeVisible();
  await expect(page.getByRole('slider', { name: '质量' })).toBeVisible();
  await chooseFormat(page, 'ICO');
  await expect(page.getByRole('radiogroup', { name: '图标尺寸' })).toBeVisible();
});
