import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { HubFile, HubRecord } from '@shared/contracts/pic-hub-base';
import { expect, test } from '../../../e2e/privacy';
import {
  BRANCH,
  OWNER,
  REPO,
  TOKEN,
  addCdnTemplate,
  cdnTemplate,
  configureHub,
  logIn,
  photo,
  pichubUrl,
  setUpPicHubWorld,
  deleteSelected,
} from '../../../e2e/pic-hub-kit';

/**
 * PicHub's storage and gallery tabs and the back office's system hub page (issue 16, part 7): the
 * hub drawer's checks, the inactive hub types, the gallery's empty state, filter, search, selection,
 * links in four formats, the viewer at phone and desktop width, delete from the repository (git)
 * and a failed delete that keeps its record, and the admin setting and clearing the system hub.
 */

const world = setUpPicHubWorld();
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const CDN = 'https://cdn.jsdmirror.com/gh';

function hub(gid: string, path: string, createTime: number): HubRecord {
  return {
    gid,
    type: 'GITHUB',
    config: JSON.stringify({ id: gid, owner: 'octo', repo: 'pics', branch: 'main', path, updateTime: createTime }),
    storage: 'LOCAL',
    isSysDefault: false,
    isDefault: gid === 'hub-a',
    updateTime: createTime,
    createTime,
  };
}

function file(gid: string, hubId: string, name: string, createTime: string, extra: Partial<HubFile> = {}): HubFile {
  const path = `${hubId === 'hub-a' ? 'img' : 'blog'}/${name}`;
  return {
    gid,
    originalName: `原图-${name}`,
    originalSize: 2048,
    name,
    path,
    size: 1024,
    hubId,
    type: 'GITHUB',
    mediaType: 'image/png',
    storage: 'LOCAL',
    createTime,
    config: JSON.stringify({ owner: 'octo', repo: 'pics', branch: 'main' }),
    sha: 'a'.repeat(40),
    ...extra,
  };
}

/**
 * Puts records in the page's PicHub database as the upload would have left them. The page must have
 * opened the database first (its upgrade makes the stores); the page is reloaded to read them.
 */
async function seed(page: Page, hubs: HubRecord[], files: HubFile[]): Promise<void> {
  await page.evaluate(
    async ({ hubs, files }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('PicHub');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const transaction = db.transaction(['hub', 'file'], 'readwrite');
      for (const one of hubs) transaction.objectStore('hub').put(one);
      for (const one of files) transaction.objectStore('file').put(one);
      await new Promise((resolve, reject) => {
        transaction.oncomplete = resolve;
        transaction.onerror = () => reject(transaction.error);
      });
      db.close();
    },
    { hubs, files },
  );
  await page.reload();
}

/** The hubs this browser keeps (read from its database, as the storage tab does). */
const storedHubs = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('PicHub');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = await new Promise<HubRecord[]>((resolve, reject) => {
      const request = db.transaction('hub').objectStore('hub').getAll();
      request.onsuccess = () => resolve(request.result as HubRecord[]);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return all;
  });

/** Puts a file in the test repository as GitHub's contents API does; answers its blob sha. */
async function commit(path: string, bytes: Buffer): Promise<string> {
  const put = await fetch(`${world().github.url}/repos/${OWNER}/${REPO}/contents/${path}`, {
    method: 'PUT',
    headers: { Authorization: `token ${TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: 'upload by pichub', branch: BRANCH, content: bytes.toString('base64') }),
  });
  expect(put.status).toBe(201);
  return ((await put.json()) as { content: { sha: string } }).content.sha;
}

/** Pictures for the docs and for looking at the tabs (SCREENSHOT_DIR set); nothing otherwise. */
async function shot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  // Drawers slide in and checkboxes fade: the picture waits for them to settle.
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`) });
}

const cards = (page: Page) => page.getByTestId('pic-hub-gallery-card');
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('storage: IMGUR and TELEGRA are listed as not available, the drawer names empty and unsafe fields, and the token help opens the help tab', async ({
  page,
}) => {
  await page.goto(pichubUrl(world(), 'storage'));
  await expect(page.getByTestId('pic-hub-type-GITHUB')).not.toHaveAttribute('aria-disabled');
  for (const type of ['IMGUR', 'TELEGRA']) {
    await expect(page.getByTestId(`pic-hub-type-${type}`)).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByTestId(`pic-hub-type-${type}-inactive`)).toHaveText('暂未开放');
  }
  await expect(page.getByTestId('pic-hub-hubs-empty')).toContainText('还没有图床');

  await page.getByTestId('pic-hub-hub-add').click();
  const form = page.getByTestId('pic-hub-hub-form');
  await expect(form.getByTestId('pic-hub-hub-branch')).toHaveValue('main');
  await form.getByTestId('pic-hub-hub-branch').fill('');
  await form.getByTestId('pic-hub-hub-save').click();
  await expect(form.getByTestId('pic-hub-hub-owner-problem')).toHaveText('请填写用户名或组织');
  await expect(form.getByTestId('pic-hub-hub-repo-problem')).toHaveText('请填写仓库名');
  await expect(form.getByTestId('pic-hub-hub-branch-problem')).toHaveText('请填写分支');
  await expect(form.getByTestId('pic-hub-hub-token-problem')).toHaveText('请填写访问令牌');

  await form.getByTestId('pic-hub-hub-owner').fill('octo cat');
  await form.getByTestId('pic-hub-hub-repo').fill('pics');
  await form.getByTestId('pic-hub-hub-branch').fill('main');
  await form.getByTestId('pic-hub-hub-path').fill('img/../../secret');
  await form.getByTestId('pic-hub-hub-token').fill('ghp_x');
  await form.getByTestId('pic-hub-hub-advanced').click();
  await form.getByTestId('pic-hub-hub-apiBaseUrl').fill('ftp://example.com');
  await form.getByTestId('pic-hub-hub-save').click();
  await expect(form.getByTestId('pic-hub-hub-owner-problem')).toHaveText('只能包含字母、数字、“-”、“_”和“.”');
  await expect(form.getByTestId('pic-hub-hub-path-problem')).toHaveText('目录不能包含“..”或控制字符');
  await expect(form.getByTestId('pic-hub-hub-apiBaseUrl-problem')).toHaveText('请填写以 http:// 或 https:// 开头的地址');
  await expect(form.getByTestId('pic-hub-hub-repo-problem')).toHaveCount(0);
  // Nothing was asked of GitHub and nothing was kept.
  expect(await storedHubs(page)).toEqual([]);

  await form.getByTestId('pic-hub-hub-token-help').click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/tab=help/);
});

test('storage: a hub saved with slashes around its folder keeps it without them; its token shows masked and is kept when left empty', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // configureHub types '/img/e2e/' and finds the row by 'baibao/pictures@main/img/e2e'.
  await configureHub(page, world());
  const [saved] = await storedHubs(page);
  expect(JSON.parse(saved!.config)).toMatchObject({
    owner: OWNER,
    repo: REPO,
    branch: BRANCH,
    path: 'img/e2e',
    apiBaseUrl: world().github.url,
  });
  expect(saved!.config).not.toContain(TOKEN);
  await expect(page.getByTestId('pic-hub-hub-storage')).toHaveText('仅本机');

  await shot(page, 'pic-hub-storage-list-1280');
  await page.getByTestId('pic-hub-hub-edit').click();
  const form = page.getByTestId('pic-hub-hub-form');
  await shot(page, 'pic-hub-storage-drawer-1280');
  await expect(form.getByTestId('pic-hub-hub-token-saved')).toContainText(`${TOKEN.slice(0, 4)}••••••••${TOKEN.slice(-4)}`);
  await expect(form.getByTestId('pic-hub-hub-token')).toHaveValue('');
  await form.getByTestId('pic-hub-hub-path').fill('img/edited/');
  await form.getByTestId('pic-hub-hub-save').click();
  await expect(form).toBeHidden({ timeout: 15_000 });
  await expect(page.getByTestId('pic-hub-hub-label')).toHaveText(`${OWNER}/${REPO}@${BRANCH}/img/edited`);

  await page.getByTestId('pic-hub-hub-delete').click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await expect(page.getByTestId('pic-hub-hubs-empty')).toBeVisible();
  expect(await storedHubs(page)).toEqual([]);
});

test('gallery: the empty state, then records filtered by hub and name, selected, copied in four formats, newest first', async ({
  page,
}) => {
  await page.goto(pichubUrl(world(), 'gallery'));
  await expect(page.getByTestId('pic-hub-gallery-empty')).toHaveText('没有数据...');

  await seed(
    page,
    [hub('hub-a', 'img', 1), hub('hub-b', 'blog', 2)],
    [
      file('f1', 'hub-a', 'cat.png', '2026-11-01 08:00:00'),
      file('f2', 'hub-a', '猫咪 2.png', '2026-11-03 08:00:00'),
      file('f3', 'hub-b', 'dog.png', '2026-11-02 08:00:00'),
    ],
  );
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByTestId('pic-hub-gallery-name')).toHaveText(['猫咪 2.png', 'dog.png', 'cat.png']);
  await shot(page, 'pic-hub-gallery-list-1280');

  await page.getByTestId('pic-hub-gallery-hub').selectOption({ label: 'octo/pics@main/blog' });
  await expect(page.getByTestId('pic-hub-gallery-name')).toHaveText(['dog.png']);
  await page.getByTestId('pic-hub-gallery-hub').selectOption({ label: '全部图床' });
  await page.getByTestId('pic-hub-gallery-search').fill('猫');
  await expect(page.getByTestId('pic-hub-gallery-name')).toHaveText(['猫咪 2.png']);
  await page.getByTestId('pic-hub-gallery-search').fill('');
  await expect(cards(page)).toHaveCount(3);

  await page.getByTestId('pic-hub-gallery-select-page').check();
  await expect(page.getByTestId('pic-hub-gallery-count')).toHaveText('已选 3 张');
  await cards(page).filter({ hasText: 'dog.png' }).getByTestId('pic-hub-gallery-check').uncheck();
  await expect(page.getByTestId('pic-hub-gallery-count')).toHaveText('已选 2 张');

  const urls = [`${CDN}/octo/pics@main/img/%E7%8C%AB%E5%92%AA%202.png`, `${CDN}/octo/pics@main/img/cat.png`];
  const expected = {
    url: urls.join('\n'),
    markdown: `![原图-猫咪 2.png](${urls[0]})\n![原图-cat.png](${urls[1]})`,
    html: `<img src="${urls[0]}" alt="原图-猫咪 2.png">\n<img src="${urls[1]}" alt="原图-cat.png">`,
    ubb: `[img]${urls[0]}[/img]\n[img]${urls[1]}[/img]`,
  };
  for (const [format, text] of Object.entries(expected)) {
    await page
      .getByTestId('pic-hub-gallery-format')
      .getByText(format === 'url' ? 'URL' : format === 'ubb' ? 'UBB' : format === 'html' ? 'HTML' : 'Markdown', { exact: true })
      .click();
    await page.getByTestId('pic-hub-gallery-copy').click();
    await expect(page.getByText('复制成功').last()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText()), format).toBe(text);
  }
});

test('gallery: a picture the CDN cannot serve shows the thumbnail kept at upload, in its card and the viewer', async ({ page }) => {
  await page.goto(pichubUrl(world(), 'gallery'));
  await expect(page.getByTestId('pic-hub-gallery-empty')).toBeVisible();
  // The default template (ChinaJsDelivr) cannot be reached from the test machine.
  await seed(
    page,
    [],
    [file('kept', 'hub-a', 'kept.png', '2026-11-04 10:00:00'), file('bare', 'hub-a', 'bare.png', '2026-11-03 10:00:00')],
  );
  await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#3a7';
    context.fillRect(0, 0, 64, 48);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), 'image/png'));
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('PicHub');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const transaction = db.transaction('thumbnail', 'readwrite');
    transaction.objectStore('thumbnail').put({ type: 'GITHUB', gid: 'kept', blob });
    await new Promise((resolve) => (transaction.oncomplete = resolve));
    db.close();
  });
  await page.reload();
  const kept = cards(page).filter({ hasText: 'kept.png' });
  await expect
    .poll(() => kept.getByTestId('pic-hub-thumb').evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 15_000 })
    .toBe(64);
  await expect(kept.getByTestId('pic-hub-thumb')).toHaveAttribute('src', /^blob:/);
  // No kept thumbnail and no CDN: a placeholder, never a broken image.
  await expect(cards(page).filter({ hasText: 'bare.png' }).locator('.ph-thumb')).toHaveAttribute('data-state', 'broken', {
    timeout: 15_000,
  });

  await kept.getByTestId('pic-hub-gallery-open').click();
  const viewer = page.getByTestId('pic-hub-viewer');
  await expect
    .poll(() => viewer.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth), { timeout: 15_000 })
    .toBe(64);
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('alert')).toHaveText('图片加载失败：链接可能还没在 CDN 生效，可换一个 CDN 模板再试', { timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
});

test('gallery: a delete that fails keeps its record and says why', async ({ page }) => {
  await page.goto(pichubUrl(world(), 'gallery'));
  await expect(page.getByTestId('pic-hub-gallery-empty')).toBeVisible();
  // Its hub is not in this browser, so there is no token to delete the file with.
  await seed(page, [], [file('lost', 'hub-gone', 'orphan.png', '2026-11-05 10:00:00')]);
  await expect(cards(page)).toHaveCount(1);
  await page.getByTestId('pic-hub-gallery-check').check();
  await deleteSelected(page);
  await expect(page.getByText(/orphan\.png 删除失败：.+，记录已保留/)).toBeVisible();
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
});

test('gallery: delete removes the file from the repository (git) and the list', { tag: '@extended' }, async ({ page }) => {
  test.setTimeout(60_000);
  await configureHub(page, world(), { path: 'del' });
  const gid = (await storedHubs(page)).find((one) => JSON.parse(one.config).path === 'del')!.gid;
  const path = 'del/to-delete.png';
  const sha = await commit(path, Buffer.from('not really a png'));
  expect(world().github.show(path, BRANCH)).toBeDefined();
  const commits = world().github.log().length;

  await page.goto(pichubUrl(world(), 'gallery'));
  await seed(
    page,
    [],
    [
      file('remote-one', gid, 'to-delete.png', '2026-11-06 10:00:00', {
        path,
        sha,
        config: JSON.stringify({ owner: OWNER, repo: REPO, branch: BRANCH }),
      }),
    ],
  );
  await expect(cards(page)).toHaveCount(1);
  await page.getByTestId('pic-hub-gallery-check').check();
  await deleteSelected(page);
  await expect(page.getByTestId('pic-hub-gallery-empty')).toBeVisible({ timeout: 15_000 });
  expect(world().github.show(path, BRANCH)).toBeUndefined();
  expect(world().github.log()).toHaveLength(commits + 1);
});

test(
  'gallery viewer: opens from a card, turns with the arrow keys and its buttons, closes with Esc or its button, at 375 and 1280 px',
  { tag: '@extended' },
  async ({ page }) => {
    test.setTimeout(90_000);
    // Real pictures in the repository, served by a loopback CDN made the active template.
    const records: HubFile[] = [];
    for (const [index, name] of ['first.jpg', 'second.jpg'].entries()) {
      const path = `viewer/${name}`;
      const sha = await commit(path, await photo(index === 0 ? 800 : 480, 600, index + 7));
      const config = JSON.stringify({ owner: OWNER, repo: REPO, branch: BRANCH });
      records.push(file(`v${index}`, 'hub-a', name, `2026-11-0${3 - index} 08:00:00`, { path, sha, config, mediaType: 'image/jpeg' }));
    }
    await page.goto(pichubUrl(world(), 'setting'));
    await addCdnTemplate(page, '本机', cdnTemplate(world().cdn.fast), { activate: true });
    await page.goto(pichubUrl(world(), 'gallery'));
    await expect(page.getByTestId('pic-hub-gallery-empty')).toBeVisible();
    await seed(page, [hub('hub-a', 'viewer', 1)], records);
    // The thumbnails load from the CDN once in view.
    await expect(page.getByTestId('pic-hub-thumb')).toHaveCount(2);
    await expect
      .poll(() =>
        page
          .getByTestId('pic-hub-thumb')
          .first()
          .evaluate((image) => (image as HTMLImageElement).naturalWidth),
      )
      .toBe(800);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await expect(cards(page)).toHaveCount(2);
      expect(await overflow(page), `gallery at ${width} px`).toBeLessThanOrEqual(0);
      await cards(page).first().getByTestId('pic-hub-gallery-check').check();
      await shot(page, `pic-hub-gallery-select-${width}`);
      await cards(page).first().getByTestId('pic-hub-gallery-check').uncheck();
      await cards(page).first().getByTestId('pic-hub-gallery-open').click();
      const viewer = page.getByTestId('pic-hub-viewer');
      await expect(viewer).toBeVisible();
      await expect(viewer.getByTestId('pic-hub-viewer-name')).toHaveText('first.jpg');
      await expect(viewer.getByTestId('pic-hub-viewer-position')).toHaveText('第 1 / 2 张');
      await expect(viewer.getByText('2026-11-03 08:00:00')).toBeVisible();
      await expect(viewer.locator('code')).toHaveCount(4);
      await expect(viewer.locator('code').nth(2)).toHaveText(`${world().cdn.fast}/gh/${OWNER}/${REPO}@${BRANCH}/viewer/first.jpg`);
      await expect.poll(() => viewer.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(800);
      await shot(page, `pic-hub-viewer-${width}`);
      await page.keyboard.press('ArrowRight');
      await expect(viewer.getByTestId('pic-hub-viewer-name')).toHaveText('second.jpg');
      await viewer.getByTestId('pic-hub-viewer-next').click();
      await expect(viewer.getByTestId('pic-hub-viewer-name')).toHaveText('first.jpg');
      await page.keyboard.press('ArrowLeft');
      await expect(viewer.getByTestId('pic-hub-viewer-name')).toHaveText('second.jpg');
      expect(await overflow(page), `viewer at ${width} px`).toBeLessThanOrEqual(0);
      if (width === 375) {
        await viewer.getByTestId('pic-hub-viewer-close').click();
      } else {
        await page.keyboard.press('Escape');
      }
      await expect(viewer).toBeHidden();
      await expect(cards(page).first().getByTestId('pic-hub-gallery-open')).toBeFocused();
    }
  },
);

test.describe('on a phone with a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 812 } });

  test('gallery viewer: a swipe left shows the next picture, a swipe right the one before', async ({ page }) => {
    await page.goto(pichubUrl(world(), 'gallery'));
    await expect(page.getByTestId('pic-hub-gallery-empty')).toBeVisible();
    await seed(page, [], [file('s1', 'hub-a', 'one.png', '2026-11-03 08:00:00'), file('s2', 'hub-a', 'two.png', '2026-11-02 08:00:00')]);
    await cards(page).first().getByTestId('pic-hub-gallery-open').tap();
    const viewer = page.getByTestId('pic-hub-viewer');
    await expect(viewer.getByTestId('pic-hub-viewer-name')).toHaveText('one.png');
    const swipe = (dx: number) =>
      viewer.locator('.ph-viewer__stage').evaluate((stage, distance) => {
        const at = (x: number) => new Touch({ identifier: 1, target: stage, clientX: x, clientY: 300 });
        stage.dispatchEvent(new TouchEvent('touchstart', { touches: [at(200)], changedTouches: [at(200)], bubbles: true }));
        stage.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [at(200 + distance)], bubbles: true }));
      }, dx);
    await swipe(-120);
    await expect(viewer.getByTestId('pic-hub-viewer-name')).toHaveText('two.png');
    await swipe(120);
    await expect(viewer.getByTestId('pic-hub-viewer-name')).toHaveText('one.png');
    // A short drag is no swipe.
    await swipe(-20);
    await expect(viewer.getByTestId('pic-hub-viewer-name')).toHaveText('one.png');
  });
});

test('the admin sets the system hub (its token checked, never shown again) and clears it', async ({ page, context, browser }) => {
  test.setTimeout(60_000);
  await logIn(context, world());
  await page.goto(`${world().api.url}/admin/pic-hub`);
  await expect(page.getByTestId('admin-pic-hub-none')).toBeVisible();
  await page.getByTestId('admin-pic-hub-save').click();
  await expect(page.getByText('请填写用户名或组织')).toBeVisible();

  await page.getByTestId('admin-pic-hub-owner').fill(OWNER);
  await page.getByTestId('admin-pic-hub-repo').fill(REPO);
  await page.getByTestId('admin-pic-hub-path').fill('/sys/');
  await page.getByTestId('admin-pic-hub-token').fill('ghp_wrong_token_for_the_check_00000000');
  await page.getByText('高级：API 地址（GitHub Enterprise）').click();
  await page.getByTestId('admin-pic-hub-api').fill(world().github.url);
  await page.getByTestId('admin-pic-hub-save').click();
  await expect(page.getByTestId('admin-pic-hub-failure')).toHaveText('认证失败：令牌无效或已过期');
  await expect(page.getByTestId('admin-pic-hub-none')).toBeVisible();

  await page.getByTestId('admin-pic-hub-token').fill(TOKEN);
  await page.getByTestId('admin-pic-hub-save').click();
  await expect(page.getByTestId('admin-pic-hub-current')).toContainText(`${OWNER}/${REPO}@${BRANCH}/sys`);
  if (process.env.SCREENSHOT_DIR) {
    // The saved toast is gone after its 3 s, and the page is shown from its top.
    await page.waitForTimeout(3500);
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await shot(page, 'admin-pic-hub-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await overflow(page), 'the admin page at 375 px').toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'admin-pic-hub-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId('admin-pic-hub-token')).toHaveValue('');
  const offered = await (await fetch(`${world().api.url}/api/busi/pic-hub/sys/default`)).text();
  expect(offered).toContain(REPO);
  expect(offered).not.toContain(TOKEN);
  await expect(page.getByText(TOKEN)).toHaveCount(0);

  // A visitor's storage tab offers it read-only, in use while they have no hub of their own; in English too.
  const visitor = await browser.newContext();
  try {
    const other = await visitor.newPage();
    await other.goto(`${world().api.url}/en/pic/hub?tab=storage`);
    const system = other.getByTestId('pic-hub-hub-system');
    await expect(system.getByTestId('pic-hub-hub-label')).toHaveText(`${OWNER}/${REPO}@${BRANCH}/sys`);
    await expect(system).toContainText('System hub');
    await expect(system.getByTestId('pic-hub-hub-active')).toHaveText('In use');
    await expect(system.getByTestId('pic-hub-hub-edit')).toHaveCount(0);
    await expect(system.getByTestId('pic-hub-hub-delete')).toHaveCount(0);
    await expect(other.getByTestId('pic-hub-type-IMGUR-inactive')).toHaveText('Not available yet');
  } finally {
    await visitor.close();
  }

  await page.getByTestId('admin-pic-hub-clear').click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.getByTestId('admin-pic-hub-none')).toBeVisible();
  const cleared = (await (await fetch(`${world().api.url}/api/busi/pic-hub/sys/default`)).json()) as { data: unknown };
  expect(cleared.data).toBeNull();
});
