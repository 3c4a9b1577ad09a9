import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { Page } from '@shared/contracts/api';
import type { TokenPair, UserInfo, UserRow } from '@shared/contracts/users';
import { ADMIN, ROOMY_LIMITS, startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { mailedCode } from '../../testing/smtp-sink';
import { MSG } from './messages';
import type { AccountRateLimits } from './rate-limits';

let kit: AccountsServer;
let admin: TokenPair;
let user: TokenPair;
let userId: number;

beforeAll(async () => {
  kit = await startAccountsServer();
  admin = await kit.adminLogin();
  user = await kit.register('sam', 'sam@example.com');
  for (const name of ['tom', 'uma', 'victor', 'wendy', 'xavier', 'yara', 'zoe', 'amy', 'ben', 'cat', 'dan'])
    await kit.register(name, `${name}@example.org`);
  userId = (await kit.call<UserInfo>('GET', '/api/users/info', { token: user.accessToken })).body.data.userId;
});

afterAll(async () => {
  await kit.close();
});

describe('admin calls', () => {
  it('are 403 40300 for a user and 401 without a login', async () => {
    for (const [method, path] of [
      ['GET', '/api/users/list/page'],
      ['PUT', '/api/users/1/disable'],
      ['PUT', `/api/users/${userId}/enable`],
      ['POST', '/api/users/1/token/create'],
    ] as const) {
      expect(await kit.call(method, path, { token: user.accessToken })).toMatchObject({ status: 403, body: { code: API_CODE.FORBIDDEN } });
      expect(await kit.call(method, path)).toMatchObject({ status: 401, body: { code: API_CODE.UNAUTHORIZED } });
    }
  });

  it('lists users by page and keyword', async () => {
    const first = await kit.call<Page<UserRow>>('GET', '/api/users/list/page', { token: admin.accessToken });
    expect(first.body.data).toMatchObject({ total: 13, pageNum: 1, pageSize: 10 });
    expect(first.body.data.list[0]).toMatchObject({ userId: 1, userName: 'admin', roles: ['admin'], enabled: true });
    const third = await kit.call<Page<UserRow>>('GET', '/api/users/list/page?pageNum=3&pageSize=5', { token: admin.accessToken });
    // Ordered by user id: admin, sam, then the eleven in the order they registered.
    expect(third.body.data.list.map((row) => row.userName)).toEqual(['ben', 'cat', 'dan']);

    const byEmail = await kit.call<Page<UserRow>>('GET', '/api/users/list/page?keyword=EXAMPLE.ORG', { token: admin.accessToken });
    expect(byEmail.body.data.total).toBe(11);
    const byName = await kit.call<Page<UserRow>>('GET', '/api/users/list/page?keyword=sa', { token: admin.accessToken });
    expect(byName.body.data.list.map((row) => row.userName)).toEqual(['sam']);
    // Sam only signed up, which signed him in.
    expect(byName.body.data.list[0]!.lastLoginTime).toBe(byName.body.data.list[0]!.createTime);
    // Nobody here has `_` or `%` in a name, email or nickname: they are matched as themselves, not as wildcards.
    for (const keyword of ['_', '%', 's_m', '\\']) {
      const literal = await kit.call<Page<UserRow>>('GET', `/api/users/list/page?keyword=${encodeURIComponent(keyword)}`, {
        token: admin.accessToken,
      });
      expect(literal.body.data.total, keyword).toBe(0);
    }
  });

  it('disables a user at once (sessions end) and enables again; never the admin themself', async () => {
    const disabled = await kit.call<UserRow>('PUT', `/api/users/${userId}/disable`, { token: admin.accessToken });
    expect(disabled.body.data).toMatchObject({ userId, enabled: false });
    expect((await kit.call('GET', '/api/users/info', { token: user.accessToken })).status).toBe(401);
    expect((await kit.call('POST', '/api/users/token/refresh', { text: user.refreshToken })).status).toBe(401);

    const enabled = await kit.call<UserRow>('PUT', `/api/users/${userId}/enable`, { token: admin.accessToken });
    expect(enabled.body.data.enabled).toBe(true);
    user = await kit.login('sam', 'password-123');

    const self = await kit.call('PUT', '/api/users/1/disable', { token: admin.accessToken });
    expect(self.status).toBe(400);
    expect(self.body.ext?.messages).toEqual([MSG.cannotDisableSelf]);
    expect((await kit.server.db.selectFrom('users').select('enabled').where('user_id', '=', 1).executeTakeFirstOrThrow()).enabled).toBe(1);
    expect((await kit.call('PUT', '/api/users/4242/disable', { token: admin.accessToken })).status).toBe(404);
  });

  it('issues a session for a user, for support', async () => {
    const pair = await kit.call<TokenPair>('POST', `/api/users/${userId}/token/create`, { token: admin.accessToken });
    expect(pair.status).toBe(200);
    const me = await kit.call<UserInfo>('GET', '/api/users/info', { token: pair.body.data.accessToken });
    expect(me.body.data.userName).toBe('sam');
  });
});

describe('rate limits', () => {
  let limited: AccountsServer | undefined;
  afterEach(async () => {
    await limited?.close();
    limited = undefined;
  });

  /** The limit's message names its window: a minute here. */
  const tooMany = (key: string) => ({ key, params: { minutes: 1 } });
  const tight = (rule: string) => ({ accounts: { rateLimits: { ...ROOMY_LIMITS, [rule]: { windowMs: 60_000, limit: 2 } } } });

  it('limits failed logins per account and address with 429 42900 and a clear message', async () => {
    limited = await startAccountsServer(tight('loginFailuresPerAccountAndIp'));
    for (let i = 0; i < 2; i++)
      expect((await limited.call('POST', '/api/users/login', { json: { account: 'admin', password: 'wrong-password' } })).status).toBe(400);
    const blocked = await limited.call('POST', '/api/users/login', { json: { account: 'ADMIN', password: 'wrong-password' } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: API_CODE.TOO_MANY_REQUESTS,
      ext: { popupNotice: true, messages: [tooMany('users.tooManyLogins')] },
    });
    // Other accounts from the same address are not affected.
    expect((await limited.call('POST', '/api/users/login', { json: { account: 'someone', password: 'wrong-password' } })).status).toBe(400);
  });

  it('counts failed logins against the account, whether it is named by user name or by email', async () => {
    limited = await startAccountsServer(tight('loginFailuresPerAccountAndIp'));
    const login = (account: string, password = 'wrong-password') =>
      limited?.call('POST', '/api/users/login', { json: { account, password } });
    expect((await login('admin'))?.status).toBe(400);
    expect((await login('admin@localhost'))?.status).toBe(400);
    for (const spelling of ['Admin', 'ADMIN@LOCALHOST'])
      expect(await login(spelling)).toMatchObject({ status: 429, body: { ext: { messages: [tooMany('users.tooManyLogins')] } } });
    expect((await login('admin', ADMIN.password))?.status).toBe(429);
    // Unknown accounts count under the text typed, case ignored.
    expect((await login('ghost'))?.status).toBe(400);
    expect((await login(' Ghost '))?.status).toBe(400);
    expect((await login('GHOST'))?.status).toBe(429);
  });

  /** Requests from other addresses, through one trusted proxy hop. */
  const behindProxy = (rateLimits: Partial<AccountRateLimits>) => ({
    env: { TRUST_PROXY: '1' },
    accounts: { rateLimits: { ...ROOMY_LIMITS, ...rateLimits } },
  });
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  const loginFrom = (ip: string, account: string, password: string) =>
    limited?.call('POST', '/api/users/login', { json: { account, password }, headers: from(ip) });

  it('holds a guesser back per address while the owner, with the right password from another address, still gets in', async () => {
    limited = await startAccountsServer(behindProxy({ loginFailuresPerAccountAndIp: { windowMs: 60_000, limit: 2 } }));
    for (let i = 0; i < 2; i++) expect((await loginFrom('203.0.113.7', 'admin', 'wrong-password'))?.status).toBe(400);
    expect(await loginFrom('203.0.113.7', 'admin', 'wrong-password')).toMatchObject({
      status: 429,
      body: { ext: { messages: [tooMany('users.tooManyLogins')] } },
    });
    expect((await loginFrom('203.0.113.7', 'admin', ADMIN.password))?.status).toBe(429);
    expect((await loginFrom('198.51.100.9', 'admin', ADMIN.password))?.status).toBe(200);
    // The other address has its own allowance.
    expect((await loginFrom('198.51.100.9', 'admin', 'wrong-password'))?.status).toBe(400);
  });

  it('slows the whole account down after its free failures from every address, refusing nobody', async () => {
    limited = await startAccountsServer(
      behindProxy({ loginFailuresPerAccount: { windowMs: 60_000, free: 2, stepMs: 400, maxDelayMs: 800 } }),
    );
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await loginFrom(ip, 'admin', 'wrong-password'))?.status).toBe(400);
    const started = performance.now();
    expect((await loginFrom('198.51.100.9', 'ADMIN@localhost', ADMIN.password))?.status).toBe(200);
    // A lower bound only: the fourth failure-counted attempt waits two steps, capped at maxDelayMs.
    expect(performance.now() - started).toBeGreaterThanOrEqual(750);
  });

  /** The whole sign-up from `ip`, or with a mistyped code. */
  async function registerFrom(ip: string, userName: string, email: string, mistyped = false) {
    await limited?.call('POST', '/api/users/captcha/send', { json: { email, purpose: 'register' }, headers: from(ip) });
    const mailed = mailedCode(await (limited as AccountsServer).smtp.nextMail(email));
    const captcha = mistyped ? (mailed === '000000' ? '111111' : '000000') : mailed;
    return limited?.call('POST', '/api/users/register', {
      json: { userName, email, password: 'password-123', captcha },
      headers: from(ip),
    });
  }

  it('counts refused sign-ups per email and address, so people behind one address do not lock each other out', async () => {
    limited = await startAccountsServer(behindProxy({ registerFailuresPerEmailAndIp: { windowMs: 60_000, limit: 2 } }));
    const wrong = (ip: string, userName: string, email: string) =>
      limited?.call('POST', '/api/users/register', {
        json: { userName, email, password: 'password-123', captcha: '000000' },
        headers: from(ip),
      });
    for (let i = 0; i < 2; i++) expect((await wrong('203.0.113.7', 'ann', 'ann@example.com'))?.status).toBe(400);
    expect(await wrong('203.0.113.7', 'ann', 'ANN@example.com')).toMatchObject({
      status: 429,
      body: { ext: { messages: [tooMany('users.tooManyRegistrations')] } },
    });
    // A colleague behind the same address is not affected, neither is the same email from elsewhere.
    expect((await registerFrom('203.0.113.7', 'ben', 'ben@example.com'))?.status).toBe(200);
    expect((await registerFrom('198.51.100.9', 'ann', 'ann@example.com'))?.status).toBe(200);
  });

  it('limits accounts made per address, not attempts', async () => {
    limited = await startAccountsServer(behindProxy({ registerSuccessesPerIp: { windowMs: 60_000, limit: 2 } }));
    for (let i = 0; i < 3; i++) expect((await registerFrom('203.0.113.7', 'cat', 'cat@example.com', true))?.status).toBe(400);
    expect((await registerFrom('203.0.113.7', 'cat', 'cat@example.com'))?.status).toBe(200);
    expect((await registerFrom('203.0.113.7', 'dan', 'dan@example.com'))?.status).toBe(200);
    expect(await registerFrom('203.0.113.7', 'eve', 'eve@example.com')).toMatchObject({
      status: 429,
      body: { ext: { messages: [tooMany('users.tooManyRegistrations')] } },
    });
    expect((await registerFrom('198.51.100.9', 'eve', 'eve@example.com'))?.status).toBe(200);
  });

  it('counts only refused token refreshes and only sent captcha mails per address', async () => {
    limited = await startAccountsServer({
      accounts: {
        rateLimits: {
          ...ROOMY_LIMITS,
          tokenRefreshPerIp: { windowMs: 60_000, limit: 2 },
          captchaSendPerIp: { windowMs: 60_000, limit: 2 },
        },
      },
    });
    let pair = await limited.adminLogin();
    for (let i = 0; i < 3; i++) {
      const refreshed = await limited.call<TokenPair>('POST', '/api/users/token/refresh', { text: pair.refreshToken });
      expect(refreshed.status).toBe(200);
      pair = refreshed.body.data;
    }
    for (let i = 0; i < 3; i++)
      expect((await limited.call('POST', '/api/users/captcha/send', { json: { email: 'not an email', purpose: 'register' } })).status).toBe(
        400,
      );
    expect(
      (await limited.call('POST', '/api/users/captcha/send', { json: { email: 'fay@example.com', purpose: 'register' } })).status,
    ).toBe(200);
  });

  it('limits wrong current passwords on password/change/mine per user, not per address', async () => {
    limited = await startAccountsServer(tight('passwordChangeFailuresPerUser'));
    const first = await limited.register('pia', 'pia@example.com', 'pia-password');
    const second = await limited.register('rex', 'rex@example.com', 'rex-password');
    const change = (token: string, oldPassword: string) =>
      limited?.call('POST', '/api/users/password/change/mine', { json: { oldPassword, password: 'brand-new-password' }, token });
    for (let i = 0; i < 2; i++)
      expect((await change(first.accessToken, 'guess-number-' + i))?.body.ext?.messages).toEqual([MSG.wrongOldPassword]);
    expect(await change(first.accessToken, 'pia-password')).toMatchObject({
      status: 429,
      body: { code: API_CODE.TOO_MANY_REQUESTS, ext: { popupNotice: true, messages: [tooMany('users.tooManyPasswordChanges')] } },
    });
    expect((await change(second.accessToken, 'a-wrong-guess'))?.status).toBe(400);
    expect((await change(second.accessToken, 'rex-password'))?.status).toBe(200);
  });

  it('limits avatar uploads per user', async () => {
    limited = await startAccountsServer(tight('avatarUploadPerUser'));
    const first = await limited.register('sia', 'sia@example.com');
    const second = await limited.register('tao', 'tao@example.com');
    const upload = (token: string) => limited?.call('PUT', '/api/users/avatar', { form: new FormData(), token });
    for (let i = 0; i < 2; i++) expect((await upload(first.accessToken))?.body.ext?.messages).toEqual([MSG.avatarMissing]);
    expect(await upload(first.accessToken)).toMatchObject({
      status: 429,
      body: { ext: { messages: [tooMany('users.tooManyAvatarUploads')] } },
    });
    expect((await upload(second.accessToken))?.body.ext?.messages).toEqual([MSG.avatarMissing]);
  });

  it('counts only answered captcha mails per purpose and address: refused requests cannot lock the owner out', async () => {
    limited = await startAccountsServer(tight('captchaSendPerEmail'));
    await limited.register('una', 'una@example.com');
    const send = (json: unknown) => limited?.call('POST', '/api/users/captcha/send', { json });
    for (let i = 0; i < 3; i++)
      expect((await send({ email: 'una@example.com', purpose: 'register' }))?.body.ext?.messages).toEqual([MSG.emailTaken]);
    for (let i = 0; i < 3; i++) expect((await send({ email: 'una@example.com', purpose: 'bogus' }))?.status).toBe(400);
    expect((await send({ email: 'una@example.com', purpose: 'changeEmail' }))?.status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await send({ email: 'una@example.com', purpose: 'resetPassword' }))?.status).toBe(200);
    expect((await send({ email: 'UNA@example.com', purpose: 'resetPassword' }))?.status).toBe(429);
    // Register codes for a free address do not use up its reset allowance either.
    for (let i = 0; i < 2; i++) expect((await send({ email: 'vic@example.com', purpose: 'register' }))?.status).toBe(200);
    expect((await send({ email: 'vic@example.com', purpose: 'register' }))?.status).toBe(429);
    expect((await send({ email: 'vic@example.com', purpose: 'resetPassword' }))?.status).toBe(200);
  });

  it.each([
    ['loginPerIp', 'POST', '/api/users/login', { account: 'admin', password: 'x' }, 'users.tooManyLogins'],
    ['passwordChangePerIp', 'POST', '/api/users/password/change/mine', {}, 'users.tooManyPasswordChanges'],
    ['registerPerIp', 'POST', '/api/users/register', {}, 'users.tooManyRegistrations'],
    [
      'captchaSendPerIp',
      'POST',
      '/api/users/captcha/send',
      { email: 'x@example.com', purpose: 'resetPassword' },
      'users.tooManyCaptchaMails',
    ],
    ['captchaCheckPerIp', 'POST', '/api/users/captcha/validate', {}, 'users.tooManyCaptchaChecks'],
    ['tokenRefreshPerIp', 'POST', '/api/users/token/refresh', {}, 'users.tooManyRefreshes'],
  ])('limits %s', async (rule, method, path, json, message) => {
    limited = await startAccountsServer(tight(rule));
    for (let i = 0; i < 2; i++) expect((await limited.call(method, path, { json })).status).not.toBe(429);
    expect(await limited.call(method, path, { json })).toMatchObject({
      status: 429,
      body: { code: API_CODE.TOO_MANY_REQUESTS, ext: { popupNotice: true, messages: [tooMany(message)] } },
    });
  });

  it('limits captcha mails per address', async () => {
    limited = await startAccountsServer(tight('captchaSendPerEmail'));
    for (let i = 0; i < 2; i++)
      expect(
        (await limited.call('POST', '/api/users/captcha/send', { json: { email: 'same@example.com', purpose: 'register' } })).status,
      ).toBe(200);
    expect(
      (await limited.call('POST', '/api/users/captcha/send', { json: { email: 'Same@Example.com', purpose: 'register' } })).status,
    ).toBe(429);
    expect(
      (await limited.call('POST', '/api/users/captcha/send', { json: { email: 'other@example.com', purpose: 'register' } })).status,
    ).toBe(200);
  });
});
