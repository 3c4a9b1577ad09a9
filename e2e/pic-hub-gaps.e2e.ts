import { join } from 'node:path';
import { expect, test } from './privacy';
import {
  TOKEN,
  configureHub,
  fillHubDrawer,
  logIn,
  pasteFiles,
  photo,
  pichubUrl,
  OWNER,
  REPO,
  openUpload,
  setUpPicHubWorld,
  secondBrowser,
  uploadItem,
} from './pic-hub-kit';

/**
 * PicHub's follow-ups to issue 16: GitHub's exhausted rate limit names the time it resets; a paste
 * in the page's first instant (hubs still loading) is uploaded, not ignored; the active-hub line
 * stays one line on a phone; the image tools' presets PicHub can use (the compressor's built-ins,
 * text watermarks) are offered, and a logo preset is left out with the reason.
 */

const world = setUpPicHubWorld();

test('on a 375 px phone the active-hub line stays one line: a long hub label ends in an ellipsis, 更换 beside it', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await configureHub(page, world(), { path: 'a/very/long/folder/name/for/the/pictures/of/this/blog' });
  const line = page.getByTestId('pic-hub-hub-line');
  const label = page.getByTestId('pic-hub-active-hub');
  const change = line.getByRole('button', { name: '更换' });
  await expect(change).toBeVisible();
  const [labelBox, changeBox] = [await label.boundingBox(), await change.boundingBox()];
  // Same line: the button's middle sits within the label's height, to its right and inside the screen.
  expect(Math.abs(labelBox!.y + labelBox!.height / 2 - (changeBox!.y + changeBox!.height / 2))).toBeLessThan(6);
  expect(changeBox!.x).toBeGreaterThan(labelBox!.x + labelBox!.width - 1);
  expect(changeBox!.x + changeBox!.width).toBeLessThanOrEqual(375);
  expect(await label.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
  await expect(label).toHaveAttribute('title', `${OWNER}/${REPO}@main/a/very/long/folder/name/for/the/pictures/of/this/blog`);
  // For looking at it (SCREENSHOT_DIR set): the top of the page with the line.
  if (process.env.SCREENSHOT_DIR)
    await page.screenshot({
      path: join(process.env.SCREENSHOT_DIR, 'pic-hub-hub-line-375.png'),
      clip: { x: 0, y: 0, width: 375, height: 400 },
    });
});

test('a picture pasted while the account’s hubs are still loading is uploaded, not ignored', async ({ browser, page, context }) => {
  test.setTimeout(120_000);
  await logIn(context, world());
  await configureHub(page, world(), { path: 'early' });

  // A second browser of the same user: its hub comes only from the account, held back here.
  const second = await secondBrowser(browser, world());
  try {
    const other = await second.newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await other.route('**/api/busi/pic-hub/list/page/mine**', async (route) => {
      await held;
      await route.continue();
    });
    const listed = other.waitForRequest('**/api/busi/pic-hub/list/page/mine**');
    await other.goto(pichubUrl(world(), 'upload'));
    await listed;
    // The hubs are not known yet: the drop zone takes the paste and keeps it queued.
    await expect(other.getByTestId('pic-hub-upload-drop')).toHaveAttribute('aria-disabled', 'false');
    await pasteFiles(other, [{ name: '抢先.jpg', mimeType: 'image/jpeg', buffer: await photo(320, 240, 41) }]);
    await expect(uploadItem(other, '抢先.jpg')).toBeVisible();
    const commits = world().github.log().length;
    release();
    await expect(uploadItem(other, '抢先.jpg')).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
    expect(world().github.log()).toHaveLength(commits + 1);
  } finally {
    await second.close();
  }
});

test('the compressor’s built-in presets are offered; of the watermark presets only text ones, with why a logo one is not', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.addInitScript(() => {
    const preset = (id: string, name: string, settings: unknown) => ({ id, name, settings, updatedAt: 1 });
    localStorage.setItem(
      'baibao:image-presets',
      JSON.stringify({
        version: 2,
        state: {
          byTool: {
            'image-watermark': [
              preset('w-text', '文字署名', { mode: 'text', text: '© 百宝箱' }),
              preset('w-logo', '角标 Logo', { mode: 'logo', logoScale: 0.2 }),
            ],
          },
          removed: {},
        },
      }),
    );
  });
  await page.goto(pichubUrl(world(), 'setting'));
  const compress = page.getByTestId('pic-hub-compress-preset').locator('option');
  await expect(compress).toContainText(['默认（图片压缩工具的默认设置）', '微信公众号 1080 宽 WebP 80', '小于 200 KB（JPEG）']);
  const watermark = page.getByTestId('pic-hub-watermark-preset').locator('option');
  await expect(watermark).toHaveText(['不加水印', '文字署名']);
  await expect(page.getByTestId('pic-hub-watermark-logo-hint')).toContainText('不保存 Logo 图片本身');
});

test('GitHub’s exhausted rate limit says at what time it resets, on the upload item and in the token check', async ({ page }) => {
  test.setTimeout(90_000);
  await configureHub(page, world(), { path: 'limited' });
  world().github.setRateLimitRemaining(0);
  try {
    // When the limit resets, as GitHub tells every caller, in the page's clock.
    const answer = await fetch(`${world().github.url}/repos/${OWNER}/${REPO}`, { headers: { Authorization: `token ${TOKEN}` } });
    const resetAt = Number(answer.headers.get('x-ratelimit-reset')) * 1000;
    const time = await page.evaluate((at) => {
      const date = new Date(at);
      return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
    }, resetAt);
    const message = `GitHub 的调用次数已用完，将在 ${time} 恢复`;

    await openUpload(page, world());
    await pasteFiles(page, [{ name: '限额.jpg', mimeType: 'image/jpeg', buffer: await photo(320, 240, 51) }]);
    await expect(uploadItem(page, '限额.jpg')).toHaveAttribute('data-state', 'error', { timeout: 30_000 });
    await expect(uploadItem(page, '限额.jpg').getByTestId('pic-hub-upload-error')).toHaveText(message);

    const drawer = await fillHubDrawer(page, world(), { path: 'another' });
    await expect(drawer.getByText(message)).toBeVisible();
  } finally {
    world().github.setRateLimitRemaining(1_000_000);
  }
});
