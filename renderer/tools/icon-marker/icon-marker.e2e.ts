import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { expect, test } from '../../../e2e/privacy';
import type { Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { hugeJpeg } from '../../../e2e/image-fixtures';
import { readIco } from '../../../shared/image/ico';

let dir: string;
const corpusDir = resolve(process.env.CORPUS_DIR ?? '../shared/corpus');
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
const corpusFile = (path: string) => (corpusPresent && existsSync(join(corpusDir, path)) ? join(corpusDir, path) : undefined);

const PNG_SIZES = [16, 32, 48, 64, 96, 128, 192, 256, 384, 512];

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-icon-e2e-'));
  // A non-square photo-like source with alpha, large enough to need the halving pyramid.
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g"><stop offset="0" stop-color="#f5222d"/><stop offset="1" stop-color="#1677ff"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><circle cx="800" cy="600" r="400" fill="#ffffff" fill-opacity="0.6"/></svg>`,
  );
  writeFileSync(join(dir, 'logo.png'), await sharp(gradient).png().toBuffer());
  writeFileSync(
    join(dir, 'mark.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><circle cx="50" cy="50" r="45" fill="#13c2c2"/></svg>',
  );
  writeFileSync(join(dir, 'broken.png'), Buffer.from('this is not a picture at all'));
  writeFileSync(join(dir, 'empty.png'), Buffer.alloc(0));
  writeFileSync(join(dir, 'notes.txt'), 'plain text');
  writeFileSync(join(dir, 'huge.jpg'), await hugeJpeg());
  writeFileSync(
    join(dir, 'scan.tif'),
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#13c2c2' } })
      .tiff()
      .toBuffer(),
  );
  if (!corpusPresent) console.info(`icon-marker e2e: corpus checks skipped, no corpus at ${corpusDir} (set CORPUS_DIR)`);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function open(page: Page): Promise<void> {
  await page.goto('/icon/marker');
  await expect(page.getByTestId('source-kind')).toBeVisible({ timeout: 30_000 });
}

async function chooseSource(page: Page, label: '图片' | '文字' | 'Emoji'): Promise<void> {
  await page.getByTestId('source-kind').getByText(label, { exact: true }).click();
}

async function waitDone(page: Page): Promise<void> {
  await expect(page.getByTestId('icon-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
}

async function downloadZip(page: Page): Promise<Record<string, Uint8Array>> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-zip').click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const path = join(dir, `${Date.now()}.zip`);
  await download.saveAs(path);
  return unzipSync(readFileSync(path));
}

/** The promised set: a 16/32/48 PNG ICO, every PNG at its size, opaque apple/maskable icons, manifest, snippet, SVG. */
async function expectFaviconSet(files: Record<string, Uint8Array>, svgKind: 'raster' | 'vector' = 'raster'): Promise<void> {
  const ico = readIco(files['favicon.ico']!);
  expect(ico.map((entry) => [entry.width, entry.height])).toEqual([
    [16, 16],
    [32, 32],
    [48, 48],
  ]);
  for (const entry of ico) {
    const meta = await sharp(entry.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', entry.width, entry.height]);
  }
  for (const size of PNG_SIZES) {
    const meta = await sharp(files[`favicon-${size}x${size}.png`]!).metadata();
    expect([meta.format, meta.width, meta.height], `favicon-${size}`).toEqual(['png', size, size]);
  }
  for (const [name, size] of [
    ['apple-touch-icon.png', 180],
    ['maskable-icon-192x192.png', 192],
    ['maskable-icon-512x512.png', 512],
  ] as const) {
    const image = sharp(files[name]!);
    expect((await image.metadata()).width, name).toBe(size);
    expect((await image.stats()).isOpaque, `${name} opaque`).toBe(true);
  }
  const manifest = JSON.parse(new TextDecoder().decode(files['site.webmanifest'])) as { icons: { src: string; purpose: string }[] };
  expect(manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.src)).toEqual([
    '/maskable-icon-192x192.png',
    '/maskable-icon-512x512.png',
  ]);
  for (const icon of manifest.icons) expect(files[icon.src.slice(1)], icon.src).toBeDefined();
  expect(new TextDecoder().decode(files['favicon-snippet.html'])).toContain('<link rel="manifest" href="/site.webmanifest">');
  const svg = new TextDecoder().decode(files['favicon.svg']);
  if (svgKind === 'raster') {
    expect(svg).toContain('data:image/png;base64,');
    return;
  }
  // Text and emoji: a real vector icon, no picture inside, and an SVG a renderer (librsvg) reads.
  expect(svg).toContain('<text ');
  expect(svg).not.toContain('<image');
  expect(svg).not.toContain('base64');
  const meta = await sharp(files['favicon.svg']!).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['svg', 128, 128]);
}

test('from an uploaded image: zip with a multi-size ICO, PNGs, manifest and snippet; single-file download', async ({ page }) => {
  await open(page);
  await chooseSource(page, '图片');
  await expect(page.getByTestId('icon-problem')).toContainText('请先选择一张图片');
  await page.getByTestId('file-input').setInputFiles(join(dir, 'logo.png'));
  await waitDone(page);
  await expect(page.getByTestId('current-image')).toContainText('logo.png');
  await expectFaviconSet(await downloadZip(page));
  await expect(page.getByTestId('snippet')).toContainText('<link rel="icon" href="/favicon.ico" sizes="32x32">');

  const [single] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-testid="download-file"][data-file-name="favicon.ico"]').click(),
  ]);
  expect(single.suggestedFilename()).toBe('favicon.ico');
  const path = join(dir, 'single.ico');
  await single.saveAs(path);
  expect(readIco(readFileSync(path)).map((entry) => entry.width)).toEqual([16, 32, 48]);
});

test('from a real corpus image and an SVG', async ({ page }) => {
  await open(page);
  await chooseSource(page, '图片');
  const real = corpusFile('image/sharp/blackbug.png');
  if (real) {
    await page.getByTestId('file-input').setInputFiles(real);
    await expect(page.getByTestId('current-image')).toContainText('blackbug.png');
    await waitDone(page);
    await expectFaviconSet(await downloadZip(page));
  }
  await page.getByTestId('file-input').setInputFiles(join(dir, 'mark.svg'));
  await expect(page.getByTestId('current-image')).toContainText('mark.svg');
  await waitDone(page);
  const files = await downloadZip(page);
  await expectFaviconSet(files);
  // The teal circle really got painted (not an empty canvas): the centre pixel of the 48 px icon.
  const { data } = await sharp(files['favicon-48x48.png']!)
    .extract({ left: 24, top: 24, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect([...data]).toEqual([0x13, 0xc2, 0xc2, 255]);
});

test('from an iPhone-style HEIC, which Chromium cannot decode itself', async ({ page }) => {
  const heic = corpusFile('image/file-type/fixture-mif1.heic');
  test.skip(!heic, `corpus HEIC not found under ${corpusDir}`);
  await open(page);
  await chooseSource(page, '图片');
  await page.getByTestId('file-input').setInputFiles(heic!);
  await expect(page.getByTestId('current-image')).toContainText('fixture-mif1.heic');
  await waitDone(page);
  await expectFaviconSet(await downloadZip(page));
});

test('from text and from an emoji, with the dark variant in favicon.svg', async ({ page }) => {
  await open(page);
  await chooseSource(page, '文字');
  await page.getByTestId('text-input').fill('百宝箱');
  await waitDone(page);
  let files = await downloadZip(page);
  await expectFaviconSet(files, 'vector');
  expect(new TextDecoder().decode(files['favicon.svg'])).toContain('>百宝箱</text>');
  expect(new TextDecoder().decode(files['favicon.svg'])).toContain('prefers-color-scheme:dark');
  // The icons are for the visitor's own site: the manifest never carries this site's name.
  const manifest = JSON.parse(new TextDecoder().decode(files['site.webmanifest'])) as { name: string; short_name: string };
  expect([manifest.name, manifest.short_name]).toEqual(['我的网站', '我的网站']);

  await page.getByTestId('text-input').fill('百宝箱子');
  await expect(page.getByTestId('icon-problem')).toContainText('文字最多 3 个字');
  await expect(page.getByTestId('download-zip')).toHaveCount(0);

  await chooseSource(page, 'Emoji');
  await page.getByTestId('emoji-input').fill('🚀');
  await page.getByTestId('dark-toggle').click();
  await waitDone(page);
  files = await downloadZip(page);
  await expectFaviconSet(files, 'vector');
  expect(new TextDecoder().decode(files['favicon.svg'])).toContain('>🚀</text>');
  expect(new TextDecoder().decode(files['favicon.svg'])).not.toContain('prefers-color-scheme');
});

test('corrupt, empty and non-image files give a translated error; the page keeps working', async ({ page }) => {
  await open(page);
  await chooseSource(page, '图片');
  const broken = [join(dir, 'broken.png'), join(dir, 'empty.png'), corpusFile('image/file-type/fixture-corrupt.png')].filter(
    (path): path is string => !!path,
  );
  for (const path of broken) {
    await page.getByTestId('file-input').setInputFiles(path);
    await expect(page.getByTestId('current-image')).toContainText(basename(path));
    await expect(page.getByTestId('icon-error')).toContainText('无法读取这张图片', { timeout: 30_000 });
  }
  // A real image in a format browsers cannot decode is not called damaged.
  await page.getByTestId('file-input').setInputFiles(join(dir, 'scan.tif'));
  await expect(page.getByTestId('icon-error')).toHaveText('浏览器无法读取这种图片格式（如 TIFF），请先转换为 PNG 或 JPEG 再试。', {
    timeout: 30_000,
  });
  // A valid Photoshop document is named as one, with the tool that opens it.
  const psd = corpusFile('psd/ag-psd/layers.psd');
  if (psd) {
    await page.getByTestId('file-input').setInputFiles(psd);
    await expect(page.getByTestId('icon-error')).toContainText('PSD 在线预览', { timeout: 30_000 });
  }
  // Nor is one larger than any browser decodes.
  await page.getByTestId('file-input').setInputFiles(join(dir, 'huge.jpg'));
  await expect(page.getByTestId('icon-error')).toHaveText('图片太大：最长边超过 16384 像素，浏览器无法读取，请先缩小再试。', {
    timeout: 30_000,
  });
  // Outside the accept filter: turned away before decoding, with the shared translated notice.
  await page.getByTestId('file-input').setInputFiles(join(dir, 'notes.txt'));
  await expect(page.getByText(/notes\.txt/)).toBeVisible();
  await page.getByTestId('file-input').setInputFiles(join(dir, 'logo.png'));
  await waitDone(page);
  await expect(page.getByTestId('icon-error')).toHaveCount(0);
});

test.describe('a HEIC decoder that cannot be downloaded', () => {
  // The route must see the chunk request: no service worker answering it from its cache.
  test.use({ serviceWorkers: 'block' });

  test('says the component could not load, in the page’s language, instead of calling the file damaged', async ({ page }) => {
    // An old tab after a release, or offline before the service worker had it: libheif's chunk and wasm never arrive.
    await page.context().route(/\/assets\/(heic|libheif)[^/]*\.(js|wasm)$/, (route) => route.abort());
    // Only the header matters: the file sniffs as HEIC, so the page reaches for libheif.
    const heic = join(dir, 'photo.heic');
    writeFileSync(heic, Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]));
    await open(page);
    await chooseSource(page, '图片');
    await page.getByTestId('file-input').setInputFiles(heic);
    await expect(page.getByTestId('icon-error')).toHaveText(
      '无法加载所需的组件（网络已断开，或网站刚更新？）。请检查网络连接后刷新页面再试；联网打开过一次后即可离线使用',
      { timeout: 30_000 },
    );
    await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
    await expect(page.getByTestId('icon-error')).toContainText('A component this page needs could not be loaded');
  });
});

test('switching the language moves untouched default texts to it and keeps typed ones', async ({ page }) => {
  await open(page);
  await expect(page.getByTestId('app-name')).toHaveValue('我的网站');
  await page.getByTestId('language-switch').getByText('EN', { exact: true }).click();
  await expect(page).toHaveURL(/\/en\/icon\/marker$/);
  await expect(page.getByTestId('app-name')).toHaveValue('My website');
  await page.getByTestId('app-name').fill('Mi Tienda');
  await page.getByTestId('language-switch').getByText('中', { exact: true }).click();
  await expect(page).toHaveURL(/\/icon\/marker$/);
  await expect(page.getByTestId('app-name')).toHaveValue('Mi Tienda');
  // A fresh visit in the other language (settings restored from storage) follows the same rule.
  await page.getByTestId('app-name').fill('我的网站');
  await page.goto('/en/icon/marker');
  await expect(page.getByTestId('app-name')).toHaveValue('My website');
  await expect(page.getByTestId('text-input')).toHaveValue('B');
});

test('375 px: one column, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  await waitDone(page);
  await expect(page.getByTestId('safe-zone')).toBeVisible();
  await expect(page.getByTestId('tab-dark')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const zip = await page.getByTestId('download-zip').boundingBox();
  expect(zip && zip.x >= 0 && zip.x + zip.width <= 375).toBe(true);
});

test('keyboard only: colours typed as hex, named sliders and fields', async ({ page }) => {
  await open(page);
  await waitDone(page);
  const hex = page.getByRole('textbox', { name: '背景色（十六进制）', exact: true });
  await hex.fill('#ff00');
  // Half-typed: kept in the box, nothing re-rendered with it.
  await expect(hex).toHaveValue('#ff00');
  await hex.fill('#FF0000');
  await page.getByRole('slider', { name: '圆角' }).focus();
  await page.keyboard.press('Home');
  await expect(page.getByRole('slider', { name: '圆角' })).toHaveAttribute('aria-valuenow', '0');
  await page.getByRole('textbox', { name: '应用名称', exact: true }).fill('Keyboard App');
  await page.getByRole('textbox', { name: '短名称', exact: true }).fill('KB');
  await expect(page.getByRole('slider', { name: '内边距', exact: true })).toBeVisible();
  await expect(page.getByRole('slider', { name: '可遮罩图标内边距' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '深色背景色（十六进制）' })).toBeVisible();
  await waitDone(page);
  const files = await downloadZip(page);
  // Square corners now, so the very corner pixel is the typed background.
  const { data, info } = await sharp(files['favicon-512x512.png']!).raw().toBuffer({ resolveWithObject: true });
  expect([...data.subarray(0, info.channels)]).toEqual([255, 0, 0, 255]);
  const manifest = JSON.parse(new TextDecoder().decode(files['site.webmanifest'])) as {
    name: string;
    short_name: string;
    theme_color: string;
  };
  expect([manifest.name, manifest.short_name, manifest.theme_color]).toEqual(['Keyboard App', 'KB', '#ff0000']);
});
