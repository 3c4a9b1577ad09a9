import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { logIn, startApi } from '../../../e2e/live-api-kit';
import { registerMember, signIn } from '../../../e2e/member-kit';
import { horizontalOverflow } from '../../../e2e/shell-kit';

/**
 * /donation and /admin/donations (issue 20) against a real API server of this file's own (its
 * admin, members and records; registrations off the suite server's per-address limit). Each test
 * names its supporters uniquely and never counts on another's records.
 */

let api: { url: string; dir: string; child: ChildProcess };

test.beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'baibao-e2e-donations-'));
  api = { ...(await startApi(dir)), dir };
});

test.afterAll(async () => {
  api.child.kill('SIGTERM');
  await rm(api.dir, { recursive: true, force: true });
});

const unique = (tag: string) => `${tag}${randomBytes(3).toString('hex')}`;
const rankingRow = (page: Page, text: string) => page.getByTestId('donation-ranking').locator('tr', { hasText: text });

async function openRanking(page: Page): Promise<void> {
  await page.goto(`${api.url}/donation`);
  await expect(page.getByTestId('donation-live')).toHaveAttribute('data-live', 'open');
  await expect(page.getByTestId('donation-total')).toBeVisible();
}

async function recordDonation(admin: Page, fill: { name?: string; user?: string; amount: string; message?: string }): Promise<void> {
  await admin.getByTestId('donation-add').click();
  const drawer = admin.getByTestId('donation-drawer');
  if (fill.user) {
    await drawer.getByTestId('donation-user').locator('input').fill(fill.user);
    await admin.locator('.ant-select-item-option', { hasText: fill.user }).click();
  }
  if (fill.name) await drawer.getByTestId('donation-name').fill(fill.name);
  await drawer.getByTestId('donation-amount').fill(fill.amount);
  if (fill.message) await drawer.getByTestId('donation-message').fill(fill.message);
  await drawer.getByTestId('donation-save').click();
  await expect(drawer).toBeHidden();
}

test('the admin records a donation and an open visitor page ranks it without reloading', async ({ page, browser }) => {
  const name = unique('阿明');
  const html = '<img src=x onerror="window.__xss=1"><b>谢谢</b>';
  await openRanking(page);
  const before = await page.getByTestId('donation-donations').textContent();

  const adminContext = await browser.newContext();
  await logIn(adminContext, api.url);
  const admin = await adminContext.newPage();
  await admin.goto(`${api.url}/admin/donations`);
  await recordDonation(admin, { name, amount: '1234.56', message: html });
  // The paged table counts its rows in words, not a text key.
  await expect(admin.locator('.ant-pagination-total-text')).toHaveText(/^共 \d+ 条$/);

  const row = rankingRow(page, name);
  await expect(row).toBeVisible();
  // Spec §9: 123,456 cents is ¥1234.56, over 1000: K with one decimal.
  await expect(row).toContainText('¥1.2K');
  // The message is text: its markup shows as typed and runs nothing.
  await expect(row).toContainText(html);
  expect(await row.locator('img[src="x"], b').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.getByTestId('donation-donations')).not.toHaveText(before ?? '');

  // The edit and the delete reach the open page too.
  const adminRow = admin.getByTestId('donations-table').locator('tr', { hasText: name });
  await adminRow.getByRole('button', { name: /编辑/ }).click();
  await admin.getByTestId('donation-drawer').getByTestId('donation-amount').fill('8');
  await admin.getByTestId('donation-drawer').getByTestId('donation-save').click();
  await expect(row).toContainText('¥8');
  await adminRow.getByRole('button', { name: /删除/ }).click();
  await admin
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s?定|OK/ })
    .click();
  await expect(rankingRow(page, name)).toHaveCount(0);
  await adminContext.close();
});

test("a donation linked to a member shows the member's nickname; a bad date is refused under its field", async ({ page, browser }) => {
  const member = await registerMember(api, 'donor');
  const nickName = `测试${member.userName.slice(-4)}`;
  await openRanking(page);

  const adminContext = await browser.newContext();
  await logIn(adminContext, api.url);
  const admin = await adminContext.newPage();
  await admin.goto(`${api.url}/admin/donations`);

  await admin.getByTestId('donation-add').click();
  const drawer = admin.getByTestId('donation-drawer');
  await drawer.getByTestId('donation-amount').fill('5');
  await drawer.getByTestId('donation-time').fill('2999-01-01T10:00');
  await drawer.getByTestId('donation-save').click();
  await expect(drawer.locator('.ant-form-item-explain-error')).toContainText('不能晚于现在');
  await drawer.getByRole('button', { name: /取\s?消/ }).click();

  await recordDonation(admin, { user: member.userName, amount: '66.6', message: '加油' });
  const row = rankingRow(page, nickName);
  await expect(row).toContainText('¥66.6');
  await expect(row).toContainText('加油');
  await adminContext.close();
});

test('the owner sets a donation code in the back office; visitors see it; members are kept out', async ({ page, browser }) => {
  const title = unique('微信');
  const adminContext = await browser.newContext();
  await logIn(adminContext, api.url);
  const admin = await adminContext.newPage();
  await admin.goto(`${api.url}/admin/donations`);
  await admin.getByTestId('donation-code-add').click();
  await admin.getByTestId('donation-code-0-title').fill(title);
  await admin.getByTestId('donation-code-0-payload').fill('wxp://f2f0e2e-donation');
  await admin.getByTestId('donation-codes-save').click();
  await expect(admin.getByText('已保存')).toBeVisible();
  await adminContext.close();

  await page.goto(`${api.url}/donation`);
  await expect(page.getByTestId('donation-code')).toContainText(title);
  await expect(page.getByRole('img', { name: `${title}的二维码` })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  const member = await registerMember(api, 'nosy');
  const memberContext = await browser.newContext();
  await signIn(memberContext, api.url, member);
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`${api.url}/admin/donations`);
  await expect(memberPage).toHaveURL(/\/error\/403$/);
  await memberContext.close();
});
