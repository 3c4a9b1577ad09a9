import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from '../playwright.config';
import type { AdInput, CustomerAd, SiteAdsResponse } from '../shared/contracts/ads-base';
import { registerMember, signIn } from './member-kit';
import { horizontalOverflow, signInAsAdmin } from './shell-kit';

/**
 * My ads and the back office's ads (issue 19) against the real server: a member publishes an ad
 * with a picture, the admin approves it, visitors get it, the member pauses it and visitors no
 * longer do; the form's refusals; the back office closed to members. Each test has its own member
 * and ad texts, so tests running side by side (and other suites' ads) never meet.
 */

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

async function siteAdIds(request: APIRequestContext): Promise<number[]> {
  const body = (await (await request.get('/api/system/customer-ads/site')).json()) as { code: number; data: SiteAdsResponse };
  expect(body.code).toBe(20000);
  return (body.data.ads ?? []).map((ad) => ad.id);
}

const dateDaysAhead = (days: number) => {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};

const confirmButton = (page: Page) => page.locator('.ant-popconfirm').getByRole('button', { name: /确\s?定|OK/ });

test('a member publishes an ad, the admin approves it, visitors get it until the member pauses it', async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  const member = await registerMember(request, 'ad');
  await signIn(context, baseURL ?? '', member);
  const text = `e2e ad ${randomBytes(4).toString('hex')}`;

  await page.goto('/user/center/ads');
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
  expect(await siteAdIds(request)).not.toContain(id);

  // The full preview draws the uploaded picture the server now serves.
  await page.getByTestId(`ad-preview-${id}`).click();
  const full = page.getByTestId('ad-preview-full');
  await expect(full.locator('img')).toHaveAttribute('src', /\/api\/system\/customer-ads\/image\//);
  await expect.poll(() => full.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(600);
  await page.keyboard.press('Escape');

  const adminContext = await browser.newContext();
  try {
    await signInAsAdmin(adminContext, request, baseURL);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/ads');
    await admin.getByTestId('admin-ads-owner').fill(member.userName);
    await expect(admin.getByTestId('admin-ads-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
    await admin.getByTestId(`admin-ad-approve-${id}`).click();
    await expect(admin.getByTestId(`ad-status-${id}`)).toHaveAttribute('data-status', 'APPROVED');
  } finally {
    await adminContext.close();
  }

  // Visitors (this request carries no login) get it now.
  await expect.poll(() => siteAdIds(request)).toContain(id);

  await page.reload();
  await expect(page.getByTestId(`ad-status-${id}`)).toHaveAttribute('data-status', 'APPROVED');
  await expect(page.getByTestId(`ad-edit-${id}`)).toHaveCount(0);
  await page.getByTestId(`ad-pause-${id}`).click();
  await expect(page.getByTestId(`ad-status-${id}`)).toHaveAttribute('data-status', 'PAUSED');
  await expect(page.getByTestId(`ad-resume-${id}`)).toBeVisible();
  await expect.poll(() => siteAdIds(request)).not.toContain(id);

  await page.getByTestId(`ad-delete-${id}`).click();
  await confirmButton(page).click();
  await expect(page.getByTestId(`ad-status-${id}`)).toHaveCount(0);
});

test("the admin's pause is the admin's to lift; deleted ads show in the back office on request and go for good", async ({
  page,
  context,
  browser,
  request,
  baseURL,
}) => {
  const member = await registerMember(request, 'adpause');
  const adminToken = await adminAccessToken(request);
  const ad = await api<CustomerAd>(request, 'post', '/api/system/customer-ads/publish', member.accessToken, {
    type: 'TOP_MINI_BANNER',
    settings: { text: `paused ${randomBytes(4).toString('hex')}` },
    expirationTime: Date.now() + 24 * 3600 * 1000,
  });
  await api(request, 'post', '/api/system/customer-ads/change-status', adminToken, { id: ad.id, status: 'APPROVED' });
  await api(request, 'post', '/api/system/customer-ads/change-status', adminToken, { id: ad.id, status: 'PAUSED' });

  await signIn(context, baseURL ?? '', member);
  await page.goto('/user/center/ads');
  await expect(page.getByTestId(`ad-status-${ad.id}`)).toHaveAttribute('data-status', 'PAUSED');
  await expect(page.getByTestId(`ad-paused-by-admin-${ad.id}`)).toHaveText('站长暂停了这条广告，如有疑问请联系站长');
  await expect(page.getByTestId(`ad-resume-${ad.id}`)).toHaveCount(0);
  await page.getByTestId(`ad-delete-${ad.id}`).click();
  await confirmButton(page).click();
  await expect(page.getByTestId(`ad-status-${ad.id}`)).toHaveCount(0);

  const adminContext = await browser.newContext();
  try {
    await signInAsAdmin(adminContext, request, baseURL);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/ads');
    await admin.getByTestId('admin-ads-owner').fill(member.userName);
    const rows = admin.getByTestId('admin-ads-table').locator('tbody tr.ant-table-row');
    await expect(admin.getByTestId('admin-ads-table')).toContainText('暂无数据');
    expect(await adminTotal(request, adminToken, member.userName, false)).toBe(0);
    expect(await adminTotal(request, adminToken, member.userName, true)).toBe(1);
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
});

test('the publish form refuses bad input with translated messages and keeps what was typed', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const member = await registerMember(request, 'adbad');
  await signIn(context, baseURL ?? '', member);
  const text = `bad input ${randomBytes(4).toString('hex')}`;

  await page.goto('/user/center/ads');
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

test('the form speaks English on the English page', async ({ page, context, request, baseURL }) => {
  const member = await registerMember(request, 'aden');
  await signIn(context, baseURL ?? '', member);
  await page.goto('/en/user/center/ads');
  await page.getByTestId('ad-publish').click();
  await page.getByTestId('ad-link').fill('javascript:alert(1)');
  await page.getByTestId('ad-submit').click();
  await expect(fieldError(page, 'ad-link')).toHaveText(/^The link must be/);
  await expect(fieldError(page, 'ad-text')).toHaveText(/picture or a text/i);
});

test('a member cannot open the ads back office', async ({ page, context, request, baseURL }) => {
  const member = await registerMember(request, 'adno');
  await signIn(context, baseURL ?? '', member);
  await page.goto('/admin/ads');
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

async function adminAccessToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/users/login', { data: { account: E2E_ADMIN.userName, password: E2E_ADMIN.password } });
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

/** How many ads of `owner` the back office lists, with or without the soft-deleted ones. */
async function adminTotal(request: APIRequestContext, token: string, owner: string, deleted: boolean): Promise<number> {
  const response = await request.get('/api/system/customer-ads/list/page', {
    params: { owner, deleted: String(deleted) },
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: { total: number } }).data.total;
}

async function api<T>(request: APIRequestContext, method: 'post' | 'put', path: string, token: string, data: unknown): Promise<T> {
  const response = await request[method](path, { data, headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(20000);
  return body.data;
}

test('My ads and the ads back office fit 1280 and 375 px', async ({ page, context, browser, request, baseURL }) => {
  const member = await registerMember(request, 'adshot');
  const adminToken = await adminAccessToken(request);
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
  for (const ad of samples)
    ids.push((await api<CustomerAd>(request, 'post', '/api/system/customer-ads/publish', member.accessToken, ad)).id);
  await api(request, 'post', '/api/system/customer-ads/change-status', adminToken, { id: ids[0], status: 'APPROVED' });
  await api(request, 'post', '/api/system/customer-ads/change-status', adminToken, { id: ids[1], status: 'REJECTED' });

  await signIn(context, baseURL ?? '', member);
  const adminContext = await browser.newContext();
  try {
    await signInAsAdmin(adminContext, request, baseURL);
    const adminPage = await adminContext.newPage();
    for (const width of [1280, 375]) {
      const height = width === 1280 ? 800 : 760;
      await page.setViewportSize({ width, height });
      await page.goto('/user/center/ads');
      await expect(page.getByTestId('my-ads-table').locator('tbody tr.ant-table-row')).toHaveCount(3);
      expect(await horizontalOverflow(page), `My ads at ${width} px`).toBeLessThanOrEqual(0);
      await screenshot(page, `my-ads-${width}`);
      await page.getByTestId(`ad-edit-${ids[1]}`).click();
      await expect(page.getByTestId('ad-text')).toHaveValue('限时优惠');
      await expect(page.locator('.ant-drawer-content-wrapper')).toHaveCSS('transform', 'none');
      await screenshot(page, `my-ads-form-${width}`);
      await page.keyboard.press('Escape');

      await adminPage.setViewportSize({ width, height });
      await adminPage.goto('/admin/ads');
      await adminPage.getByTestId('admin-ads-owner').fill(member.userName);
      await expect(adminPage.getByTestId('admin-ads-table').locator('tbody tr.ant-table-row')).toHaveCount(3);
      expect(await horizontalOverflow(adminPage), `admin ads at ${width} px`).toBeLessThanOrEqual(0);
      await screenshot(adminPage, `admin-ads-${width}`);
    }
  } finally {
    await adminContext.close();
  }
});
