import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Page } from '@playwright/test';
import sharp from 'sharp';

let dir: string;
const files: Record<string, string> = {};

const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
const corpusImages = corpusPresent
  ? ['image/sharp/Landscape_6.jpg', 'image/sharp/embedgravitybird.png'].map((path) => join(corpusDir, path))
  : [];

/** A photo-like gradient with noise, made here so the test needs no checked-in images. */
async function photoPng(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    const x = i % width;
    const y = Math.floor(i / width);
    raw[i * 3] = (x * 255) / width;
    raw[i * 3 + 1] = (y * 255) / height;
    raw[i * 3 + 2] = (x * 31 + y * 17) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-steg-e2e-'));
  const write = (name: string, bytes: Buffer | string) => {
    files[name] = join(dir, name);
    writeFileSync(files[name], bytes);
  };
  write('风景.png', await photoPng(320, 200));
  write('tiny.png', await photoPng(8, 8));
  write('large.png', await photoPng(3000, 2000));
  write(
    'scan.tif',
    await sharp(await photoPng(40, 30))
      .tiff()
      .toBuffer(),
  );
  write('notes.png', 'this is text pretending to be a picture');
  write('empty.png', '');
  if (!corpusPresent) console.info(`image-steganography e2e: corpus checks skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(page: Page): Promise<void> {
  await page.goto('/image/steganography');
  // Generous: the first visit loads the lazy page chunk while other tests share the 2 cores.
  await expect(page.getByTestId('hide-input')).toBeAttached({ timeout: 30_000 });
}

/** Hides `text` in `path` and returns the downloaded PNG's path. */
async function hide(page: Page, path: string, text: string, password: string): Promise<string> {
  await page.getByTestId('hide-input').setInputFiles(path);
  await expect(page.getByTestId('hide-info')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('hide-text').fill(text);
  if (password) await page.getByTestId('hide-password').fill(password);
  await page.getByTestId('hide-submit').click();
  await expect(page.getByTestId('hide-result-preview')).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('hide-download').click()]);
  expect(download.suggestedFilename()).toMatch(/-hidden\.png$/);
  const saved = join(dir, 'out', `${Math.random().toString(36).slice(2)}-${download.suggestedFilename()}`);
  await download.saveAs(saved);
  return saved;
}

async function reveal(page: Page, path: string, password = ''): Promise<void> {
  await page.getByRole('tab', { name: '提取文字' }).click();
  await page.getByTestId('reveal-input').setInputFiles(path);
  if (password) {
    await page.getByTestId('reveal-password').fill(password);
    await page.getByTestId('reveal-submit').click();
  }
}

test('hides text with a password, downloads a PNG, reveals the exact text; wrong password is refused', async ({ page }) => {
  await open(page);
  const text = '百宝箱的秘密 🔐\nsecond line — ünïcödé 👍🏽';
  const saved = await hide(page, files['风景.png']!, text, 'correct horse 马');
  await expect(page.getByTestId('hide-capacity')).toContainText(
    `已用 ${Buffer.byteLength(text)} / 最多 ${Math.floor((320 * 200 * 3) / 8) - 14 - 44} 字节`,
  );

  // A real PNG of the same size, decodable by libvips.
  const meta = await sharp(readFileSync(saved)).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 200]);

  await reveal(page, saved);
  await expect(page.getByTestId('reveal-error')).toContainText('已加密，请输入密码');
  await page.getByTestId('reveal-password').fill('wrong');
  await page.getByTestId('reveal-submit').click();
  await expect(page.getByTestId('reveal-error')).toContainText('密码错误');
  await page.getByTestId('reveal-password').fill('correct horse 马');
  await page.getByTestId('reveal-submit').click();
  await expect(page.getByTestId('reveal-text')).toHaveValue(text);
  await expect(page.getByTestId('reveal-result')).toContainText('已用密码解密');
});

test('round-trips in real corpus images (JPEG carrier → PNG, PNG with alpha)', async ({ page }) => {
  test.skip(!corpusPresent, 'no corpus');
  await open(page);
  for (const path of corpusImages) {
    const text = `真实图片 ${path.split('/').pop()} ✓`;
    const saved = await hide(page, path, text, '');
    await reveal(page, saved);
    await expect(page.getByTestId('reveal-text')).toHaveValue(text);
    await expect(page.getByTestId('reveal-result')).toContainText('未加密');
    await page.getByRole('tab', { name: '隐藏文字' }).click();
  }
  // The original JPEG itself: lossy, so the message explains why nothing can be there.
  await reveal(page, corpusImages[0]!);
  await expect(page.getByTestId('reveal-error')).toContainText('有损压缩');
});

test('an iPhone-style HEIC is a carrier too: the text comes back from the PNG', async ({ page }) => {
  const heic = join(corpusDir, 'image/file-type/fixture-mif1.heic');
  test.skip(!existsSync(heic), `corpus HEIC not found at ${heic}`);
  await open(page);
  const saved = await hide(page, heic, 'HEIC 载体 ✓', '');
  const meta = await sharp(readFileSync(saved)).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 1440, 960]);
  await reveal(page, saved);
  await expect(page.getByTestId('reveal-text')).toHaveValue('HEIC 载体 ✓');
});

test('a plain image has no hidden data; non-image and zero-byte files get a translated error', async ({ page }) => {
  await open(page);
  await reveal(page, files['风景.png']!);
  await expect(page.getByTestId('reveal-error')).toHaveText('这张图片中没有百宝箱隐藏的文字。');
  await expect(page.getByTestId('reveal-preview')).toBeVisible();
  for (const name of ['notes.png', 'empty.png']) {
    await page.getByTestId('reveal-input').setInputFiles(files[name]!);
    await expect(page.getByTestId('reveal-error')).toContainText('它不是图片');
  }
  await page.getByRole('tab', { name: '隐藏文字' }).click();
  await page.getByTestId('hide-input').setInputFiles(files['notes.png']!);
  await expect(page.getByTestId('hide-error')).toContainText('它不是图片');
  await expect(page.getByTestId('hide-submit')).toBeDisabled();
});

test('capacity updates as you type and text over capacity is refused', async ({ page }) => {
  await open(page);
  await page.getByTestId('hide-input').setInputFiles(files['tiny.png']!);
  // 8×8 px → 64×3 bits = 24 bytes, minus the 14-byte record overhead.
  await expect(page.getByTestId('hide-capacity')).toContainText('已用 0 / 最多 10 字节');
  await page.getByTestId('hide-text').fill('1234567890');
  await expect(page.getByTestId('hide-capacity')).toHaveAttribute('data-over', 'false');
  await expect(page.getByTestId('hide-submit')).toBeEnabled();
  await page.getByTestId('hide-text').fill('12345678901');
  await expect(page.getByTestId('hide-over')).toContainText('多了 1 字节');
  await expect(page.getByTestId('hide-submit')).toBeDisabled();
  await page.getByTestId('hide-text').fill('1');
  await page.getByTestId('hide-password').fill('x');
  await expect(page.getByTestId('hide-over')).toContainText('这张图片太小');
  await expect(page.getByTestId('lossy-warning')).toContainText('有损压缩');
});

test('works at 375 px wide', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  const saved = await hide(page, files['风景.png']!, '手机上也能用', '');
  await reveal(page, saved);
  await expect(page.getByTestId('reveal-text')).toHaveValue('手机上也能用');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await page.getByTestId('reveal-submit').boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
});

test('a look at the other tab keeps the chosen image, the text and the password', async ({ page }) => {
  await open(page);
  await page.getByTestId('hide-input').setInputFiles(files['风景.png']!);
  await expect(page.getByTestId('hide-info')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('hide-text').fill('写了很久的一段话');
  await page.getByTestId('hide-password').fill('密码 pw');
  await page.getByRole('tab', { name: '提取文字' }).click();
  await page.getByTestId('reveal-password').fill('另一个');
  await page.getByRole('tab', { name: '隐藏文字' }).click();
  await expect(page.getByTestId('hide-info')).toBeVisible();
  await expect(page.getByTestId('hide-text')).toHaveValue('写了很久的一段话');
  await expect(page.getByTestId('hide-password')).toHaveValue('密码 pw');
  await page.getByRole('tab', { name: '提取文字' }).click();
  await expect(page.getByTestId('reveal-password')).toHaveValue('另一个');
});

test('text edited while a PNG is being made: the older PNG is never offered', async ({ page }) => {
  await open(page);
  await page.getByTestId('hide-input').setInputFiles(files['large.png']!);
  await expect(page.getByTestId('hide-info')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('hide-text').fill('OLD TEXT');
  await page.getByTestId('hide-password').fill('pw');
  // A 6-megapixel PNG and PBKDF2 take the worker well over the time the next keystrokes need.
  await page.getByTestId('hide-submit').click();
  await page.getByTestId('hide-text').fill('NEW TEXT');
  await page.getByTestId('hide-submit').click();
  await expect(page.getByTestId('hide-download')).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('hide-download').click()]);
  const saved = join(dir, 'out', `raced-${download.suggestedFilename()}`);
  await download.saveAs(saved);
  await page.getByRole('tab', { name: '提取文字' }).click();
  await page.getByTestId('reveal-password').fill('pw');
  await page.getByTestId('reveal-input').setInputFiles(saved);
  await expect(page.getByTestId('reveal-text')).toHaveValue('NEW TEXT', { timeout: 30_000 });
});

test.describe('a HEIC decoder that cannot be downloaded', () => {
  // The route must see the chunk request: no service worker answering it from its cache.
  test.use({ serviceWorkers: 'block' });

  test('says the component could not load instead of "not an image"', async ({ page }) => {
    await page.context().route(/\/assets\/(heic|libheif)[^/]*\.(js|wasm)$/, (route) => route.abort());
    // Only the header matters: the file sniffs as HEIC, so the worker reaches for libheif.
    const heic = join(dir, 'photo.heic');
    writeFileSync(heic, Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]));
    await open(page);
    await page.getByTestId('hide-input').setInputFiles(heic);
    await expect(page.getByTestId('hide-error')).toHaveText(
      '无法加载所需的组件（网络已断开，或网站刚更新？）。请检查网络连接后刷新页面再试；联网打开过一次后即可离线使用',
      { timeout: 30_000 },
    );
  });
});

test('a TIFF is named as an unsupported format; errors follow a language switch', async ({ page }) => {
  await open(page);
  await page.getByTestId('hide-input').setInputFiles(files['scan.tif']!);
  await expect(page.getByTestId('hide-error')).toHaveText('浏览器无法读取这种图片格式（如 TIFF），请先转换为 PNG 或 JPEG 再试。', {
    timeout: 30_000,
  });
  await page.getByRole('tab', { name: '提取文字' }).click();
  await page.getByTestId('reveal-input').setInputFiles(files['empty.png']!);
  await expect(page.getByTestId('reveal-error')).toContainText('它不是图片');
  await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
  await expect(page).toHaveURL(/\/en\/image\/steganography$/);
  await expect(page.getByTestId('reveal-error')).toHaveText(
    'This file cannot be read: it is not an image, or the image is damaged or incomplete (a zero-byte file included).',
  );
  await page.getByRole('tab', { name: 'Hide text' }).click();
  await expect(page.getByTestId('hide-error')).toHaveText(
    'This image format (TIFF, for example) cannot be read in the browser; convert it to PNG or JPEG first.',
  );
});

test(
  'a password typed and submitted while a just-dropped large image is still being read is used',
  { tag: '@extended' },
  async ({ page }) => {
    await open(page);
    const saved = await hide(page, files['large.png']!, '大图里的秘密', 'pw');
    await page.getByRole('tab', { name: '提取文字' }).click();
    await page.getByTestId('reveal-input').setInputFiles(saved);
    // Dropping starts a read without a password; the click comes while it still runs.
    await page.getByTestId('reveal-password').fill('pw');
    await page.getByTestId('reveal-submit').click();
    await expect(page.getByTestId('reveal-text')).toHaveValue('大图里的秘密', { timeout: 30_000 });
  },
);
