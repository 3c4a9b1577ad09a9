import type { Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';

/**
 * Watches the page's wake locks without anything test-only in the app: before the page loads, the
 * real `navigator.wakeLock.request` is wrapped to keep each sentinel it returns, and the page's
 * visibility can be set as the browser does when the tab is hidden (headless tabs never are).
 */
async function watchWakeLocks(page: Page) {
  await page.addInitScript(() => {
    const held: WakeLockSentinel[] = [];
    const request = navigator.wakeLock.request.bind(navigator.wakeLock);
    navigator.wakeLock.request = async (type) => {
      const sentinel = await request(type);
      held.push(sentinel);
      return sentinel;
    };
    let visibility: DocumentVisibilityState = 'visible';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
    Object.assign(window, {
      __locks: () => held.map((sentinel) => sentinel.released),
      // Hiding a tab makes the browser release its screen locks, then tell the page.
      __setVisibility: async (next: DocumentVisibilityState) => {
        visibility = next;
        if (next === 'hidden') await Promise.all(held.map((sentinel) => sentinel.release()));
        document.dispatchEvent(new Event('visibilitychange'));
      },
    });
  });
}

/** Each wake lock the page took: true once released. */
const locks = (page: Page) => page.evaluate(() => (window as unknown as { __locks: () => boolean[] }).__locks());
const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((next) => (window as unknown as { __setVisibility: (s: string) => Promise<void> }).__setVisibility(next), state);

test('turning it on holds a wake lock, taken again after the page was hidden, and off gives it back', async ({ page }) => {
  await watchWakeLocks(page);
  await page.goto('/screen/on');
  await expect(page).toHaveTitle('屏幕常亮 - 百宝箱');
  const status = page.getByTestId('screen-on-status');
  await expect(status).toHaveText('屏幕会照常变暗和锁屏');

  await page.getByTestId('screen-on-toggle').click();
  await expect(status).toHaveText('屏幕将保持常亮');
  await expect(page.getByTestId('screen-on-toggle')).toHaveAttribute('aria-pressed', 'true');
  expect(await locks(page)).toEqual([false]);

  await setVisibility(page, 'hidden');
  await expect(status).toHaveAttribute('data-state', 'released');
  await expect(status).toContainText('浏览器已暂时释放常亮');
  await setVisibility(page, 'visible');
  await expect(status).toHaveText('屏幕将保持常亮');
  await expect.poll(() => locks(page)).toEqual([true, false]);

  await page.getByTestId('screen-on-toggle').click();
  await expect(status).toHaveText('屏幕会照常变暗和锁屏');
  await expect.poll(() => locks(page)).toEqual([true, true]);
});

test('on a phone, a 1-minute timer counts down, then releases the lock; the timer choice is kept', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.clock.install({ time: new Date('2026-01-01T08:00:00Z') });
  await watchWakeLocks(page);
  await page.goto('/screen/on');
  // From here the page's time moves only when the test says so: the countdown reads exactly.
  await page.clock.pauseAt(new Date('2026-01-01T08:05:00Z'));
  await page.getByTestId('screen-on-timer').getByText('自定义').click();
  const minutes = page.getByRole('spinbutton', { name: '分钟数（1–1440）' });
  // On a phone the six timer choices wrap: the page never scrolls sideways.
  await expect(minutes).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await minutes.fill('1');
  await minutes.press('Enter');

  await page.getByTestId('screen-on-toggle').click();
  await expect(page.getByTestId('screen-on-status')).toHaveText('屏幕将保持常亮');
  await expect(page.getByTestId('screen-on-countdown')).toHaveText('1:00 后自动关闭');
  await page.clock.runFor(30_000);
  await expect(page.getByTestId('screen-on-countdown')).toHaveText('0:30 后自动关闭');
  await page.clock.runFor(30_000);
  await expect(page.getByTestId('screen-on-status')).toHaveText('定时已到，已关闭常亮');
  await expect(page.getByTestId('screen-on-countdown')).toHaveCount(0);
  await expect.poll(() => locks(page)).toEqual([true]);

  await page.reload();
  await expect(page.getByTestId('screen-on-timer').getByRole('radio', { name: '自定义' })).toBeChecked();
  await expect(page.getByRole('spinbutton', { name: '分钟数（1–1440）' })).toHaveValue('1');
});

test('in English, where there is no Wake Lock API the looping video keeps the screen on', async ({ page }) => {
  await page.addInitScript(() => {
    // As on browsers without the API (iOS before 16.4, older Firefox).
    delete (Navigator.prototype as { wakeLock?: unknown }).wakeLock;
  });
  await page.goto('/en/screen/on');
  await page.getByTestId('screen-on-toggle').click();
  await expect(page.getByTestId('screen-on-status')).toHaveText(/^The screen will stay on \(this browser has no screen wake lock/);
  await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => !video.paused)).toBe(true);
  await page.getByTestId('screen-on-toggle').click();
  await expect(page.getByTestId('screen-on-status')).toHaveText('The screen dims and locks as usual');
  expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
});
