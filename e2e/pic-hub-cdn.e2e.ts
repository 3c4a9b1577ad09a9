import type { Page } from '@playwright/test';
import { expect, test } from './privacy';
import {
  addCdnTemplate,
  cdnRow,
  cdnTemplate,
  configureHub,
  openUpload,
  pasteFiles,
  photo,
  pichubUrl,
  setUpPicHubWorld,
} from './pic-hub-kit';

/**
 * The CDN probe (spec §7, issue 16): HEAD over the candidate templates with the hub's newest file;
 * among loopback candidates — a port that refuses, a slow server, a quick one — the quick one wins
 * and becomes the active template; with none answering the page says 'all cdnSite fail!'. The
 * built-in CDNs are on the internet, which this machine cannot reach: they are refused at once
 * here, so the run does not wait out the 30 s probe time on them.
 */

const world = setUpPicHubWorld({ slowMs: 2000 });

const probe = (page: Page) => page.getByTestId('pic-hub-cdn-probe');

test('the probe picks the quick loopback CDN over a dead and a slow one, and says all cdnSite fail! when none answers', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.route(/^https:\/\/(cdn\.jsdmirror\.com|cdn\.jsdelivr\.net|cdn\.statically\.io|raw\.githubusercontent\.com)\//, (route) =>
    route.abort('internetdisconnected'),
  );
  await configureHub(page, world(), { path: 'probe' });
  await openUpload(page, world());
  await pasteFiles(page, [{ name: '测速.jpg', mimeType: 'image/jpeg', buffer: await photo(320, 240, 7) }]);
  await expect(page.getByTestId('pic-hub-upload-item')).toHaveAttribute('data-state', 'success', { timeout: 30_000 });

  await page.goto(pichubUrl(world(), 'setting'));
  await addCdnTemplate(page, '不通', cdnTemplate(world().cdn.dead));
  await addCdnTemplate(page, '慢', cdnTemplate(world().cdn.slow));
  await addCdnTemplate(page, '快', cdnTemplate(world().cdn.fast));
  await expect(cdnRow(page, 'ChinaJsDelivr')).toHaveAttribute('data-active', 'true');

  const started = Date.now();
  await probe(page).click();
  await expect(cdnRow(page, '快')).toHaveAttribute('data-active', 'true', { timeout: 20_000 });
  // The quick one won without waiting for the slow one.
  expect(Date.now() - started).toBeLessThan(world().slowMs + 5_000);
  await expect(cdnRow(page, '快').getByTestId('pic-hub-cdn-result')).toHaveAttribute('data-status', 'ok');
  await expect(cdnRow(page, '不通').getByTestId('pic-hub-cdn-result')).toHaveAttribute('data-status', 'fail');
  await expect(cdnRow(page, 'ChinaJsDelivr')).toHaveAttribute('data-active', 'false');
  await page.reload();
  await expect(cdnRow(page, '快')).toHaveAttribute('data-active', 'true');

  // Without the two that answer, nothing does.
  for (const name of ['快', '慢']) {
    await cdnRow(page, name).getByTestId('pic-hub-cdn-remove').click();
    const confirm = page.getByRole('dialog').getByRole('button', { name: /^删\s*除$/ });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await expect(cdnRow(page, name)).toHaveCount(0);
  }
  await probe(page).click();
  await expect(page.getByText('all cdnSite fail!')).toBeVisible({ timeout: 20_000 });
  await expect(cdnRow(page, '不通').getByTestId('pic-hub-cdn-result')).toHaveAttribute('data-status', 'fail');
});
