import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

async function openPalette(page: Page) {
  const input = page.getByTestId('command-palette-input');
  // The shortcut listener is attached once the layout has mounted; keep pressing until it is.
  await expect(async () => {
    await page.keyboard.press('Control+k');
    await expect(input).toBeVisible({ timeout: 1000 });
  }).toPass();
  return input;
}

test.describe('language switch', () => {
  test('on the login page it switches the way back and the greeting too', async ({ page }) => {
    await page.goto('/text/assistant');
    await page.getByTestId('login-link').click();
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Ftext%2Fassistant&name=%E7%99%BE%E5%AE%9D%E7%AE%B1$/);
    await expect(page.getByTestId('portal-title')).toHaveText('欢迎来到百宝箱');

    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/user\/login\?redirect=%2Fen%2Ftext%2Fassistant&name=Baibao$/);
    await expect(page.getByTestId('portal-title')).toHaveText('Welcome to Baibao');

    await page.getByTestId('login-account').fill(E2E_ADMIN.userName);
    await page.getByTestId('login-password').fill(E2E_ADMIN.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/en\/text\/assistant$/);
    await expect(page).toHaveTitle('Text assistant - Baibao');
  });

  test('keeps the hash, from the header and from the settings drawer', async ({ page }) => {
    await page.goto('/file/hasher?from=test#results');
    await page.getByTestId('language-switch').getByText('EN').click();
    await expect(page).toHaveURL(/\/en\/file\/hasher\?from=test#results$/);
    await expect(page.getByTestId('tool-title')).toHaveText('File hasher');

    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-language').getByText('简体中文').click();
    await expect(page).toHaveURL(/\/file\/hasher\?from=test#results$/);
    await expect(page.getByTestId('tool-title')).toHaveText('文件哈希');
  });
});

test.describe('search palette', () => {
  test('Enter that confirms an IME candidate does not open a tool', async ({ page }) => {
    await page.goto('/');
    const input = await openPalette(page);
    await input.fill('wenjian');
    await expect(page.getByTestId('command-palette-item').first()).toBeVisible();
    // Chromium while composing: isComposing; Safari after composing: keyCode 229.
    await input.dispatchEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, isComposing: true, bubbles: true, cancelable: true });
    await input.dispatchEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 229, bubbles: true, cancelable: true });
    await page.waitForTimeout(300);
    await expect(page).toHaveURL(/\/$/);
    await expect(input).toBeVisible();

    const first = await page.getByTestId('command-palette-item').first().getAttribute('data-tool-id');
    await input.press('Enter');
    await expect(page).not.toHaveURL(/\/$/);
    expect(first).not.toBeNull();
  });

  test('arrow keys keep the chosen tool in view and announce it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 640 });
    await page.goto('/');
    const input = await openPalette(page);
    const list = page.getByRole('listbox', { name: '搜索结果' });
    const options = list.getByRole('option');
    await expect(input).toHaveAttribute('role', 'combobox');
    await expect(input).toHaveAttribute('aria-controls', (await list.getAttribute('id')) ?? '');
    const count = await options.count();
    expect(count).toBeGreaterThan(8);

    for (let step = 1; step < count; step++) {
      await input.press('ArrowDown');
      const selected = options.nth(step);
      await expect(selected).toHaveAttribute('aria-selected', 'true');
      await expect(input).toHaveAttribute('aria-activedescendant', (await selected.getAttribute('id')) ?? '');
      // Inside the list's visible part, not merely somewhere in its scroll height.
      await expect(selected).toBeInViewport({ ratio: 0.9 });
      const [item, box] = await Promise.all([selected.boundingBox(), list.boundingBox()]);
      expect(item!.y).toBeGreaterThanOrEqual(box!.y - 1);
      expect(item!.y + item!.height).toBeLessThanOrEqual(box!.y + box!.height + 1);
    }
    await expect(options.nth(0)).not.toBeInViewport();
  });
});

test.describe('page views', () => {
  test('a tool counts once per page load, whatever the language or how often it is opened', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/system/action-stat/log')) posts.push(request.postData() ?? '');
    });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/file/hasher');
    await page.waitForTimeout(800);
    await page.getByTestId('language-switch').getByText('EN').click();
    await expect(page).toHaveURL(/\/en\/file\/hasher$/);
    await page.waitForTimeout(800);
    await page.getByTestId('site-title').click();
    await page.getByTestId('tool-group').getByRole('link', { name: 'File hasher', exact: true }).click();
    await expect(page.getByTestId('tool-title')).toHaveText('File hasher');
    await page.waitForTimeout(800);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0] ?? '{}')).toMatchObject({ action: 'view', toolId: 'file-hasher' });
    expect(errors).toEqual([]);
  });
});

test.describe('route progress', () => {
  test('a navigation that changes only the query (a tab) finishes the bar, as a new path does', async ({ page }) => {
    await page.goto('/pic/hub');
    const bar = page.locator('#nprogress');
    // The page's own load ends first (on a loaded machine the bar is still up after 'load'): a tab
    // clicked while the page's code still arrives is not what this test is about.
    await expect(page.locator('html')).not.toHaveClass(/nprogress-busy/);
    await expect(bar).toHaveCount(0);
    await expect(page.getByTestId('pic-hub-tab-help')).toBeVisible();
    await page.getByRole('tab', { name: '帮助' }).click();
    await expect(page).toHaveURL(/tab=help/);
    await expect(bar).toHaveCount(0, { timeout: 3000 });
    await page.getByRole('tab', { name: '反馈' }).click();
    await expect(page).toHaveURL(/tab=feedback/);
    await expect(bar).toHaveCount(0, { timeout: 3000 });
  });
});
