import type { Page } from '@playwright/test';
import { expect, test } from '../../../e2e/privacy';
import {
  BRANCH,
  OWNER,
  REPO,
  addCdnTemplate,
  cdnRow,
  cdnTemplate,
  configureHub,
  gitAdded,
  logIn,
  pasteFiles,
  photo,
  pichubUrl,
  readClipboard,
  setUpPicHubWorld,
  apiAsAdmin,
  uploadItem,
} from '../../../e2e/pic-hub-kit';

/**
 * /pic/hub's page (issue 16, part 6): the tabs and ?tab, the setting tab kept over a reload, the
 * CDN drawer, and the upload tab's refusals and links against the GitHub test server. The
 * cross-cutting flows (sync, gallery delete, probe, system hub) are e2e/pic-hub-*.e2e.ts.
 */

const TAB_LABELS = { upload: '上传', gallery: '图片管理', storage: '图床配置', setting: '功能设置', help: '帮助', feedback: '反馈' };
const tab = (page: Page, name: string) => page.getByRole('tab', { name });

test('the page opens at 375 and 1280 px with its six tabs and no sideways scrolling', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/pic/hub');
    await expect(page.getByRole('heading', { name: '图床' }).first()).toBeVisible();
    for (const label of Object.values(TAB_LABELS)) await expect(tab(page, label)).toBeVisible();
    await expect(tab(page, '上传')).toHaveAttribute('aria-selected', 'true');
    // A visitor without a hub is told so, and the drop zone says why it does not take files.
    await expect(page.getByTestId('pic-hub-no-hub')).toBeVisible();
    await expect(page.getByTestId('pic-hub-upload-drop')).toContainText('先配置图床，才能上传');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
  }
  // English labels are longer: the setting tab's choices and the six tabs still fit a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/en/pic/hub?tab=setting');
  await expect(page.getByTestId('pic-hub-rename-type')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(tab(page, 'Feedback')).toBeInViewport({ ratio: 1 });
  // The no-hub notice keeps its text readable (its buttons once squeezed it to a letter a line).
  await tab(page, 'Upload').click();
  const notice = await page.getByTestId('pic-hub-no-hub').boundingBox();
  expect(notice!.height).toBeLessThan(250);
});

test('a browser whose database cannot open still shows the page and says why instead of loading for ever', async ({ page }) => {
  // As in some private windows: every IndexedDB open fails.
  await page.addInitScript(() => {
    IDBFactory.prototype.open = function open() {
      throw new DOMException('IndexedDB is not available here', 'InvalidStateError');
    };
  });
  await page.goto('/pic/hub');
  await expect(page.getByTestId('pic-hub-load-error')).toHaveText('浏览器存储出错（空间不足或处于隐私模式）');
  await expect(page.getByTestId('pic-hub-upload-drop')).toContainText('先配置图床，才能上传');
  await tab(page, '功能设置').click();
  await expect(page.getByTestId('pic-hub-settings')).toBeVisible();
});

test(
  'the open tab is in ?tab=, kept over a reload, and the back button returns to the one before',
  { tag: '@extended' },
  async ({ page }) => {
    await page.goto('/pic/hub');
    await tab(page, '功能设置').click();
    await expect(page).toHaveURL(/[?&]tab=setting\b/);
    await expect(page.getByTestId('pic-hub-settings')).toBeVisible();
    await tab(page, '帮助').click();
    await expect(page).toHaveURL(/[?&]tab=help\b/);
    await expect(page.getByText('如何生成 GitHub 令牌')).toBeVisible();
    await page.reload();
    await expect(tab(page, '帮助')).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(tab(page, '功能设置')).toHaveAttribute('aria-selected', 'true');
    // The call to action on the upload tab opens the storage tab.
    await page.goto('/pic/hub?tab=nonsense');
    await expect(tab(page, '上传')).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('pic-hub-configure').click();
    await expect(page).toHaveURL(/[?&]tab=storage\b/);
    await expect(tab(page, '图床配置')).toHaveAttribute('aria-selected', 'true');
    await page.goto('/pic/hub?tab=feedback');
    await expect(page.getByRole('link', { name: '去提建议' })).toHaveAttribute('href', '/user/suggest?from=%2Fpic%2Fhub');
  },
);

test('settings changed in the setting tab are kept over a reload and shown on the upload tab', async ({ page }) => {
  await page.goto('/pic/hub?tab=setting');
  const settings = page.getByTestId('pic-hub-settings');
  // The defaults of spec §9: HASH, compression on.
  await expect(settings.getByTestId('pic-hub-rename-type').getByRole('radio', { name: '内容哈希' })).toBeChecked();
  await expect(settings.getByTestId('pic-hub-compression')).toBeChecked();

  await settings.getByTestId('pic-hub-rename-type').getByText('自定义').click();
  const pattern = settings.getByTestId('pic-hub-rename-pattern');
  await pattern.fill('{y}/{name}-{oops}');
  await expect(settings.getByTestId('pic-hub-pattern-error')).toHaveText('不认识的标记：{oops}');
  await pattern.fill('shots/{name}-{hash:6}');
  await expect(settings.getByTestId('pic-hub-rename-example')).toHaveText('示例：shots/照片-3f9a1c.jpg');
  await settings.getByTestId('pic-hub-compression').click();
  await expect(settings.getByTestId('pic-hub-compress-preset')).toBeDisabled();
  await settings.getByTestId('pic-hub-link-format').getByText('HTML').click();

  await page.reload();
  await expect(settings.getByTestId('pic-hub-rename-type').getByRole('radio', { name: '自定义' })).toBeChecked();
  await expect(settings.getByTestId('pic-hub-rename-pattern')).toHaveValue('shots/{name}-{hash:6}');
  await expect(settings.getByTestId('pic-hub-compression')).not.toBeChecked();
  await expect(settings.getByTestId('pic-hub-link-format').getByRole('radio', { name: 'HTML' })).toBeChecked();

  // The upload tab's quick bar shows (and changes) the same settings.
  await tab(page, '上传').click();
  const quick = page.getByTestId('pic-hub-quick');
  await expect(quick.getByRole('radio', { name: '自定义' })).toBeChecked();
  await expect(quick.getByTestId('pic-hub-compression')).not.toBeChecked();
  await quick.getByTestId('pic-hub-compression').click();
  await tab(page, '功能设置').click();
  await expect(settings.getByTestId('pic-hub-compression')).toBeChecked();
});

test('a CDN template is checked in its drawer, added, made the one active, and deleted', async ({ page }) => {
  await page.goto('/pic/hub?tab=setting');
  await expect(cdnRow(page, 'ChinaJsDelivr')).toHaveAttribute('data-active', 'true');
  await expect(page.getByTestId('pic-hub-cdn')).toHaveCount(4);

  await page.getByRole('button', { name: '添加模板' }).click();
  const form = page.getByTestId('pic-hub-cdn-form');
  await form.getByTestId('pic-hub-cdn-name').fill('jsDelivr');
  await form.getByTestId('pic-hub-cdn-tpl').fill('ftp://cdn.example.com/{path}');
  await form.getByTestId('pic-hub-cdn-save').click();
  await expect(form.getByText('已有同名模板')).toBeVisible();
  await expect(form.getByText('模板地址必须以 https:// 或 http:// 开头')).toBeVisible();
  await form.getByTestId('pic-hub-cdn-tpl').fill('https://cdn.example.com/{owner}/{repo}');
  await expect(form.getByText('模板地址的路径里必须有 {path}')).toBeVisible();
  await form.getByTestId('pic-hub-cdn-name').fill('我的 CDN');
  await form.getByTestId('pic-hub-cdn-tpl').fill('https://img.example.com/{owner}/{repo}/{branch}/{path}');
  await expect(form.getByTestId('pic-hub-cdn-preview')).toHaveText('链接示例：https://img.example.com/owner/repo/main/example.png');
  await form.getByTestId('pic-hub-cdn-save').click();
  await expect(form).toBeHidden();
  await expect(cdnRow(page, '我的 CDN')).toHaveAttribute('data-active', 'false');

  await cdnRow(page, '我的 CDN').getByTestId('pic-hub-cdn-activate').click();
  await expect(cdnRow(page, '我的 CDN')).toHaveAttribute('data-active', 'true');
  // Exactly one active.
  await expect(page.locator('[data-testid="pic-hub-cdn"][data-active="true"]')).toHaveCount(1);
  await page.reload();
  await expect(cdnRow(page, '我的 CDN')).toHaveAttribute('data-active', 'true');

  // Deleting the active template makes ChinaJsDelivr active again; built-in ones cannot be deleted.
  await cdnRow(page, '我的 CDN').getByTestId('pic-hub-cdn-remove').click();
  await expect(cdnRow(page, '我的 CDN')).toHaveCount(0);
  await expect(cdnRow(page, 'ChinaJsDelivr')).toHaveAttribute('data-active', 'true');
  await expect(cdnRow(page, 'jsDelivr').getByTestId('pic-hub-cdn-remove')).toHaveCount(0);
});

test.describe('with a hub on the GitHub test server', () => {
  const world = setUpPicHubWorld();
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a non-image is refused on its item; a pasted photo is uploaded and its links copied, "copy all" in the default format', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const github = world().github;
    await configureHub(page, world(), { path: 'ui' });
    await page.goto(pichubUrl(world(), 'setting'));
    await addCdnTemplate(page, '本机', cdnTemplate(world().cdn.fast), { activate: true });
    await page.getByRole('tab', { name: '上传' }).click();
    await expect(page.getByTestId('pic-hub-active-hub')).toHaveText(`${OWNER}/${REPO}@${BRANCH}/ui`);
    const commits = github.log().length;
    // The tab's drop zone listens for pastes once it is drawn and enabled.
    await expect(page.getByTestId('pic-hub-upload-drop')).toHaveAttribute('aria-disabled', 'false');

    await pasteFiles(page, [{ name: '说明.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('只是文字，不是图片。'.repeat(30)) }]);
    const refused = uploadItem(page, '说明.jpg');
    await expect(refused).toHaveAttribute('data-state', 'error');
    await expect(refused.getByTestId('pic-hub-upload-error')).toHaveText('不是图片文件，只能上传图片');
    expect(github.log()).toHaveLength(commits);

    await pasteFiles(page, [{ name: '晚霞.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 600, 7) }]);
    const uploaded = uploadItem(page, '晚霞.jpg');
    await expect(uploaded).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
    expect(github.log()).toHaveLength(commits + 1);
    const [path] = gitAdded(github, github.log()[0]!.sha);
    expect(path).toMatch(/^ui\/[0-9a-f]{16}\.(jpg|webp)$/);
    const url = `${world().cdn.fast}/gh/${OWNER}/${REPO}@${BRANCH}/${path}`;

    await expect(uploaded.getByTestId('pic-hub-link-url')).toHaveText(url);
    await uploaded.getByTestId('pic-hub-copy-ubb').click();
    await expect(page.getByText('复制成功').first()).toBeVisible();
    await expect.poll(() => readClipboard(page)).toBe(`[img]${url}[/img]`);
    await page.getByTestId('pic-hub-copy-all').click();
    await expect.poll(() => readClipboard(page)).toBe(`![晚霞.jpg](${url})`);

    // The failed item is retried in place (still no picture: still refused) and removed.
    await refused.getByTestId('pic-hub-retry').click();
    await expect(refused).toHaveAttribute('data-state', 'error');
    await refused.getByRole('button', { name: '移除' }).click();
    await expect(refused).toHaveCount(0);
  });

  test('a custom pattern that arrives from the account after the setting tab opened replaces the field', async ({ page, context }) => {
    await logIn(context, world());
    await apiAsAdmin(world(), '/api/busi/pic-hub/settings/mine/save', {
      method: 'POST',
      body: { settings: JSON.stringify({ renameType: 'CUST', renamePattern: 'account/{name}' }), githubCdns: '[]' },
    });
    // The account's answer comes after the tab has drawn this browser's settings.
    await page.route(/\/api\/busi\/pic-hub\/settings\/mine(\?|$)/, async (route) => {
      await new Promise((done) => setTimeout(done, 1500));
      await route.continue();
    });
    await page.goto(pichubUrl(world(), 'setting'));
    await expect(page.getByTestId('pic-hub-rename-type')).toBeVisible();
    await expect(page.getByTestId('pic-hub-rename-type').getByRole('radio', { name: '自定义' })).toBeChecked();
    await expect(page.getByTestId('pic-hub-rename-pattern')).toHaveValue('account/{name}');
  });
});
