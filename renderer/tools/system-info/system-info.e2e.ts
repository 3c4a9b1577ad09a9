import type { Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';

async function copied(page: Page, button: string): Promise<string> {
  await page.getByTestId(button).click();
  await expect(page.getByText('复制成功').last()).toBeVisible();
  return page.evaluate(() => navigator.clipboard.readText());
}

test('system-info shows Chromium on Linux with the real core count, copied as JSON and text', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/system/info');
  await expect(page).toHaveTitle('系统信息 - 百宝箱');

  const browser = page.getByTestId('system-info-browser');
  await expect(browser.locator('[data-field="browser"] dd')).toContainText('Chrom');
  await expect(browser.locator('[data-field="engine"] dd')).toHaveText('Blink');
  await expect(browser.locator('[data-field="os"] dd')).toContainText('Linux');
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  await expect(page.getByTestId('system-info-hardware').locator('[data-field="cpuCores"] dd')).toHaveText(String(cores));
  await expect(page.getByTestId('system-info-features').locator('[data-field="WebAssembly"] dd')).toHaveText('支持');
  // The website has no desktop card: main's reading exists only in the app.
  await expect(page.getByTestId('system-info-desktop')).toHaveCount(0);

  const json = JSON.parse(await copied(page, 'system-info-copy-json')) as {
    browser: { browser: string; os: string };
    hardware: { cpuCores: number };
    features: Record<string, boolean>;
  };
  expect(json.browser.browser).toMatch(/Chrom/);
  expect(json.browser.os).toMatch(/^Linux/);
  expect(json.hardware.cpuCores).toBe(cores);
  expect(json.features.WebAssembly).toBe(true);

  const text = await copied(page, 'system-info-copy-text');
  expect(text).toContain('【浏览器与系统】');
  expect(text).toContain(`CPU 核心数: ${cores}`);
});

test('system-info at 375 px stacks its cards without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/system/info');
  await expect(page.getByTestId('system-info-features')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const [first, second] = await Promise.all([
    page.getByTestId('system-info-screen').boundingBox(),
    page.getByTestId('system-info-hardware').boundingBox(),
  ]);
  // One column: the hardware card sits under the screen card, not beside it.
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(Math.abs(second!.x - first!.x)).toBeLessThan(1);
});
