import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';
import {
  BRANCH,
  OWNER,
  REPO,
  addCdnTemplate,
  cdnTemplate,
  configureHub,
  decode,
  gitAdded,
  pasteFiles,
  photo,
  pichubUrl,
  setUpPicHubWorld,
} from '../../../e2e/pic-hub-kit';

/**
 * /md/editor's pictures (issue 17): pasted ones are kept with the document (IndexedDB) and shown,
 * after a reload too, and carried by the exported HTML — nothing leaves the browser; with the
 * setting on and a PicHub hub configured they go to the hub's repository and are linked by CDN URL.
 */

const editor = (page: Page) => page.locator('[data-testid="md-editor"] .cm-content');
const previewImages = (page: Page) => page.getByTestId('md-preview').locator('img');

async function openEditor(page: Page, url = '/md/editor') {
  await page.goto(url);
  await expect(editor(page)).toBeVisible({ timeout: 20_000 });
  await editor(page).click();
}

/** The picture has decoded (a broken one has no natural width). */
const expectShown = async (page: Page) =>
  expect
    .poll(
      () =>
        previewImages(page)
          .first()
          .evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      { timeout: 15_000 },
    )
    .toBe(40);

test('a pasted picture is kept with the document: shown, still there after a reload, inlined in the exported HTML', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await openEditor(page);
  // Without a PicHub hub the upload setting is off, says why, and points to /pic/hub.
  await expect(page.getByTestId('md-image-upload-switch')).toBeDisabled();
  await expect(page.getByTestId('md-image-configure-hub')).toHaveAttribute('href', '/pic/hub');

  await pasteFiles(page, [{ name: '截图.png', mimeType: 'image/png', buffer: await photo(40, 30, 1, 'png') }]);
  await expect(editor(page)).toContainText(/!\[截图\]\(md-image:[0-9a-f]+\)/);
  await expect(previewImages(page)).toHaveAttribute('src', /^blob:/);
  await expectShown(page);

  await page.reload();
  await expect(editor(page)).toContainText('md-image:', { timeout: 20_000 });
  await expectShown(page);

  await page.getByTestId('md-export-toggle').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('md-export-html').click()]);
  const htmlPath = testInfo.outputPath('export.html');
  await download.saveAs(htmlPath);
  const html = readFileSync(htmlPath, 'utf8');
  const inlined = /<img [^>]*src="data:image\/png;base64,([^"]+)"/.exec(html);
  expect(inlined, 'the picture is in the file').not.toBeNull();
  expect(await decode(Buffer.from(inlined![1]!, 'base64'))).toMatchObject({ format: 'png', width: 40, height: 30 });
  expect(html).not.toMatch(/blob:|md-image:/);

  // The .md stands alone too: the picture as a data: URL in its link (docs/decisions.md).
  const [mdDownload] = await Promise.all([page.waitForEvent('download'), page.getByTestId('md-export-md').click()]);
  const mdPath = testInfo.outputPath('export.md');
  await mdDownload.saveAs(mdPath);
  const markdown = readFileSync(mdPath, 'utf8');
  const embedded = /!\[截图\]\(data:image\/png;base64,([^)]+)\)/.exec(markdown);
  expect(embedded, 'the .md carries the picture').not.toBeNull();
  expect(await decode(Buffer.from(embedded![1]!, 'base64'))).toMatchObject({ format: 'png', width: 40 });
});

test('what is not a picture is left out with a message; a picture over 10 MB is refused (on a phone)', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openEditor(page);
  // The setting's line wraps on a phone instead of widening the page.
  await expect(page.getByTestId('md-image-setting')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await pasteFiles(page, [{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') }]);
  await expect(page.getByText('只能插入图片文件，其他文件已忽略')).toBeVisible();
  await pasteFiles(page, [
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') },
    { name: 'p.png', mimeType: 'image/png', buffer: await photo(40, 30, 2, 'png') },
  ]);
  await expect(page.getByText('已忽略 1 个不是图片的文件')).toBeVisible();
  await expect(editor(page)).toContainText('![p](md-image:');
  await expect(editor(page)).not.toContainText('just text');
  await pasteFiles(page, [{ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1) }]);
  await expect(page.getByText('图片超过 10 MB，无法插入')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('md-images-375.png') });
});

test.describe('with a PicHub hub', () => {
  const world = setUpPicHubWorld();

  test('the setting uploads a pasted picture into the hub’s repository and links it by the CDN address', async ({ page }) => {
    test.setTimeout(120_000);
    await configureHub(page, world());
    await page.goto(pichubUrl(world(), 'setting'));
    await addCdnTemplate(page, '本机', cdnTemplate(world().cdn.fast), { activate: true });
    const before = world().github.git(['rev-parse', BRANCH]).trim();

    await openEditor(page, `${world().api.url}/md/editor`);
    const toggle = page.getByTestId('md-image-upload-switch');
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('md-image-setting-hint')).toContainText(`${OWNER}/${REPO}`);
    // Pasting goes to the focused element: back to the editor after the switch took the focus.
    await editor(page).click();

    const picture = await photo(40, 30, 3, 'png');
    await pasteFiles(page, [{ name: 'diagram.png', mimeType: 'image/png', buffer: picture }]);
    const link = new RegExp(`!\\[diagram\\.png\\]\\(${world().cdn.fast}/gh/${OWNER}/${REPO}@${BRANCH}/img/e2e/[^)]+\\)`);
    await expect(editor(page)).toContainText(link, { timeout: 30_000 });
    await expect(editor(page)).not.toContainText('md-image:');

    const head = world().github.git(['rev-parse', BRANCH]).trim();
    expect(head).not.toBe(before);
    const [path] = gitAdded(world().github, head);
    expect(path).toMatch(/^img\/e2e\//);
    expect((await decode(world().github.show(path!)!)).width).toBe(40);
    // The preview shows it from the CDN, which serves the committed file.
    await expect(previewImages(page)).toHaveAttribute('src', `${world().cdn.fast}/gh/${OWNER}/${REPO}@${BRANCH}/${path}`);
    await expectShown(page);

    // The hub refusing (its token revoked) keeps the next picture in the document, saying why.
    await page.route(`${world().github.url}/**`, (route) => route.fulfill({ status: 401, body: '{"message":"Bad credentials"}' }));
    await editor(page).click();
    await pasteFiles(page, [{ name: 'second.png', mimeType: 'image/png', buffer: await photo(40, 30, 4, 'png') }]);
    await expect(page.getByText(/上传到图床失败（.+），图片已保存在文档中/)).toBeVisible({ timeout: 20_000 });
    await expect(editor(page)).toContainText('![second](md-image:');
  });
});
