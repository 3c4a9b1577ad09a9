import { decode } from 'fast-png';
import type { Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';

/** The colour of the screenshot's pixel at the middle of the viewport, as #rrggbb. */
async function centreColour(page: Page): Promise<string> {
  const png = decode(await page.screenshot());
  const x = Math.floor(png.width / 2);
  const y = Math.floor(png.height / 2);
  const at = (y * png.width + x) * png.channels;
  return `#${[0, 1, 2]
    .map((c) =>
      Number(png.data[at + c])
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

test('screen test: colours fill the screen, → cycles, Esc returns to the list', async ({ page }) => {
  await page.goto('/screen/test');
  await expect(page).toHaveTitle('屏幕测试 - 百宝箱');
  await page.getByTestId('screen-test-start-colors').click();
  const stage = page.getByTestId('screen-test-stage');
  await expect(stage).toBeVisible();
  await expect(page.getByTestId('screen-test-hint')).toContainText('黑 · 1 / 6');
  await expect.poll(() => centreColour(page)).toBe('#000000');
  // The stage covers the whole viewport, full screen granted or not.
  const box = await stage.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });

  await page.keyboard.press('ArrowRight');
  await expect.poll(() => centreColour(page)).toBe('#ffffff');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => centreColour(page)).toBe('#ff0000');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => centreColour(page)).toBe('#ffffff');

  await page.keyboard.press('Escape');
  await expect(stage).toHaveCount(0);
  await expect(page.getByTestId('screen-test-start-colors')).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
});

test('screen test: the refresh meter measures a rate and the hint bar hides itself', async ({ page }) => {
  await page.goto('/screen/test');
  await page.getByTestId('screen-test-start-refresh').click();
  const hz = page.getByTestId('screen-test-hz');
  await expect(hz).toBeVisible();
  await expect.poll(async () => Number(await hz.getAttribute('data-hz'))).toBeGreaterThan(0);
  await expect(hz).toHaveText(/^\d+\.\d Hz$/);

  const hint = page.getByTestId('screen-test-hint');
  await expect(hint).toHaveAttribute('aria-hidden', 'false');
  await expect(hint).toHaveAttribute('aria-hidden', 'true', { timeout: 10_000 });
  await expect(hint).toHaveCSS('opacity', '0');
  // A pointer move brings it back.
  await page.mouse.move(200, 200);
  await page.mouse.move(220, 220);
  await expect(hint).toHaveAttribute('aria-hidden', 'false');
  await page.getByTestId('screen-test-exit').click();
  await expect(page.getByTestId('screen-test-stage')).toHaveCount(0);
});

test.describe('at 375 px on a touch phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('screen test: taps on the right go forward, on the left back', async ({ page }) => {
    await page.goto('/screen/test');
    await page.getByTestId('screen-test-start-colors').tap();
    const stage = page.getByTestId('screen-test-stage');
    await expect(stage).toHaveAttribute('data-slide', '0');
    await stage.tap({ position: { x: 300, y: 200 } });
    await expect(stage).toHaveAttribute('data-slide', '1');
    await expect.poll(() => centreColour(page)).toBe('#ffffff');
    await stage.tap({ position: { x: 40, y: 200 } });
    await expect(stage).toHaveAttribute('data-slide', '0');
    await stage.tap({ position: { x: 40, y: 200 } });
    await expect(stage).toHaveAttribute('data-slide', '5');
    await expect.poll(() => centreColour(page)).toBe('#808080');
    await expect(page.getByTestId('screen-test-hint')).toContainText('点右侧下一张');
  });
});

test('screen test: a refused full screen fills the window instead and says so; Esc still leaves', async ({ page }) => {
  await page.addInitScript(() => {
    Element.prototype.requestFullscreen = () => Promise.reject(new TypeError('Permissions check failed'));
  });
  await page.goto('/screen/test');
  await page.getByTestId('screen-test-start-uniformity').click();
  const stage = page.getByTestId('screen-test-stage');
  await expect(page.getByTestId('screen-test-refused')).toHaveText('浏览器未允许全屏，已铺满窗口');
  const viewport = page.viewportSize()!;
  expect(await stage.boundingBox()).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  await expect.poll(() => centreColour(page)).toBe('#808080');
  await page.keyboard.press('Space');
  await expect.poll(() => centreColour(page)).toBe('#1a1a1a');
  await page.keyboard.press('Escape');
  await expect(stage).toHaveCount(0);
});
