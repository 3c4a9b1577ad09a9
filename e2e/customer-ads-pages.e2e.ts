import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { adCacheKey } from '../shared/contracts/ads-base';
import type { AdInput, CustomerAd, SiteAdsResponse } from '../shared/contracts/ads-base';
import { adminTokens, logIn, startApi } from './live-api-kit';
import { registerMember, signIn } from './member-kit';
import { horizontalOverflow } from './shell-kit';

/**
 * My ads and the back office's ads (issue 19) against the real server: a member publishes an ad
 * with a picture, the admin approves it, visitors get it, the member pauses it and visitors no
 * longer do; the form's refusals; the back office closed to members. Each test has its own API
 * server (and so its own members and ads, and registrations that do not count against the suite
 * server's per-address limit).
 */

let api: { url: string; dir: string; child: ChildProcess };

/** The back office's ads page in the admin's own browser, filtered to one member's ads. */
async function adminAdsOf(adminContext: BrowserContext, userName: string): Promise<Page> {
  await logIn(adminContext, api.url);
  const admin = await adminContext.newPage();
  await admin.goto(`${api.url}/admin/ads`);
  await admin.getByTestId('admin-ads-owner').fill(userName);
  return admin;
}

test.beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'baibao-e2e-ads-pages-'));
  api = { ...(await startApi(dir)), dir };
});

test.afterEach(async () => {
  api.child.kill('SIGTERM');
  await rm(api.dir, { recursive: true, force: true });
});

const picture = () =>
  sharp({ create: { width: 600, height: 90, channels: 3, background: '#ff8800' } })
    .png()
    .toBuffer();

/** Random pixels do not compress: about 3 MB of PNG, over the 2 MB cap. */
const oversizedPicture = () =>
  sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

const fieldError = (page: Page, testId: string): Locator =>
  page.locator('.ant-form-item', { has: page.getByTestId(testId) }).locator('.ant-form-item-explain-error');

async function siteAdIds(): Promise<number[]> {
  const body = (await (await fetch(`${api.url}/api/system/customer-ads/site`)).json()) as { code: number; data: SiteAdsResponse };
  expect(body.code).toBe(20000);
  return (body.data.ads ?? []).map((ad) => ad.id);
}

/** A visitor's first page: it shows no ads yet, and its call for them fills the visitor's cache. */
async function firstVisitorPage(visitor: Page): Promise<void> {
  const answered = visitor.waitForResponse((response) => response.url().includes('/api/system/customer-ads/site'));
  await visitor.goto(`${api.url}/`);
  await answered;
}

const dateDaysAhead = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

const confirmButton = (page: Page) => page.locator('.ant-popconfirm').getByRole('button', { name: /确\s?定|OK/ });

test('a member publishes an ad, the admin approves it, visitors get it until the member pauses it', async ({ page, context, browser }) => {
  // Two browser contexts and a picture upload: a minute is short on a loaded 2-core machine.
  test.setTimeout(120_000);
  const member = await registerMember(api, 'ad');
  await signIn(context, api.url, member);
  const text = `e2e ad ${randomBytes(4).toString('hex')}`;

  await page.goto(`${api.url}/user/center/ads`);
  await expect(page.getByTestId('my-ads-adcoin')).toContainText('0');
  await page.getByTestId('ad-publish').click();
  const drawer = page.getByTestId('ad-form-drawer');
  await expect(drawer).toBeVisible();
  await page.getByTestId('ad-image-input').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await picture() });
  await expect(page.getByTestId('ad-image-current')).toBeVisible();
  await page.getByTestId('ad-text').fill(text);
  await page.getByTestId('ad-link').fill('https://example.com/e2e-ad');
  await page.getByTestId('ad-ribbon-text').fill('新品');
  await page.getByTestId('ad-expiry').fill(dateDaysAhead(7));
  await expect(drawer.getByTestId('ad-preview')).toContainText(text);
  await page.getByTestId('ad-submit').click();
  await expect(drawer).toBeHidden();

  const row = page.getByTestId('my-ads-table').locator('tr', { hasText: text });
  const status = row.locator('[data-testid^="ad-status-"]');
  await expect(status).toHaveAttribute('data-status', 'PENDING');
  const id = Number((await status.getAttribute('data-testid'))?.replace('ad-status-', ''));
  expect(id).toBeGreaterThan(0);
  expect(await siteAdIds()).not.toContain(id);

  // The full preview draws the uploaded picture the server now serves.
  await page.getByTestId(`ad-preview-${id}`).click();
  const full = page.getByTestId('ad-preview-full');
  await expect(full.locator('img')).toHaveAttribute('src', /\/api\/system\/customer-ads\/image\//);
  await expect.poll(() => full.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(600);
  await page.keyboard.press('Escape');

  const adminContext = await browser.newContext();
  try {
    const admin = await adminAdsOf(adminContext, member.userName);
    await expect(admin.getByTestId('admin-ads-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await admin.getByTestId(`admin-ad-approve-${id}`).click();
    await expect(admin.getByTestId(`ad-status-${id}`)).toHaveAttribute('data-status', 'APPROVED');
  } finally {
    await adminContext.close();
  }

  // A visitor's page shows it now: the first visit fills the visitor's ad cache, the next page opens with the ad.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await firstVisitorPage(visitor);
  await expect
    .poll(() => visitor.evaluate((key) => localStorage.getItem(key) ?? '', adCacheKey(new URL(api.url).hostname)))
    .toContain(`"id":${id}`);
  await visitor.reload();
  const banner = visitor.getByTestId('ad-top-banner');
  await expect(banner).toContainText(text);
  await expect(banner).toHaveAttribute('data-ad-id', String(id));
  await expect.poll(() => banner.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(600);

  await page.reload();
  await expect(page.getByTestId(`ad-status-${id}`)).toHaveAttribute('data-status', 'APPROVED');
  await expect(page.getByTestId(`ad-edit-${id}`)).toHaveCount(0);
  await page.getByTestId(`ad-pause-${id}`).click();
  await expect(page.getByTestId(`ad-status-${id}`)).toHaveAttribute('data-status', 'PAUSED');
  await expect(page.getByTestId(`ad-resume-${id}`)).toBeVisible();
  // The visitor's next page opens with the cached ad and drops it when the server's newer list
  // comes (its empty box stays while the page is open); the page after it has no box.
  await visitor.reload();
  await expect(banner).toBeEmpty();
  await visitor.reload();
  await expect(visitor.getByTestId('home')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await visitorContext.close();

  await page.getByTestId(`ad-delete-${id}`).click();
  await confirmButton(page).click();
  await expect(page.getByTestId(`ad-status-${id}`)).toHaveCount(0);
});

test(
  "the admin's pause is the admin's to lift; deleted ads show in the back office on request and go for good",
  { tag: '@extended' },
  async ({ page, context, browser }) => {
    test.setTimeout(120_000);
    const member = await registerMember(api, 'adpause');
    const adminToken = await adminAccessToken();
    const ad = await call<CustomerAd>('/api/system/customer-ads/publish', member.accessToken, {
      type: 'TOP_MINI_BANNER',
      settings: { text: `paused ${randomBytes(4).toString('hex')}` },
      expirationTime: Date.now() + 24 * 3600 * 1000,
    });
    await call('/api/system/customer-ads/change-status', adminToken, { id: ad.id, status: 'APPROVED' });
    await call('/api/system/customer-ads/change-status', adminToken, { id: ad.id, status: 'PAUSED' });

    await signIn(context, api.url, member);
    await page.goto(`${api.url}/user/center/ads`);
    await expect(page.getByTestId(`ad-status-${ad.id}`)).toHaveAttribute('data-status', 'PAUSED');
    await expect(page.getByTestId(`ad-paused-by-admin-${ad.id}`)).toHaveText('站长暂停了这条广告，如有疑问请联系站长');
    await expect(page.getByTestId(`ad-resume-${ad.id}`)).toHaveCount(0);
    await page.getByTestId(`ad-delete-${ad.id}`).click();
    await confirmButton(page).click();
    await expect(page.getByTestId(`ad-status-${ad.id}`)).toHaveCount(0);

    const adminContext = await browser.newContext();
    try {
      const admin = await adminAdsOf(adminContext, member.userName);
      const rows = admin.getByTestId('admin-ads-table').locator('tbody tr.ant-table-row');
      await expect(admin.getByTestId('admin-ads-table')).toContainText('暂无数据');
      expect(await adminTotal(adminToken, member.userName, false)).toBe(0);
      expect(await adminTotal(adminToken, member.userName, true)).toBe(1);
      await admin.getByTestId('admin-ads-deleted').check();
      await expect(rows).toHaveCount(1);
      await expect(admin.getByTestId(`admin-ad-deleted-${ad.id}`)).toBeVisible();
      // A deleted ad is past reviewing: only the hard delete is offered.
      await expect(admin.getByTestId(`admin-ad-resume-${ad.id}`)).toHaveCount(0);
      await admin.getByTestId(`admin-ad-remove-${ad.id}`).click();
      await confirmButton(admin).click();
      await expect(admin.getByTestId('admin-ads-table')).toContainText('暂无数据');
    } finally {
      await adminContext.close();
    }
  },
);

test('the publish form refuses bad input with translated messages and keeps what was typed', async ({ page, context }) => {
  test.setTimeout(120_000);
  const member = await registerMember(api, 'adbad');
  await signIn(context, api.url, member);
  const text = `bad input ${randomBytes(4).toString('hex')}`;

  await page.goto(`${api.url}/user/center/ads`);
  await page.getByTestId('ad-publish').click();
  await page.getByTestId('ad-text').fill(text);

  await page.getByTestId('ad-link').fill('javascript:alert(1)');
  await page.getByTestId('ad-expiry').fill(dateDaysAhead(-1));
  await page.getByTestId('ad-submit').click();
  await expect(fieldError(page, 'ad-link')).toHaveText('链接须为 http:// 或 https:// 开头的网址（最多 2048 个字符）');
  await expect(fieldError(page, 'ad-expiry')).toHaveText('到期时间不能早于现在');

  await page.getByTestId('ad-image-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: await oversizedPicture() });
  await expect(fieldError(page, 'ad-image-input')).toHaveText('广告图片不能超过 2 MB');
  await page
    .getByTestId('ad-image-input')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  // The old message fades out while the new one comes in: both are there for a moment.
  const imageItem = page.locator('.ant-form-item', { has: page.getByTestId('ad-image-input') });
  await expect(imageItem.getByText('广告图片无法读取')).toBeVisible();
  await expect(imageItem.getByText('广告图片不能超过 2 MB')).toHaveCount(0);

  // Nothing typed was lost, and nothing was sent.
  await expect(page.getByTestId('ad-text')).toHaveValue(text);
  await expect(page.getByTestId('ad-link')).toHaveValue('javascript:alert(1)');
  await expect(page.getByTestId('ad-form-drawer')).toBeVisible();

  // Fixed, the same form goes through.
  await page.getByTestId('ad-image-remove').click();
  await page.getByTestId('ad-link').fill('https://example.com/fixed');
  await page.getByTestId('ad-expiry').fill(dateDaysAhead(3));
  await page.getByTestId('ad-submit').click();
  await expect(page.getByTestId('ad-form-drawer')).toBeHidden();
  await expect(page.getByTestId('my-ads-table').locator('tr', { hasText: text })).toHaveCount(1);
});

test('the form speaks English on the English page', async ({ page, context }) => {
  const member = await registerMember(api, 'aden');
  await signIn(context, api.url, member);
  await page.goto(`${api.url}/en/user/center/ads`);
  await page.getByTestId('ad-publish').click();
  await page.getByTestId('ad-link').fill('javascript:alert(1)');
  await page.getByTestId('ad-submit').click();
  await expect(fieldError(page, 'ad-link')).toHaveText(/^The link must be/);
  await expect(fieldError(page, 'ad-text')).toHaveText(/picture or a text/i);
});

test('a member cannot open the ads back office', async ({ page, context }) => {
  const member = await registerMember(api, 'adno');
  await signIn(context, api.url, member);
  await page.goto(`${api.url}/admin/ads`);
  await expect(page).toHaveURL(/\/error\/403$/);
  await expect(page.getByTestId('admin-ads')).toHaveCount(0);
});

/** The docs' pictures (docs/screenshots/ads-*.png), when SCREENSHOT_DIR asks for them. */
async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOT_DIR) return;
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  // The route's bar gone and the table's rows in (no loading veil); the bar fades for 0.5 s.
  await expect(page.locator('#nprogress')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`) });
}

const adminAccessToken = async () => (await adminTokens(api.url)).accessToken;

/** How many ads of `owner` the back office lists, with or without the soft-deleted ones. */
async function adminTotal(token: string, owner: string, deleted: boolean): Promise<number> {
  const query = new URLSearchParams({ owner, deleted: String(deleted) });
  const response = await fetch(`${api.url}/api/system/customer-ads/list/page?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { data: { total: number } }).data.total;
}

async function call<T>(path: string, token: string, data: unknown): Promise<T> {
  const response = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(data),
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(20000);
  return body.data;
}

test('My ads and the ads back office fit 1280 and 375 px', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  const member = await registerMember(api, 'adshot');
  const adminToken = await adminAccessToken();
  const expirationTime = Date.now() + 20 * 24 * 3600 * 1000;
  const samples: AdInput[] = [
    {
      type: 'TOP_BANNER',
      settings: {
        text: '百宝箱专业版：批量处理不限量',
        link: 'https://example.com/pro',
        color: '#ffffff',
        background: '#1677ff',
        ribbon: { text: '新品', placement: 'topRight' },
      },
      expirationTime,
    },
    {
      type: 'BOTTOM_MINI_BANNER',
      settings: { text: '限时优惠', link: 'https://example.com/sale', color: '#262626', background: '#ffe58f' },
      expirationTime,
    },
    { type: 'BOTTOM_BANNER', settings: { text: '云端备份，换设备也不丢', color: '#ffffff', background: '#389e0d' }, expirationTime },
  ];
  const ids: number[] = [];
  for (const ad of samples) ids.push((await call<CustomerAd>('/api/system/customer-ads/publish', member.accessToken, ad)).id);
  await call('/api/system/customer-ads/change-status', adminToken, { id: ids[0], status: 'APPROVED' });
  await call('/api/system/customer-ads/change-status', adminToken, { id: ids[1], status: 'REJECTED' });

  await signIn(context, api.url, member);
  const adminContext = await browser.newContext();
  try {
    await logIn(adminContext, api.url);
    const adminPage = await adminContext.newPage();
    for (const width of [1280, 375]) {
      const height = width === 1280 ? 800 : 760;
      await page.setViewportSize({ width, height });
      await page.goto(`${api.url}/user/center/ads`);
      await expect(page.getByTestId('my-ads-table').locator('tbody tr.ant-table-row')).toHaveCount(3);
      expect(await horizontalOverflow(page), `My ads at ${width} px`).toBeLessThanOrEqual(0);
      await screenshot(page, `my-ads-${width}`);
      await page.getByTestId(`ad-edit-${ids[1]}`).click();
      await expect(page.getByTestId('ad-text')).toHaveValue('限时优惠');
      await expect(page.locator('.ant-drawer-content-wrapper')).toHaveCSS('transform', 'none');
      await screenshot(page, `my-ads-form-${width}`);
      await page.keyboard.press('Escape');

      await adminPage.setViewportSize({ width, height });
      await adminPage.goto(`${api.url}/admin/ads`);
      await adminPage.getByTestId('admin-ads-owner').fill(member.userName);
      await expect(adminPage.getByTestId('admin-ads-table').locator('tbody tr.ant-table-row')).toHaveCount(3);
      expect(await horizontalOverflow(adminPage), `admin ads at ${width} px`).toBeLessThanOrEqual(0);
      if (width === 1280) {
        // Every column shown sits beside the fixed actions column, none scrolled under it.
        const counts = await adminPage.getByTestId(`admin-ad-visits-${ids[0]}`).boundingBox();
        const actions = await adminPage.getByTestId(`admin-ad-remove-${ids[0]}`).locator('xpath=ancestor::td[1]').boundingBox();
        expect(counts!.x + counts!.width).toBeLessThanOrEqual(actions!.x);
      }
      await screenshot(adminPage, `admin-ads-${width}`);
    }
  } finally {
    await adminContext.close();
  }
});
