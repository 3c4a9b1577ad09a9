import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { Browser, Page } from '@playwright/test';
import { adminTokens, logIn, startApi } from './live-api-kit';
import { expect, test, watchPrivacy } from './privacy';

/**
 * The welfare widget and the personal and enterprise drawers (issue 19). Each test runs its own API
 * server (its own empty site content), so what one admin saves never shows in another test, nor in
 * the suite's server that the other specs share.
 */
let api: { url: string; child: ChildProcess };
let dir: string;

test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baibao-e2e-welfare-'));
  api = await startApi(dir);
});

test.afterEach(async () => {
  api.child.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
});

const TOOL_PAGE = '/file/hasher';

async function putConfig(code: string, value: unknown) {
  const { accessToken } = await adminTokens(api.url);
  const response = await fetch(`${api.url}/api/system/configs/code/${code}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ value }),
  });
  expect(response.status).toBe(200);
}

/** A visitor without an account, in a context of its own watched by the privacy fixture. */
async function visitor(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext();
  const stopWatching = await watchPrivacy(context);
  const page = await context.newPage();
  return {
    page,
    async close() {
      expect(await stopWatching(), 'the page sent what may be file content').toEqual([]);
      await context.close();
    },
  };
}

/** What a phone's scanner reads off the QR code as the page draws it. */
async function decodeShownQr(page: Page, index: number): Promise<string> {
  const file = join(dir, `qr-${index}.png`);
  await page.getByTestId('welfare-qr').nth(index).screenshot({ path: file });
  return execFileSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8' }).trim();
}

test('an admin fills a welfare tab with two QR codes in the back office; a visitor opens the dialog on a tool page and the codes decode to what was saved', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await logIn(page.context(), api.url);
  await page.goto(`${api.url}/admin/site-content`);
  await expect(page.getByTestId('admin-site-content')).toBeVisible();
  await page.getByRole('tab', { name: '外卖红包', exact: true }).click();
  const payloads = ['https://waimai.example.com/red-packet?from=baibao', '饿了么口令：BAIBAO2026'];
  for (const [index, payload] of payloads.entries()) {
    await page.getByTestId('welfare-delivery-add').click();
    await page.getByTestId(`welfare-delivery-${index}-title`).fill(`外卖券 ${index + 1}`);
    await page.getByTestId(`welfare-delivery-${index}-payload`).fill(payload);
  }
  // A bad picture address is refused under its field, translated, and nothing is sent.
  await page.getByTestId('welfare-delivery-0-image').fill('javascript:alert(1)');
  await page.getByTestId('welfare-save').click();
  await expect(page.getByText('图片须为 http:// 或 https:// 开头的网址')).toBeVisible();
  await page.getByTestId('welfare-delivery-0-image').fill('');
  // The preview draws what the visitors will see.
  await expect(page.getByTestId('welfare-preview').getByTestId('welfare-item')).toHaveCount(2);
  const saved = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/code/welfare'));
  await page.getByTestId('welfare-save').click();
  expect((await saved).status()).toBe(200);

  const { page: guest, close } = await visitor(browser);
  await guest.goto(`${api.url}${TOOL_PAGE}`);
  await guest.getByTestId('welfare-entry').click();
  const dialog = guest.getByTestId('welfare-dialog');
  await expect(dialog.getByRole('tab')).toHaveText(['外卖红包']);
  await expect(dialog.getByTestId('welfare-item')).toHaveCount(2);
  await expect(dialog.getByTestId('welfare-item').first()).toContainText('外卖券 1');
  expect([await decodeShownQr(guest, 0), await decodeShownQr(guest, 1)]).toEqual(payloads);
  // Only the link gets a link; the text code is for scanning.
  await expect(dialog.getByRole('link', { name: '打开链接' })).toHaveAttribute('href', payloads[0]!);
  await close();
});

test('with the welfare tabs empty there is no widget; the enterprise info opens from the footer in its drawer', async ({ browser }) => {
  test.setTimeout(60_000);
  const { page, close } = await visitor(browser);
  await page.goto(`${api.url}${TOOL_PAGE}`);
  await expect(page.getByTestId('app-footer')).toBeVisible();
  await close();

  await putConfig('enterprise', { name: '百宝箱工作室', email: 'hello@baibao.example', address: '杭州市西湖区' });
  const again = await visitor(browser);
  await again.page.goto(`${api.url}${TOOL_PAGE}`);
  // Both availabilities come from one answer in one update: once the footer entry shows, the
  // welfare entry would too if there were any welfare.
  await again.page.getByTestId('enterprise-entry').click();
  await expect(again.page.getByTestId('welfare-entry')).toHaveCount(0);
  const drawer = again.page.getByTestId('enterprise-drawer');
  await expect(drawer.getByTestId('enterprise-info')).toContainText('百宝箱工作室');
  await expect(drawer.getByTestId('enterprise-info')).toContainText('hello@baibao.example');
  await expect(drawer.getByTestId('enterprise-info')).not.toContainText('电话');
  await again.close();
});

test('a logged-in member opens the personal drawer from the account menu: nickname, ad coins, resource score and the quick links', async ({
  page,
}) => {
  await logIn(page.context(), api.url);
  await page.goto(`${api.url}${TOOL_PAGE}`);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  const drawer = page.getByTestId('personal-drawer');
  await expect(drawer.getByTestId('personal-nickname')).toHaveText('admin');
  await expect(drawer.getByTestId('personal-ad-coin')).toHaveText('0');
  await expect(drawer.getByTestId('personal-res-score')).toHaveText('0');
  await drawer.getByRole('link', { name: '个人中心' }).click();
  await expect(page).toHaveURL(/\/user\/center\/profile$/);
});
