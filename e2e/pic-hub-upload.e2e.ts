import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './privacy';
import {
  addCdnTemplate,
  BRANCH,
  OWNER,
  REPO,
  cdnTemplate,
  configureHub,
  decode,
  dropFiles,
  gitAdded,
  hubRow,
  openUpload,
  pasteFiles,
  photo,
  pichubUrl,
  readClipboard,
  setUpPicHubWorld,
  uploadItem,
  uploadItems,
  deleteSelected,
} from './pic-hub-kit';
import type { FileSpec } from './pic-hub-kit';

/**
 * PicHub's upload, end to end (issue 16 "Done when"): a hub configured against the GitHub test
 * server, photos pasted and dropped, compression on (the default), each batch ONE commit
 * 'upload by pichub' of mode-100644 files that are smaller than the originals and still decode,
 * links copied in the four formats from the active CDN template; then the gallery's delete takes
 * the file out of the repository. File content may go to the test repository only.
 */

const world = setUpPicHubWorld();
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });
test.describe.configure({ mode: 'default' });

const jpeg = async (name: string, seed: number, width = 1200, height = 900): Promise<FileSpec> => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await photo(width, height, seed),
});

/** Makes a loopback CDN the active template, so links (and thumbnails) point somewhere that answers. */
async function useLoopbackCdn(page: Page, origin: string, name: string): Promise<void> {
  await page.goto(pichubUrl(world(), 'setting'));
  await addCdnTemplate(page, name, cdnTemplate(origin), { activate: true });
}

test('pasted and dropped photos: one commit per batch, compressed files that decode, links in four formats', async ({ page }) => {
  test.setTimeout(120_000);
  const github = world().github;
  const before = github.log().length;
  await configureHub(page, world(), { path: 'img/e2e' });
  await useLoopbackCdn(page, world().cdn.fast, '本机 CDN');

  await openUpload(page, world());
  // Each its own shape, so a committed (renamed, maybe re-encoded) file is matched to its original.
  const pasted = [await jpeg('海边.jpg', 1, 1200, 900), await jpeg('山顶.jpg', 2, 1200, 800)];
  await pasteFiles(page, pasted);
  await expect(uploadItems(page)).toHaveCount(2);
  for (const file of pasted) await expect(uploadItem(page, file.name)).toHaveAttribute('data-state', 'success', { timeout: 30_000 });

  const dropped = [
    await jpeg('街角.jpg', 3, 1280, 720),
    { name: '截图.png', mimeType: 'image/png', buffer: await photo(900, 900, 4, 'png') },
  ];
  await dropFiles(page.getByTestId('pic-hub-upload-drop'), dropped);
  await expect(uploadItems(page)).toHaveCount(4);
  for (const file of dropped) await expect(uploadItem(page, file.name)).toHaveAttribute('data-state', 'success', { timeout: 30_000 });

  // Two batches, two commits: each ONE commit 'upload by pichub' on top of the one before.
  const commits = github.log();
  expect(commits).toHaveLength(before + 2);
  const [second, first] = commits;
  expect([first!.message, second!.message]).toEqual(['upload by pichub', 'upload by pichub']);
  expect(second!.parents).toEqual([first!.sha]);
  const addedFirst = gitAdded(github, first!.sha);
  const addedSecond = gitAdded(github, second!.sha);
  expect(addedFirst).toHaveLength(2);
  expect(addedSecond).toHaveLength(2);

  const files = github.ls().filter((entry) => entry.path.startsWith('img/e2e/'));
  expect(files).toHaveLength(4);
  for (const entry of files) expect(entry.mode, entry.path).toBe('100644');

  // Compression on (the default): each committed picture is smaller than its original and decodes.
  const originals = await Promise.all([...pasted, ...dropped].map(async (file) => ({ file, shape: await decode(file.buffer) })));
  const ratio = (shape: { width: number; height: number }) => shape.width / shape.height;
  const matched = new Set<string>();
  for (const path of [...addedFirst, ...addedSecond]) {
    const committed = github.show(path)!;
    const picture = await decode(committed);
    const original = originals.find(({ shape }) => Math.abs(ratio(shape) - ratio(picture)) < 0.02);
    expect(original, `${path} (${picture.width} × ${picture.height}) is one of the originals`).toBeTruthy();
    matched.add(original!.file.name);
    expect(committed.length, `${path} against ${original!.file.name}`).toBeLessThan(original!.file.buffer.length);
  }
  expect(matched.size).toBe(4);

  // The links, copied in each format, are built from the active (loopback) CDN template; alt is the picked name.
  const uploaded = uploadItem(page, '海边.jpg');
  const url = (await uploaded.getByTestId('pic-hub-link-url').textContent())!;
  const path = addedFirst.find((each) => url === `${world().cdn.fast}/gh/${OWNER}/${REPO}@${BRANCH}/${each}`);
  expect(path, `${url} is one of ${addedFirst.join(', ')} on the loopback CDN`).toBeTruthy();
  const expected: Record<string, string> = {
    markdown: `![海边.jpg](${url})`,
    html: `<img src="${url}" alt="海边.jpg">`,
    url,
    ubb: `[img]${url}[/img]`,
  };
  for (const [format, text] of Object.entries(expected)) {
    await uploaded.getByTestId(`pic-hub-copy-${format}`).click();
    await expect(page.getByText('复制成功').first()).toBeVisible();
    await expect.poll(() => readClipboard(page), { message: format }).toBe(text);
  }
  // The link answers: the loopback CDN serves the committed bytes.
  const served = await fetch(url);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(github.show(path!)!)).toBe(true);
});

test('the gallery lists the uploaded pictures and its delete removes one from the repository and the list', async ({ page }) => {
  test.setTimeout(90_000);
  const github = world().github;
  await configureHub(page, world(), { path: 'gallery' });
  await openUpload(page, world());
  await pasteFiles(page, [await jpeg('要删的.jpg', 5)]);
  await expect(uploadItem(page, '要删的.jpg')).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
  const [path] = github
    .ls()
    .map((entry) => entry.path)
    .filter((each) => each.startsWith('gallery/'));
  expect(path).toBeTruthy();
  const name = path!.split('/').pop()!;

  await page.goto(pichubUrl(world(), 'gallery'));
  const card = page.getByTestId('pic-hub-gallery-card').filter({ hasText: name });
  await expect(card).toBeVisible();
  await card.getByTestId('pic-hub-gallery-check').click();
  await deleteSelected(page);
  await expect(card).toHaveCount(0, { timeout: 20_000 });
  expect(github.ls().map((entry) => entry.path)).not.toContain(path);
  expect(github.log()[0]!.parents).toHaveLength(1);
  await page.reload();
  await expect(page.getByTestId('pic-hub-gallery-card').filter({ hasText: name })).toHaveCount(0);
});

/** The docs' pictures (docs/screenshots/pic-hub-*.png), when SCREENSHOT_DIR asks for them. */
async function screenshot(page: Page, name: string, options: { drawer?: boolean } = {}): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  if (options.drawer) await expect(page.locator('.ant-drawer-content-wrapper')).toHaveCSS('transform', 'none');
  else await page.evaluate(() => window.scrollTo(0, 0));
  // No hover colour on the tab just clicked, and the tabs' ink bar at rest (its slide takes 0.3 s).
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `pic-hub-${name}.png`) });
}

/** Nothing sticks out sideways: a phone's page never scrolls horizontally. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test(
  'every tab at 375 and 1280 px, with results, the hub drawer and the CDN drawer: nothing wider than the screen',
  { tag: '@extended' },
  async ({ page }) => {
    test.setTimeout(120_000);
    await configureHub(page, world(), { path: 'screens' });
    await page.goto(pichubUrl(world(), 'setting'));
    await addCdnTemplate(page, '本机', cdnTemplate(world().cdn.fast), { activate: true });
    await openUpload(page, world());
    await pasteFiles(page, [await jpeg('晚霞.jpg', 41, 800, 600), await jpeg('湖面.jpg', 42, 800, 533)]);
    for (const name of ['晚霞.jpg', '湖面.jpg'])
      await expect(uploadItem(page, name)).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      for (const tab of ['upload', 'gallery', 'storage', 'setting', 'help', 'feedback']) {
        await page.getByTestId(`pic-hub-tab-${tab}`).click();
        await expect(page.getByRole('tab').filter({ has: page.getByTestId(`pic-hub-tab-${tab}`) })).toHaveAttribute(
          'aria-selected',
          'true',
        );
        await expect(page.getByRole('tabpanel')).toBeVisible();
        await expect(page.locator('.pic-hub__loading')).toHaveCount(0);
        expect(await overflow(page), `${tab} at ${width} px`).toBeLessThanOrEqual(0);
        // The upload tab's pictures are its own spec's (renderer/tools/pic-hub: docs/screenshots/pic-hub-1280.png).
        if (tab !== 'upload') await screenshot(page, `${tab}-${width}`);
      }
      await page.getByTestId('pic-hub-tab-storage').click();
      await hubRow(page, { path: 'screens' }).getByTestId('pic-hub-hub-edit').click();
      await expect(page.getByTestId('pic-hub-hub-form')).toBeVisible();
      await screenshot(page, `storage-drawer-${width}`, { drawer: true });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('pic-hub-hub-form')).toBeHidden();
      await page.getByTestId('pic-hub-tab-setting').click();
      await page.getByTestId('pic-hub-cdn-add').click();
      await expect(page.getByTestId('pic-hub-cdn-form')).toBeVisible();
      await screenshot(page, `setting-cdn-drawer-${width}`, { drawer: true });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('pic-hub-cdn-form')).toBeHidden();
    }
  },
);
