import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Not the privacy fixture: sending a screenshot to the site is this page's purpose.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { FEEDBACK_API, FEEDBACK_SCREENSHOT_MAX_BYTES } from '@shared/contracts/feedback-base';
import type { Feedback } from '@shared/contracts/feedback-base';
import type { Page as ApiPage } from '@shared/contracts/api';
import { adminTokens, logIn } from '../../../e2e/live-api-kit';
import { startApi } from '../../../e2e/live-api-kit';
import { registerMember, signIn } from '../../../e2e/member-kit';
import { horizontalOverflow } from '../../../e2e/shell-kit';

/**
 * /user/suggest, My feedback and the feedback back office against one real API server of this
 * file's own (its registrations and anonymous sends never meet the suite server's limits). Each
 * test tells its feedback apart by a text of its own.
 */
let api: { url: string; dir: string; child: ChildProcess };

test.beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'baibao-e2e-feedback-'));
  api = { ...(await startApi(dir)), dir };
});

test.afterAll(async () => {
  api.child.kill('SIGTERM');
  await rm(api.dir, { recursive: true, force: true });
});

const unique = (tag: string) => `${tag} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const screenshotPng = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

async function adminList(): Promise<Feedback[]> {
  const { accessToken } = await adminTokens(api.url);
  const response = await fetch(`${api.url}${FEEDBACK_API}/list/page?pageSize=100`, { headers: { Authorization: `Bearer ${accessToken}` } });
  return ((await response.json()) as { data: ApiPage<Feedback> }).data.list;
}

test('a member sends feedback with a screenshot; the admin sees it, sets it done and replies; the member sees the reply', async ({
  page,
  browser,
}) => {
  // A member, an admin's second context and an upload: room on a loaded 2-core machine.
  test.setTimeout(120_000);
  const member = await registerMember(api, 'fb');
  await signIn(page.context(), api.url, member);
  const text = `${unique('颜色不对')} <b>粗</b><script>window.injected = 1</script>`;

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${api.url}/user/suggest?from=${encodeURIComponent('/image/compress?x=1')}`);
  await expect(page).toHaveTitle('意见反馈 - 百宝箱');
  await expect(page.getByTestId('feedback-page')).toHaveText('/image/compress?x=1');
  await expect(page.getByTestId('feedback-environment')).toContainText('browser: Chrome');
  expect(await horizontalOverflow(page)).toBe(0);
  await page.getByTestId('feedback-remove-environment').click();
  await expect(page.getByTestId('feedback-environment')).toHaveCount(0);
  await page.getByTestId('feedback-type').getByText('建议').click();
  await page.getByTestId('feedback-content').fill(text);
  await page
    .getByTestId('feedback-screenshot-input')
    .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: await screenshotPng() });
  await expect(page.getByTestId('feedback-screenshot')).toContainText('shot.png');
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-sent')).toContainText('感谢你的反馈');

  const stored = (await adminList()).find((row) => row.content === text);
  expect(stored).toMatchObject({ type: 'IDEA', page: '/image/compress?x=1', environment: null, userId: member.userId, status: 'NEW' });
  expect(stored?.screenshot).toMatch(/\.png$/);

  await page.getByRole('link', { name: '我的反馈' }).click();
  const mine = page.getByTestId('feedback-item').filter({ hasText: text.slice(0, 12) });
  await expect(mine.getByTestId('feedback-content')).toHaveText(text);
  await expect(mine.getByTestId('feedback-status')).toHaveText('新提交');
  expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await logIn(adminContext, api.url);
    const admin = await adminContext.newPage();
    await admin.goto(`${api.url}/admin/feedback`);
    const item = admin.getByTestId('feedback-item').filter({ hasText: text.slice(0, 12) });
    await expect(item.getByTestId('feedback-content')).toHaveText(text);
    await item.getByTestId('feedback-show-shot').click();
    await expect(item.getByTestId('feedback-shot')).toHaveJSProperty('naturalWidth', 320);
    await item.getByTestId('feedback-status-select').click();
    await admin.locator('.ant-select-dropdown:visible').getByText('已完成', { exact: true }).click();
    await expect(item.getByTestId('feedback-status')).toHaveText('已完成');
    await item.getByTestId('feedback-reply-input').fill('已修复，谢谢！');
    await item.getByTestId('feedback-reply-send').click();
    await expect(item.getByTestId('feedback-reply')).toContainText('已修复，谢谢！');
  } finally {
    await adminContext.close();
  }

  await page.reload();
  await expect(mine.getByTestId('feedback-status')).toHaveText('已完成');
  await expect(mine.getByTestId('feedback-reply')).toContainText('已修复，谢谢！');
  await mine.getByTestId('feedback-show-shot').click();
  await expect(mine.getByTestId('feedback-shot')).toHaveJSProperty('naturalWidth', 320);
});

test('an oversized or non-picture screenshot is refused with a translated message, and the text stays', async ({ page }) => {
  await page.goto(`${api.url}/user/suggest`);
  const text = unique('截图测试');
  await page.getByTestId('feedback-content').fill(text);
  await page
    .getByTestId('feedback-screenshot-input')
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(FEEDBACK_SCREENSHOT_MAX_BYTES + 1, 1) });
  await expect(page.getByTestId('feedback-error')).toHaveText('截图不能超过 2 MB');
  await expect(page.getByTestId('feedback-screenshot')).toHaveCount(0);

  await page.goto(`${api.url}/en/user/suggest`);
  await page.getByTestId('feedback-content').fill(text);
  await page
    .getByTestId('feedback-screenshot-input')
    .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  await page.getByTestId('feedback-submit').click();
  await expect(page.getByTestId('feedback-error')).toContainText('The screenshot must be a PNG, JPEG, WebP or GIF picture');
  await expect(page.getByTestId('feedback-content')).toHaveValue(text);
  expect((await adminList()).some((row) => row.content === text)).toBe(false);
});
