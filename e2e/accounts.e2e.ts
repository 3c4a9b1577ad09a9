import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { SignJWT, decodeJwt } from 'jose';
import sharp from 'sharp';
import { E2E_ADMIN, E2E_JWT_SECRET } from '../playwright.config';
import type { TokenPair } from '../shared/contracts/users';

/**
 * Accounts end to end: the built website in Chromium against the real server (SQLite in
 * E2E_DATA_DIR, captcha mails in its outbox folder because no SMTP is configured).
 */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const PASSWORD = 'correct-horse-battery';

interface Account {
  userName: string;
  email: string;
  password: string;
  nickName: string;
}

interface Member extends Account, TokenPair {
  userId: number;
}

function newAccount(tag: string): Account {
  const id = `${tag}${randomBytes(4).toString('hex')}`;
  return { userName: `e2e_${id}`, email: `${id}@example.test`, password: PASSWORD, nickName: `测试${id.slice(-4)}` };
}

/** The newest captcha mail to `email` in the server's outbox; codes are ASCII, so quoted-printable keeps them readable. */
async function mailedCode(email: string): Promise<string> {
  const outbox = join(DATA_DIR, 'outbox');
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith(`-${email}.eml`)).sort();
        const newest = names.at(-1);
        if (!newest) return undefined;
        const raw = (await readFile(join(outbox, newest), 'utf8')).replace(/=\r?\n/g, '');
        code = /verification code is (\d{6})/.exec(raw)?.[1];
        return code;
      },
      { message: `captcha mail to ${email}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

async function envelopeData<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  const body = (await response.json()) as { code: number; msg: string; data: T };
  expect(body.code, body.msg).toBe(20000);
  return body.data;
}

/** Registers through the API (mailed captcha included) for tests about what comes after. */
async function registerMember(request: APIRequestContext, tag: string): Promise<Member> {
  const account = newAccount(tag);
  await envelopeData(await request.post('/api/users/captcha/send', { data: { email: account.email, purpose: 'register' } }));
  const captcha = await mailedCode(account.email);
  const pair = await envelopeData<TokenPair>(await request.post('/api/users/register', { data: { ...account, captcha } }));
  return { ...account, ...pair, userId: Number(decodeJwt(pair.accessToken).sub) };
}

/** What the web app does after login: both tokens in cookies (spec §9). */
async function signIn(context: BrowserContext, baseURL: string, pair: Pick<TokenPair, 'accessToken' | 'refreshToken'>) {
  await context.addCookies([
    { name: 'access_token', value: pair.accessToken, url: baseURL, sameSite: 'Lax' },
    { name: 'refresh_token', value: pair.refreshToken, url: baseURL, sameSite: 'Lax' },
  ]);
}

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((entry) => entry.name === name)?.value;
}

async function logInWithForm(page: Page, account: string, password: string) {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

const confirmButton = (page: Page) => page.locator('.ant-popconfirm').getByRole('button', { name: /确\s?定|OK/ });

test.describe('accounts', () => {
  test.beforeAll(() => {
    expect(DATA_DIR, 'playwright.config.ts sets E2E_DATA_DIR').not.toBe('');
  });

  test('register with the mailed captcha, log out, log in again', async ({ page, context }) => {
    const account = newAccount('reg');
    await page.goto(`/user/login?redirect=${encodeURIComponent('/user/center/profile')}&name=${encodeURIComponent('示例站点')}`);
    await expect(page.getByTestId('portal-title')).toHaveText('欢迎来到示例站点');
    await page.getByRole('tab', { name: '注册' }).click();

    const form = page.getByTestId('register-form');
    await page.getByTestId('register-submit').click();
    await expect(form.getByText('请输入用户名')).toBeVisible();
    await page.getByTestId('register-email').fill('not-an-email');
    await form.getByTestId('send-captcha').click();
    await expect(form.getByText('请输入有效的邮箱地址')).toBeVisible();

    await page.getByTestId('register-username').fill(account.userName);
    await page.getByTestId('register-email').fill(account.email);
    await form.getByTestId('send-captcha').click();
    await expect(form.getByTestId('send-captcha')).toContainText('秒后重新发送');
    // The wait is per address (as the server's limit): another address may get its code at once.
    await page.getByTestId('register-email').fill(`other-${account.email}`);
    await expect(form.getByTestId('send-captcha')).toHaveText('发送验证码');
    await expect(form.getByTestId('send-captcha')).toBeEnabled();
    await page.getByTestId('register-email').fill(account.email);
    await expect(form.getByTestId('send-captcha')).toContainText('秒后重新发送');
    await page.getByTestId('register-captcha').fill(await mailedCode(account.email));
    await page.getByTestId('register-password').fill(account.password);
    await page.getByTestId('register-confirm').fill(`${account.password}x`);
    // The nickname is optional: blanks are nothing, not a wrong nickname.
    await page.getByTestId('register-nickname').fill('   ');
    await page.getByTestId('register-submit').click();
    await expect(form.getByText('两次输入的密码不一致')).toBeVisible();
    await expect(form.getByText('昵称须为')).toHaveCount(0);
    await page.getByTestId('register-nickname').fill(account.nickName);
    await page.getByTestId('register-confirm').fill(account.password);
    await page.getByTestId('register-submit').click();

    await expect(page).toHaveURL(/\/user\/center\/profile$/);
    await expect(page.getByTestId('profile-username')).toHaveText(account.userName);
    await expect(page.getByTestId('profile-email')).toHaveText(account.email);
    await expect(page.getByTestId('user-admin-nickname')).toHaveText(account.nickName);

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fuser%2Fcenter%2Fprofile/);
    expect(await cookie(context, 'access_token')).toBeUndefined();
    expect(await cookie(context, 'refresh_token')).toBeUndefined();

    // A wrong password: a clear message, and the form keeps what was typed.
    await logInWithForm(page, account.email, 'wrong-password-123');
    await expect(page.getByTestId('login-error')).toContainText('账号或密码错误');
    await expect(page.getByTestId('login-account')).toHaveValue(account.email);

    await logInWithForm(page, account.email, account.password);
    await expect(page).toHaveURL(/\/user\/center\/profile$/);
    await expect(page.getByTestId('profile-username')).toHaveText(account.userName);
  });

  test('server refusals are shown translated into the page language, under the field they blame', async ({ page, request }) => {
    const member = await registerMember(request, 'msg');
    await page.goto('/en/user/login');
    await logInWithForm(page, member.email, 'wrong-password-123');
    await expect(page.getByTestId('login-error')).toHaveText('Wrong account or password');
    await expect(page.locator('.ant-message').getByText('Wrong account or password')).toBeVisible();

    // The name check comes before the captcha, so any six digits reach it.
    await page.getByRole('tab', { name: 'Sign up' }).click();
    const form = page.getByTestId('register-form');
    await page.getByTestId('register-username').fill(member.userName.toUpperCase());
    await page.getByTestId('register-email').fill(`other-${member.email}`);
    await page.getByTestId('register-captcha').fill('123456');
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(form.getByText('This user name is taken')).toBeVisible();
    await expect(form.getByText('用户名已被使用')).toHaveCount(0);
  });

  test('a protected page sends visitors to log in and back', async ({ page, request }) => {
    const member = await registerMember(request, 'grd');
    await page.goto('/user/center/logs');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fuser%2Fcenter%2Flogs&name=/);
    await logInWithForm(page, member.userName, member.password);
    await expect(page).toHaveURL(/\/user\/center\/logs$/);
    // This login and the registration's tokens: the table lists the successful login.
    const table = page.getByTestId('login-logs');
    await expect(table.getByText('成功').first()).toBeVisible();
    // Spec §9 paging; antd shows the quick jumper only once there is a second page.
    await expect(page.getByTestId('login-logs-page').getByText('10 条/页')).toBeVisible();
  });

  test('a member who is not the admin gets 403 in the back office', async ({ page, context, request, baseURL }) => {
    const member = await registerMember(request, 'na');
    await signIn(context, baseURL ?? '', member);
    await page.goto('/text/disorder');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/error\/403$/);
    await expect(page.getByText('403')).toBeVisible();
    // The guard replaced /admin in the history: Back leaves the 403 instead of meeting the guard again.
    await page.goBack();
    await expect(page).toHaveURL(/\/text\/disorder$/);
  });

  test('settings follow the account to a fresh browser', async ({ page, context, request, browser, baseURL }) => {
    const member = await registerMember(request, 'set');
    await signIn(context, baseURL ?? '', member);
    await page.goto('/user/center/settings');
    await expect(page.getByTestId('settings-sync-hint')).toBeVisible();
    const saved = page.waitForResponse(
      (response) => response.url().includes('/api/users/settings') && response.request().method() === 'PUT',
    );
    await page.getByTestId('center-layout-mode').getByText('顶部菜单').click();
    expect((await saved).ok()).toBe(true);

    const fresh = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
    const other = await fresh.newPage();
    await other.goto('/');
    await expect(other.getByTestId('side-menu')).toBeVisible();
    await other.getByTestId('login-link').click();
    await logInWithForm(other, member.userName, member.password);
    await expect(other).toHaveURL(/\/$/);
    await expect(other.locator('header .ant-menu-horizontal')).toBeVisible();
    await expect(other.getByTestId('side-menu')).toHaveCount(0);
    await fresh.close();
  });

  test(
    'image presets follow the account to a fresh browser',
    { tag: '@extended' },
    async ({ page, context, request, browser, baseURL }) => {
      const member = await registerMember(request, 'pre');
      await signIn(context, baseURL ?? '', member);
      await page.goto('/image/compress');
      const saved = page.waitForResponse(
        (response) => response.url().includes('/api/users/settings') && response.request().method() === 'PUT',
      );
      await page.getByTestId('preset-save').click();
      await page.getByTestId('preset-name').fill('公众号头图 900 宽');
      await page.getByTestId('preset-save-confirm').click();
      expect((await saved).ok()).toBe(true);

      const fresh = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1280, height: 800 } });
      const other = await fresh.newPage();
      await other.goto('/image/compress');
      await other.getByTestId('login-link').click();
      await logInWithForm(other, member.userName, member.password);
      await expect(other).toHaveURL(/\/image\/compress$/);
      // The preset list is a native select: the saved preset is one of its options, and can be chosen.
      const select = other.getByTestId('preset-select');
      await expect(select.locator('option', { hasText: '公众号头图 900 宽' })).toHaveCount(1);
      await select.selectOption({ label: '公众号头图 900 宽' });
      await expect(select.locator('option:checked')).toHaveText('公众号头图 900 宽');
      await fresh.close();
    },
  );

  test('uploading an avatar crops it and shows it', async ({ page, context, request, baseURL }) => {
    const member = await registerMember(request, 'ava');
    await signIn(context, baseURL ?? '', member);
    await page.goto('/user/center/profile');
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 220, g: 60, b: 40 } } })
      .composite([
        {
          input: Buffer.from('<svg width="300" height="300"><circle cx="150" cy="150" r="140" fill="#1677ff"/></svg>'),
          left: 300,
          top: 150,
        },
      ])
      .png()
      .toBuffer();
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: picture });
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const uploaded = page.waitForResponse(
      (response) => response.url().includes('/api/users/avatar') && response.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: /确\s?定|OK/ }).click();
    expect((await uploaded).ok()).toBe(true);

    const avatar = page.getByTestId('profile-avatar').locator('img');
    await expect(avatar).toHaveAttribute('src', /\/api\/users\//);
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(256);
    await expect(page.getByTestId('user-admin-layout').locator('header img[src*="/api/users/"]')).toBeVisible();
  });

  test('an expired access token is refreshed without a login prompt', async ({ page, context, request, baseURL }) => {
    const member = await registerMember(request, 'exp');
    await signIn(context, baseURL ?? '', member);
    const secret = new TextEncoder().encode(E2E_JWT_SECRET);
    const claims = decodeJwt(member.accessToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ adm: claims.adm, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(secret);
    await signIn(context, baseURL ?? '', { accessToken: expired, refreshToken: member.refreshToken });

    await page.goto('/user/center/profile');
    await expect(page.getByTestId('profile-username')).toHaveText(member.userName);
    await expect(page).toHaveURL(/\/user\/center\/profile$/);
    await expect(page.getByText('认证已过期，请登录!')).toHaveCount(0);
    const accessToken = await cookie(context, 'access_token');
    expect(accessToken).toBeDefined();
    expect(accessToken).not.toBe(expired);
    expect(decodeJwt(accessToken ?? '').exp ?? 0).toBeGreaterThan(now);
    expect(await cookie(context, 'refresh_token')).not.toBe(member.refreshToken);
  });

  test(
    'the admin disables a member, who then cannot log in',
    { tag: '@extended' },
    async ({ page, context, request, browser, baseURL }) => {
      const member = await registerMember(request, 'dis');
      const admin = await envelopeData<TokenPair>(
        await request.post('/api/users/login', { data: { account: E2E_ADMIN.userName, password: E2E_ADMIN.password } }),
      );
      await signIn(context, baseURL ?? '', admin);

      await page.goto('/admin');
      await expect(page).toHaveURL(/\/admin\/users$/);
      const search = page.getByTestId('admin-users-search');
      await search.fill(E2E_ADMIN.userName);
      await expect(page.getByTestId('user-enabled-1')).toBeDisabled();

      await search.fill(member.userName);
      await expect(page.getByTestId('admin-users-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
      // The list's paging text is the account pages' (their namespace loads with this page too).
      await expect(page.getByText('共 1 条')).toBeVisible();
      await page.getByTestId(`user-token-${member.userId}`).click();
      await confirmButton(page).click();
      const tokenDialog = page.getByRole('dialog');
      await expect(tokenDialog.getByTestId('issued-access-token')).toHaveValue(/^ey/);
      await expect(tokenDialog.getByTestId('issued-refresh-token')).not.toHaveValue('');
      await tokenDialog.getByTestId('token-close').click();

      await page.getByTestId(`user-enabled-${member.userId}`).click();
      await confirmButton(page).click();
      await expect(page.getByTestId(`user-enabled-${member.userId}`)).not.toBeChecked();

      const fresh = await browser.newContext({ baseURL, locale: 'zh-CN' });
      const other = await fresh.newPage();
      await other.goto('/user/login');
      await logInWithForm(other, member.userName, member.password);
      await expect(other.getByTestId('login-error')).toContainText('账号已被禁用');
      await expect(other).toHaveURL(/\/user\/login/);
      await fresh.close();
    },
  );
});
