import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BOARD_POST_MAX_CHARS } from '../../../shared/contracts/board-base';
import { clickWhenSettled } from '../../../e2e/antd-kit';
import { logIn, startApi } from '../../../e2e/live-api-kit';
import { registerMember, signIn } from '../../../e2e/member-kit';
import type { Member } from '../../../e2e/member-kit';
import type { BoardPost } from '../../../shared/contracts/board-base';
import { expect, test } from '../../../e2e/privacy';

/**
 * The message board against a real API server of this file's own (its members and posts, and
 * registrations off the suite server's per-address limit). Each test writes posts with a unique
 * text and looks only for those, so the tests run in any order and side by side.
 */
let api: { url: string; dir: string; child: ChildProcess };
let member: Member;

test.beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'baibao-e2e-board-'));
  api = { ...(await startApi(dir)), dir };
  member = await registerMember(api, 'board');
});

test.afterAll(async () => {
  api.child.kill('SIGTERM');
  await rm(api.dir, { recursive: true, force: true });
});

const unique = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;

test('a post by one member appears live on a visitor’s open page, with its author and Markdown', async ({ page, context, browser }) => {
  await signIn(context, api.url, member);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  try {
    await visitor.goto(`${api.url}/comment/board`);
    await expect(visitor.getByTestId('login-required')).toBeVisible();
    await page.goto(`${api.url}/comment/board`);

    const text = unique('live');
    await page.getByTestId('board-composer-input').fill(`**${text}** from _e2e_`);
    await page.getByTestId('board-composer-submit').click();

    const seen = visitor.getByTestId('board-post').filter({ hasText: text });
    await expect(seen).toBeVisible();
    await expect(seen.locator('strong')).toHaveText(text);
    await expect(seen.locator('em')).toHaveText('e2e');
    await expect(seen.locator('.board-post__author')).toHaveText(/^测试/);

    // The visitor may read but not answer: replying asks them to log in, with a link to the login page.
    await seen.getByTestId('board-reply').click();
    const login = seen.getByTestId('login-required');
    await expect(login).toContainText('请先登录');
    await expect(login.locator('a')).toHaveAttribute('href', /\/user\/login\?/);
  } finally {
    await visitorContext.close();
  }
});

test('HTML and script in a post stay inert text; a spam-sized post is refused in words', async ({ page, context }) => {
  await signIn(context, api.url, member);
  await page.goto(`${api.url}/comment/board`);
  const text = unique('inert');
  const attack = `${text} <img src=x onerror="window.__boardPwned=1"><script>window.__boardPwned=2</script> [click](javascript:window.__boardPwned=3)`;
  await page.getByTestId('board-composer-input').fill(attack);
  await page.getByTestId('board-composer-submit').click();

  const body = page.getByTestId('board-post').filter({ hasText: text }).getByTestId('board-post-body');
  await expect(body).toContainText('<script>window.__boardPwned=2</script>');
  await expect(body.locator('img, script, [onerror]')).toHaveCount(0);
  await expect(body.locator('a[href^="javascript"]')).toHaveCount(0);
  await body.getByText('click').click();
  expect(await page.evaluate(() => (window as { __boardPwned?: number }).__boardPwned)).toBeUndefined();

  await page.getByTestId('board-composer-input').fill('x'.repeat(BOARD_POST_MAX_CHARS + 1));
  await page.getByTestId('board-composer-submit').click();
  await expect(page.getByText(`留言最多 ${BOARD_POST_MAX_CHARS} 个字`)).toBeVisible();
  // The text stays for the writer to shorten (ASCII: the privacy guard refuses bodies over 4 KB).
  await expect(page.getByTestId('board-composer-input')).toHaveValue('x'.repeat(BOARD_POST_MAX_CHARS + 1));
});

test('a member replies and likes; the reply to a reply names whom it answers', async ({ page, context }) => {
  await signIn(context, api.url, member);
  await page.goto(`${api.url}/comment/board`);
  const text = unique('thread');
  await page.getByTestId('board-composer-input').fill(text);
  await page.getByTestId('board-composer-submit').click();
  const thread = page.locator('.board__threads > li').filter({ hasText: text });
  await expect(thread).toBeVisible();

  const root = thread.getByTestId('board-post').first();
  await root.getByTestId('board-like').first().click();
  await expect(root.getByTestId('board-like').first()).toHaveAttribute('aria-pressed', 'true');
  await expect(root.getByTestId('board-like').first()).toHaveText('1');

  await root.getByTestId('board-reply').first().click();
  await root.getByTestId('board-composer-input').fill('first reply');
  await root.getByTestId('board-composer-submit').click();
  const reply = thread.locator('.board__replies .board-post').filter({ hasText: 'first reply' });
  await expect(reply).toBeVisible();

  await reply.getByTestId('board-reply').click();
  await reply.getByTestId('board-composer-input').fill('second reply');
  await reply.getByTestId('board-composer-submit').click();
  const deeper = thread.locator('.board__replies .board-post').filter({ hasText: 'second reply' });
  await expect(deeper.locator('.board-post__reply-to')).toHaveText(/^回复 测试/);
});

test('the admin hides a post and bans its author: the member is refused in words, visitors no longer see the post', async ({
  page,
  context,
  browser,
}) => {
  // A member of this test's own, so the ban reaches no other test's writer.
  const offender = await registerMember(api, 'banned');
  const write = async (content: string) => {
    const response = await fetch(`${api.url}/api/community/board`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${offender.accessToken}` },
      body: JSON.stringify({ content }),
    });
    return ((await response.json()) as { data: BoardPost }).data;
  };
  const hiddenText = unique('to-hide');
  const keptText = unique('kept');
  const hidden = await write(hiddenText);
  await write(keptText);

  await logIn(context, api.url);
  await page.goto(`${api.url}/admin/board`);
  const row = page.getByTestId('admin-board-posts').locator('tr', { hasText: hiddenText });
  // Authors by nickname, with the number the ban names.
  const author = `${offender.nickName} #${offender.userId}`;
  await expect(row.getByTestId('admin-board-author')).toHaveText(author);
  await page.getByTestId(`admin-board-hide-${hidden.id}`).click();
  await expect(row.getByText('已隐藏')).toBeVisible();
  await row.getByRole('button', { name: /禁\s?言/ }).click();
  await clickWhenSettled(page.locator('.ant-popconfirm').getByRole('button', { name: /确\s?定|OK/ }));
  const bans = page.locator('.ant-card').filter({ hasText: '禁言用户' });
  await expect(bans.getByTestId('admin-board-author').filter({ hasText: author })).toBeVisible();

  const offenderContext = await browser.newContext();
  const visitorContext = await browser.newContext();
  try {
    await signIn(offenderContext, api.url, offender);
    const member = await offenderContext.newPage();
    await member.goto(`${api.url}/comment/board`);
    const refused = unique('after-ban');
    await member.getByTestId('board-composer-input').fill(refused);
    await member.getByTestId('board-composer-submit').click();
    await expect(member.getByText('你已被禁止在留言板发言')).toBeVisible();
    await expect(member.getByTestId('board-composer-input')).toHaveValue(refused);

    const visitor = await visitorContext.newPage();
    await visitor.goto(`${api.url}/comment/board`);
    await expect(visitor.getByTestId('board-post').filter({ hasText: keptText })).toBeVisible();
    await expect(visitor.getByTestId('board-post').filter({ hasText: hiddenText })).toHaveCount(0);
    // Nothing the banned member tried reached the board.
    await expect(visitor.getByTestId('board-post').filter({ hasText: refused })).toHaveCount(0);
  } finally {
    await offenderContext.close();
    await visitorContext.close();
  }
});
