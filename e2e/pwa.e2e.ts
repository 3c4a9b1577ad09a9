import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './privacy';
import { waitForOfflineReady } from './pwa-kit';

// Offline use needs the service worker, which the suite blocks elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The built website the e2e server serves (playwright.config.ts passes WEB_OUT_DIR on as WEB_DIR). */
const webDir = process.env.WEB_OUT_DIR ?? join(import.meta.dirname, '..', 'dist', 'web');

interface AppManifest {
  url: string;
  errors: { message: string }[];
  data?: string;
}

async function installability(page: Page): Promise<{ errors: string[]; manifest: AppManifest }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const manifest = (await cdp.send('Page.getAppManifest')) as AppManifest;
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito profiles, where Chromium never installs apps: a fact of the
    // test browser, not of the site.
    return { errors: installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito'), manifest };
  } finally {
    await cdp.detach();
  }
}

test.describe('installable app', () => {
  test(
    'is installable in Chinese and in English, each language with its own manifest, also after a language switch',
    { tag: '@extended' },
    async ({ page }) => {
      await page.goto('/file/hasher');
      await waitForOfflineReady(page);
      const cn = await installability(page);
      expect(cn.errors).toEqual([]);
      expect(cn.manifest.errors).toEqual([]);
      expect(new URL(cn.manifest.url).pathname).toBe('/manifest.webmanifest');
      expect(JSON.parse(cn.manifest.data ?? '{}')).toMatchObject({
        id: '/',
        short_name: '百宝箱',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
      });

      // The in-app switch rewrites the link, so installing from here gives the English app.
      await page.getByTestId('language-switch').getByText('EN').click();
      await expect(page).toHaveURL(/\/en\/file\/hasher$/);
      await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/en/manifest.webmanifest');
      await expect.poll(async () => new URL((await installability(page)).manifest.url).pathname).toBe('/en/manifest.webmanifest');
      const en = await installability(page);
      expect(en.errors).toEqual([]);
      expect(JSON.parse(en.manifest.data ?? '{}')).toMatchObject({ id: '/en', short_name: 'Baibao', lang: 'en', start_url: '/en' });
    },
  );

  test('the first HTML links the language manifest, the icons and a light/dark theme colour pair', async ({ page, request }) => {
    const html = await (await request.get('/en/text/assistant')).text();
    expect(html).toContain('<link rel="manifest" href="/en/manifest.webmanifest" />');
    expect(html).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: light\)" content="#ffffff">/);
    expect(html).toMatch(/<meta name="theme-color" media="\(prefers-color-scheme: dark\)" content="#141414">/);
    const manifest = (await (await request.get('/en/manifest.webmanifest')).json()) as { icons: { src: string; purpose: string }[] };
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);

    // A theme picked in the settings wins over the system's for the browser's toolbar.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('baibao:settings') ?? '{"version":1}') as { state?: Record<string, unknown> };
      localStorage.setItem('baibao:settings', JSON.stringify({ ...stored, state: { ...stored.state, theme: 'dark' } }));
    });
    await page.reload();
    await expect
      .poll(() =>
        page.evaluate(() => [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => meta.content)),
      )
      .toEqual(['#141414', '#141414']);
  });
});

test.describe('updates', () => {
  test('a waiting new version is offered with a reload that activates it', async ({ page }) => {
    await page.goto('/');
    await waitForOfflineReady(page);
    // A new release: the same worker with different bytes. Written to the served file, since the
    // browser fetches a worker's update itself, past Playwright's routes. Other tests' pages may
    // pick it up too; it precaches the same files, so they do not notice.
    const swFile = join(webDir, 'sw.js');
    const original = readFileSync(swFile, 'utf8');
    // A precompressed copy would be served instead of the changed file: set it aside meanwhile.
    const compressed = ['.br', '.gz'].map((extension) => swFile + extension).filter((file) => existsSync(file));
    compressed.forEach((file) => renameSync(file, `${file}.hold`));
    writeFileSync(swFile, `${original}\n// next release\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.locator('.ant-notification-notice').filter({ hasText: '有新版本可用' });
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      await expect(prompt.getByTestId('pwa-reload')).toHaveText('重新加载');
      const reloaded = page.waitForEvent('load');
      await prompt.getByTestId('pwa-reload').click();
      await reloaded;
      await expect(page.getByTestId('app-header')).toBeVisible();
      // The new version took over: nothing waits any more, and the page says nothing.
      expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
      await expect(page.locator('.ant-notification-notice')).toHaveCount(0);
    } finally {
      writeFileSync(swFile, original);
      compressed.forEach((file) => renameSync(`${file}.hold`, file));
    }
  });
});

test.describe('a codec that cannot be downloaded', () => {
  // No service worker: the codec's download itself fails, as it would offline before one visit.
  test.use({ serviceWorkers: 'block' });

  test('is named in the page language instead of "Failed to fetch" (AVIF, and OxiPNG for 极限压缩)', async ({ page, context }) => {
    await context.route(/\/assets\/(avif_enc|squoosh_oxipng)[^/]*\.wasm$/, (route) => route.abort());
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3070a0' } })
      .png()
      .toBuffer();
    for (const [format, smallest] of [
      ['AVIF', false],
      ['PNG', true],
    ] as const) {
      await page.goto('/image/compress');
      await page.getByTestId('compress-format').getByText(format, { exact: true }).click();
      if (smallest) await page.getByTestId('compress-smallest').check();
      await page.getByTestId('file-input').setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: png });
      const item = page.locator('[data-testid="image-item"][data-file-name="blue.png"]');
      await expect(item, format).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
      await expect(item.getByTestId('batch-error'), format).toHaveText(
        '无法下载处理这种格式所需的组件（网络已断开？）。请联网后刷新页面再试；联网打开过一次后即可离线使用',
      );
    }
  });

  test('7-Zip too, when making a 7z', async ({ page, context }) => {
    await context.route(/\/assets\/7zz[^/]*\.wasm$/, (route) => route.abort());
    const dir = mkdtempSync(join(tmpdir(), 'baibao-pwa-e2e-'));
    try {
      writeFileSync(join(dir, 'notes.txt'), 'offline notes\n');
      await page.goto('/compress');
      await page.getByTestId('create-files-input').setInputFiles(join(dir, 'notes.txt'));
      await page.getByTestId('create-format').getByText('7z', { exact: true }).click();
      await page.getByTestId('create-start').click();
      await expect(page.getByTestId('create-error')).toContainText(
        '无法下载 7-Zip 组件（网络已断开？）。请联网后刷新页面再试；联网打开过一次后即可离线使用。',
        { timeout: 30_000 },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
