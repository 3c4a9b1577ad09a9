import { expect, test } from './privacy';
import type { Page } from '@playwright/test';

// Tool pages marked `plainFirstView` open without antd's theme and locale scope (app/AntdScope.tsx:
// ConfigProvider, style engine, antd's locales), so their first view does not wait for it (issue 12's
// first load); what they show later from antd loads then, inside that scope (lib/lazy-with-antd.tsx).
const plainPages = ['/psd', '/sketch', '/ppt/preview', '/file/type/identify', '/folder/tree', '/doc/preview', '/epub/reader', '/excel'];

/** antd's engine writes each style it generates into a <style data-css-hash> element. */
const antdStyles = (page: Page) => page.locator('style[data-css-hash]').count();

// The requests are held in the page, not answered by a service worker's cache.
test.use({ serviceWorkers: 'block' });

test('the plain tool pages show their first view while antd’s scope has not loaded', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/AntdScope-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  for (const path of plainPages) {
    await page.goto(path);
    await expect(page.locator('[data-testid="file-input"], [data-testid="folder-zone"]').first(), path).toBeAttached({ timeout: 8000 });
    expect(await antdStyles(page), path).toBe(0);
  }
  release();
});

test('an antd part a plain page loads later takes antd’s dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/en/file/type/identify');
  await page.getByTestId('file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  const table = page.locator('.ant-table');
  await expect(table).toBeVisible();
  expect(await antdStyles(page)).toBeGreaterThan(0);
  // antd's dark container colour, not its light default (#ffffff): the part renders inside AntdScope.
  await expect(table).toHaveCSS('background-color', 'rgb(20, 20, 20)');
});
