import { expect, test } from '@playwright/test';

// Offline use needs the service worker, which the suite blocks elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test.describe('home', () => {
  test('shows tool cards by group with the site title', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('百宝箱 - 免费、好用、不上传的在线工具箱');
    const group = page.locator('[data-testid="tool-group"][data-group="text-file"]');
    await expect(group.getByRole('heading', { name: '文本与文件' })).toBeVisible();
    await expect(group.locator('[data-tool-id="file-hasher"]')).toContainText('文件哈希');
  });

  test('search box finds tools by pinyin initials and English words', async ({ page }) => {
    await page.goto('/');
    const search = page.getByTestId('home-search');
    await search.fill('wjhx');
    await expect(page.getByTestId('tool-card')).toHaveCount(1);
    await expect(page.getByTestId('tool-card').first()).toHaveAttribute('data-tool-id', 'file-hasher');
    await search.fill('checksum');
    await expect(page.getByTestId('tool-card').first()).toHaveAttribute('data-tool-id', 'file-hasher');
    await search.fill('zzzqqq');
    await expect(page.getByTestId('tool-card')).toHaveCount(0);
    await expect(page.getByText('没有找到相关工具')).toBeVisible();
  });

  test('Ctrl+K palette opens a tool with the keyboard', async ({ page }) => {
    await page.goto('/');
    const input = page.getByTestId('command-palette-input');
    // The shortcut listener is attached once the layout has mounted; keep pressing until it is.
    await expect(async () => {
      await page.keyboard.press('Control+k');
      await expect(input).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(input).toBeFocused();
    await input.fill('hash');
    await expect(page.getByTestId('command-palette-item').first()).toHaveAttribute('data-tool-id', 'file-hasher');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/file\/hasher$/);
    await expect(page).toHaveTitle('文件哈希 - 百宝箱');
  });

  test('favorites and zoom mode survive a reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('favorites-section')).toHaveCount(0);
    await page.locator('[data-testid="tool-group"] [data-tool-id="file-hasher"]').getByTestId('favorite-button').click();
    await expect(page.getByTestId('favorites-section').locator('[data-tool-id="file-hasher"]')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.getByTestId('zoom-toggle').click();
    await page.reload();
    await expect(page.getByTestId('favorites-section').locator('[data-tool-id="file-hasher"]')).toBeVisible();
    await expect(page.getByTestId('zoom-toggle')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('favorites-section').getByTestId('favorite-button').click();
    await page.reload();
    await expect(page.getByTestId('favorites-section')).toHaveCount(0);
  });
});

test.describe('language prefix and titles', () => {
  test('/en renders English with English titles and meta', async ({ page }) => {
    await page.goto('/en/file/hasher');
    await expect(page).toHaveTitle('File hasher - Baibao');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /MD5/);
    await expect(page.getByTestId('tool-title')).toHaveText('File hasher');
  });

  test('/cn/... redirects to the same path without the prefix', async ({ page }) => {
    const response = await page.goto('/cn/file/hasher?from=test');
    expect(response?.url()).toMatch(/\/file\/hasher\?from=test$/);
    await expect(page).toHaveURL(/\/file\/hasher\?from=test$/);
    await expect(page).toHaveTitle('文件哈希 - 百宝箱');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('the language switch keeps the page', async ({ page }) => {
    await page.goto('/file/hasher');
    await page.getByTestId('language-switch').getByText('EN').click();
    await expect(page).toHaveURL(/\/en\/file\/hasher$/);
    await expect(page).toHaveTitle('File hasher - Baibao');
  });

  test('an unknown language segment is a 404', async ({ page }) => {
    const response = await page.goto('/fr/file/hasher');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByTestId('error-detail')).toContainText('This page could not be found.');
  });

  test('an unmatched path is a 404, in English under /en', async ({ page }) => {
    const response = await page.goto('/en/no/such/tool');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-title')).toHaveText('This place is desolate');
    await expect(page.getByTestId('error-detail')).toHaveText('This page could not be found.');
  });

  test('the server puts each route’s title, description and keywords into the HTML', async ({ request }) => {
    const cn = await (await request.get('/file/hasher')).text();
    expect(cn).toContain('<title>文件哈希 - 百宝箱</title>');
    expect(cn).toMatch(/<meta name="keywords" content="[^"]*SM3/);
    const en = await (await request.get('/en/file/hasher')).text();
    expect(en).toContain('<title>File hasher - Baibao</title>');
    expect(en).toMatch(/<html lang="en"/);
  });
});

test.describe('error page', () => {
  test('shows the status and the broken-spaceship text for non-404 errors', async ({ page }) => {
    await page.goto('/error/500');
    await expect(page.getByTestId('error-status')).toHaveText('500');
    await expect(page.getByTestId('error-title')).toHaveText('飞船出故障了');
  });

  test('back goes back when there is history, home when there is none', async ({ page }) => {
    await page.goto('/error/403');
    await page.getByTestId('error-back').click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/file/hasher');
    await page.goto('/error/500', { referer: new URL('/file/hasher', page.url()).href });
    await page.getByTestId('error-back').click();
    await expect(page).toHaveURL(/\/file\/hasher$/);
  });

  test('home button goes to the home of the current language', async ({ page }) => {
    await page.goto('/en/error/503');
    await page.getByTestId('error-home').click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.getByTestId('home')).toBeVisible();
  });
});

test.describe('appearance', () => {
  test('dark mode toggles and persists', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const background = await page
      .locator('.bb-layout')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(background).not.toBe('rgb(245, 245, 245)');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('settings drawer switches to the top menu and it persists', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-layout-mode').getByText('顶部菜单').click();
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await expect(page.locator('.ant-menu-horizontal')).toBeVisible();
    await page.reload();
    await expect(page.locator('.ant-menu-horizontal')).toBeVisible();
  });

  test('at 375 px the menu lives in a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.getByTestId('side-menu')).toHaveCount(0);
    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.locator('.ant-drawer-content-wrapper').filter({ hasText: '菜单' });
    await expect(drawer).toBeVisible();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeCloseTo(375 * 0.9, 0);
    await drawer.getByRole('link', { name: '文件哈希' }).click();
    await expect(page).toHaveURL(/\/file\/hasher$/);
    await expect(drawer).toBeHidden();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('progressive web app', () => {
  test('the shell and a local tool load offline after one visit', { tag: '@extended' }, async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
      }
      return registration.active?.scriptURL;
    });
    await context.setOffline(true);
    await page.goto('/file/hasher');
    await expect(page.getByTestId('tool-title')).toHaveText('文件哈希');
    await expect(page.getByTestId('offline-tag')).toBeVisible();
    await context.setOffline(false);
  });
});
