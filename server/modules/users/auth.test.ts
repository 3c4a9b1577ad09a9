import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import { USER_FIELD_MESSAGES } from '@shared/contracts/users';
import type { TokenPair, UserInfo } from '@shared/contracts/users';
import { ADMIN, TEST_JWT_SECRET, startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { mailedCode } from '../../testing/smtp-sink';
import { MSG } from './messages';

let kit: AccountsServer;

beforeAll(async () => {
  kit = await startAccountsServer();
});

afterAll(async () => {
  await kit.close();
});

const info = (token: string) => kit.call<UserInfo>('GET', '/api/users/info', { token });
const refresh = (refreshToken: string) => kit.call<TokenPair>('POST', '/api/users/token/refresh', { text: refreshToken });
const loginLogs = (account: string) => kit.server.db.selectFrom('login_logs').selectAll().where('account', '=', account).execute();

describe('admin bootstrap', () => {
  it('makes the administrator user 1 with ADMIN_PASSWORD, admin flag in the token', async () => {
    const pair = await kit.adminLogin();
    const me = await info(pair.accessToken);
    expect(me.body.data).toMatchObject({ userId: 1, userName: ADMIN.userName, roles: ['admin'] });
    const claims = JSON.parse(Buffer.from(pair.accessToken.split('.')[1] ?? '', 'base64url').toString());
    expect(claims).toMatchObject({ sub: '1', adm: true });
    expect(claims.exp - claims.iat).toBe(900);
    expect(pair.expiresIn).toBe(900);
  });
});

describe('register and login', () => {
  it('registers with the mailed captcha, then logs in by name and by email', async () => {
    const pair = await kit.register('alice', 'Alice@Example.com', 'alice-password');
    const me = await info(pair.accessToken);
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      userName: 'alice',
      nickName: 'alice',
      roles: ['user'],
      ext: { avatar: '', adCoin: 0, resScore: 0, settings: '{}' },
    });
    const stored = await kit.server.db.selectFrom('users').selectAll().where('user_name', '=', 'alice').executeTakeFirstOrThrow();
    expect(stored.email).toBe('alice@example.com');
    expect(stored.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored.password_hash).not.toContain('alice-password');

    const byName = await kit.login('ALICE', 'alice-password');
    const byEmail = await kit.login('alice@EXAMPLE.com', 'alice-password');
    expect((await info(byName.accessToken)).body.data.userName).toBe('alice');
    expect((await info(byEmail.accessToken)).body.data.userName).toBe('alice');
    expect((await loginLogs('alice@EXAMPLE.com'))[0]).toMatchObject({ result: 'success', user_id: stored.user_id, ip: '127.0.0.1' });
  });

  it('writes the mail bilingually, Chinese first', async () => {
    await kit.call('POST', '/api/users/captcha/send', { json: { email: 'mail-check@example.com', purpose: 'register' } });
    const mail = await kit.smtp.nextMail('mail-check@example.com');
    const code = mailedCode(mail);
    expect(mail.text).toContain(`您的验证码是 ${code}`);
    expect(mail.text.indexOf('您的验证码是')).toBeLessThan(mail.text.indexOf('Your verification code is'));
  });

  it('refuses a wrong captcha and duplicates with a field message, writing nothing', async () => {
    await kit.register('bob', 'bob@example.com');
    const before = await kit.server.db.selectFrom('users').select('user_id').execute();

    await kit.call('POST', '/api/users/captcha/send', { json: { email: 'carol@example.com', purpose: 'register' } });
    const code = mailedCode(await kit.smtp.nextMail('carol@example.com'));
    const wrong = await kit.call('POST', '/api/users/register', {
      json: { userName: 'carol', email: 'carol@example.com', password: 'password-123', captcha: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: API_CODE.BAD_REQUEST, ext: { popupNotice: true, messages: [MSG.captchaWrong] } });

    const takenName = await kit.call('POST', '/api/users/register', {
      json: { userName: 'BOB', email: 'carol@example.com', password: 'password-123', captcha: code },
    });
    expect(takenName.status).toBe(400);
    expect(takenName.body.ext?.messages).toEqual([MSG.userNameTaken]);
    expect(takenName.body.msg).toBe('userName: 用户名已被使用 / This user name is taken');

    const sendTaken = await kit.call('POST', '/api/users/captcha/send', { json: { email: 'bob@example.com', purpose: 'register' } });
    expect(sendTaken.status).toBe(400);
    expect(sendTaken.body.ext?.messages).toEqual([{ key: 'users.emailTaken', field: 'email' }]);

    const badInput = await kit.call('POST', '/api/users/register', {
      json: { userName: 'x', email: 'not-an-email', password: 'short', captcha: '12' },
    });
    expect(badInput.status).toBe(400);
    expect(badInput.body.ext?.messages?.map((message) => message.field)).toEqual(expect.arrayContaining(['userName', 'email', 'password']));

    expect(await kit.server.db.selectFrom('users').select('user_id').execute()).toEqual(before);
    // The right code still works: failures above did not consume it.
    const ok = await kit.call('POST', '/api/users/register', {
      json: { userName: 'carol', email: 'carol@example.com', password: 'password-123', captcha: code },
    });
    expect(ok.status).toBe(200);
  });

  it('explains bad input as a message key per field, marked for the visitor, and bilingually in msg for older clients', async () => {
    const valid = { userName: 'valid_name', email: 'valid@example.com', password: 'password-123', captcha: '123456' };
    const one = await kit.call('POST', '/api/users/register', { json: { ...valid, userName: 'x y' } });
    expect(one.status).toBe(400);
    expect(one.body).toEqual({
      code: API_CODE.BAD_REQUEST,
      msg: 'userName: 用户名须为 3–32 个字母、数字、_、- 或汉字 / The user name must be 3–32 letters, digits, _, - or Chinese characters',
      data: null,
      ext: { popupNotice: true, messages: [{ key: USER_FIELD_MESSAGES.userName, field: 'userName' }] },
    });

    const several = await kit.call('POST', '/api/users/register', {
      json: { userName: 'x', email: 'not-an-email', password: 'short', captcha: '12' },
    });
    expect(several.status).toBe(400);
    expect(several.body.ext).toEqual({
      popupNotice: true,
      messages: [
        { key: USER_FIELD_MESSAGES.userName, field: 'userName' },
        { key: USER_FIELD_MESSAGES.email, field: 'email' },
        { key: USER_FIELD_MESSAGES.password, field: 'password' },
        { key: USER_FIELD_MESSAGES.captcha, field: 'captcha' },
      ],
    });
    // Clients before the keys split msg at ' / ' and show the half of their language.
    const halves = several.body.msg.split(' / ');
    expect(halves).toHaveLength(2);
    for (const field of ['userName', 'email', 'password', 'captcha']) {
      expect(halves[0]).toContain(`${field}：`);
      expect(halves[1]).toContain(`${field}: `);
    }
    expect(several.body.msg).not.toMatch(/\/\^|\\u|Invalid|pattern/);

    const notAnObject = await kit.call('POST', '/api/users/login', { json: ['admin'] });
    expect(notAnObject.body).toMatchObject({
      msg: '请求格式错误 / Malformed request',
      ext: { popupNotice: true, messages: [{ key: USER_FIELD_MESSAGES.request }] },
    });
  });

  it('refuses a nickname that hides or reorders text', async () => {
    await kit.call('POST', '/api/users/captcha/send', { json: { email: 'nick@example.com', purpose: 'register' } });
    const captcha = mailedCode(await kit.smtp.nextMail('nick@example.com'));
    const res = await kit.call('POST', '/api/users/register', {
      json: { userName: 'nick', email: 'nick@example.com', password: 'password-123', captcha, nickName: '\u202Eadmin' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ext: { popupNotice: true, messages: [{ key: USER_FIELD_MESSAGES.nickNameInvisible, field: 'nickName' }] },
    });
    expect(await kit.server.db.selectFrom('users').select('user_id').where('user_name', '=', 'nick').execute()).toEqual([]);
  });

  it('answers a wrong password and an unknown account with the same message, logging both', async () => {
    await kit.register('dave', 'dave@example.com', 'dave-password');
    const wrong = await kit.call('POST', '/api/users/login', { json: { account: 'dave', password: 'not-his-password' } });
    const unknown = await kit.call('POST', '/api/users/login', { json: { account: 'nobody-here', password: 'whatever-pw' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: API_CODE.BAD_REQUEST,
        msg: '账号或密码错误 / Wrong account or password',
        data: null,
        ext: { popupNotice: true, messages: [MSG.loginFailed] },
      });
    }
    const dave = await kit.server.db.selectFrom('users').select('user_id').where('user_name', '=', 'dave').executeTakeFirstOrThrow();
    // Signing up was dave's first login.
    expect(await loginLogs('dave')).toEqual([
      expect.objectContaining({ result: 'success', user_id: dave.user_id }),
      expect.objectContaining({ result: 'failure', user_id: dave.user_id }),
    ]);
    expect(await loginLogs('nobody-here')).toEqual([expect.objectContaining({ result: 'failure', user_id: null })]);
  });

  it('says "disabled" only after the right password', async () => {
    await kit.register('erin', 'erin@example.com', 'erin-password');
    const admin = await kit.adminLogin();
    const erin = await kit.server.db.selectFrom('users').select('user_id').where('user_name', '=', 'erin').executeTakeFirstOrThrow();
    expect((await kit.call('PUT', `/api/users/${erin.user_id}/disable`, { token: admin.accessToken })).status).toBe(200);

    const wrong = await kit.call('POST', '/api/users/login', { json: { account: 'erin', password: 'bad-password' } });
    expect(wrong.body.ext?.messages).toEqual([MSG.loginFailed]);
    const right = await kit.call('POST', '/api/users/login', { json: { account: 'erin', password: 'erin-password' } });
    expect(right.status).toBe(400);
    expect(right.body.ext?.messages).toEqual([MSG.accountDisabled]);
    expect((await loginLogs('erin')).map((log) => log.result)).toEqual(['success', 'failure', 'failure']);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens: the new pair works, the old refresh token does not', async () => {
    const first = await kit.register('frank', 'frank@example.com');
    const second = await refresh(first.refreshToken);
    expect(second.status).toBe(200);
    expect(second.body.data.refreshToken).not.toBe(first.refreshToken);
    expect((await info(second.body.data.accessToken)).status).toBe(200);

    const stored = await kit.server.db.selectFrom('refresh_tokens').selectAll().execute();
    expect(stored.some((row) => row.token_hash === first.refreshToken || row.token_hash === second.body.data.refreshToken)).toBe(false);

    const third = await refresh(second.body.data.refreshToken);
    expect(third.status).toBe(200);
    // Presenting a rotated token again is theft: the whole family ends, the newest token too.
    const reused = await refresh(first.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe(API_CODE.UNAUTHORIZED);
    expect((await refresh(third.body.data.refreshToken)).status).toBe(401);
    expect((await info(third.body.data.accessToken)).body.code).toBe(API_CODE.UNAUTHORIZED);
  });

  it('refuses an expired refresh token with 401 40101', async () => {
    const pair = await kit.register('grace', 'grace@example.com');
    await kit.server.db
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const res = await refresh(pair.refreshToken);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(API_CODE.UNAUTHORIZED);
  });

  it('answers an expired access token with 401 40100, a bad or missing one with 401 40101', async () => {
    const pair = await kit.adminLogin();
    const sid = JSON.parse(Buffer.from(pair.accessToken.split('.')[1] ?? '', 'base64url').toString()).sid;
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ adm: true, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(past)
      .setExpirationTime(past + 60)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const forged = await new SignJWT({ adm: true, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-of-32-characters-or-more'));

    expect(await info(expired)).toMatchObject({ status: 401, body: { code: API_CODE.TOKEN_EXPIRED } });
    expect(await info(forged)).toMatchObject({ status: 401, body: { code: API_CODE.UNAUTHORIZED } });
    expect(await kit.call('GET', '/api/users/info')).toMatchObject({ status: 401, body: { code: API_CODE.UNAUTHORIZED } });
    // Cookies are never read: a browser's ambient credentials authenticate nothing.
    expect(await kit.call('GET', '/api/users/info', { headers: { Cookie: `access_token=${pair.accessToken}` } })).toMatchObject({
      status: 401,
    });
  });

  it('logout ends the session of the body refresh token or of the access token', async () => {
    const viaBody = await kit.register('heidi', 'heidi@example.com');
    expect((await kit.call('POST', '/api/users/logout', { json: { refreshToken: viaBody.refreshToken } })).status).toBe(200);
    expect((await refresh(viaBody.refreshToken)).status).toBe(401);
    expect((await info(viaBody.accessToken)).status).toBe(401);

    const viaHeader = await kit.login('heidi', 'password-123');
    const other = await kit.login('heidi', 'password-123');
    expect((await kit.call('POST', '/api/users/logout', { token: viaHeader.accessToken })).status).toBe(200);
    expect((await refresh(viaHeader.refreshToken)).status).toBe(401);
    expect((await info(other.accessToken)).status).toBe(200);
  });
});

describe('demo account', () => {
  it('is off by default', async () => {
    expect((await kit.call('GET', '/api/users/test-account')).body.data).toEqual({ enabled: false });
    const res = await kit.call('GET', '/api/users/test-account/token');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(API_CODE.NOT_FOUND);
    expect(await kit.server.db.selectFrom('users').select('user_id').where('user_name', '=', 'baibao.demo').execute()).toEqual([]);
  });

  it('with DEMO_ACCOUNT=true hands out sessions of one non-admin demo user', async () => {
    const demo = await startAccountsServer({ env: { DEMO_ACCOUNT: 'true' } });
    try {
      expect((await demo.call('GET', '/api/users/test-account')).body.data).toEqual({ enabled: true });
      expect(await demo.server.db.selectFrom('users').select('user_id').where('user_name', '=', 'baibao.demo').execute()).toEqual([]);
      const first = await demo.call<TokenPair>('GET', '/api/users/test-account/token');
      const second = await demo.call<TokenPair>('GET', '/api/users/test-account/token');
      const [a, b] = await Promise.all(
        [first, second].map((res) => demo.call<UserInfo>('GET', '/api/users/info', { token: res.body.data.accessToken })),
      );
      expect(a?.body.data).toMatchObject({ userName: 'baibao.demo', roles: ['user', 'demo'] });
      expect(a?.body.data.userId).toBe(b?.body.data.userId);
      expect(a?.body.data.userId).not.toBe(1);
      const adminOnly = await demo.call('GET', '/api/users/list/page', { token: first.body.data.accessToken });
      expect(adminOnly.status).toBe(403);
    } finally {
      await demo.close();
    }
  });

  it('the shared demo account cannot change what every other visitor of it sees', async () => {
    const demo = await startAccountsServer({ env: { DEMO_ACCOUNT: 'true' } });
    try {
      const token = (await demo.call<TokenPair>('GET', '/api/users/test-account/token')).body.data.accessToken;
      const nick = await demo.call('PUT', '/api/users/info/details', { token, json: { nickName: 'vandal' } });
      expect([nick.status, nick.body.ext?.messages]).toEqual([400, [MSG.demoReadOnly]]);
      const form = new FormData();
      form.append(
        'file',
        new Blob(
          [
            new Uint8Array(
              await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f00' } })
                .png()
                .toBuffer(),
            ),
          ],
          { type: 'image/png' },
        ),
        'a.png',
      );
      const avatar = await demo.call('PUT', '/api/users/avatar', { token, form });
      expect([avatar.status, avatar.body.ext?.messages]).toEqual([400, [MSG.demoReadOnly]]);
      const info = await demo.call<UserInfo>('GET', '/api/users/info', { token });
      expect(info.body.data).toMatchObject({ nickName: '演示账号 Demo', ext: { avatar: '' } });
    } finally {
      await demo.close();
    }
  });

  it('two first uses at once share one demo user instead of failing', async () => {
    const demo = await startAccountsServer({ env: { DEMO_ACCOUNT: 'true' } });
    try {
      const answers = await Promise.all([1, 2, 3].map(() => demo.call<TokenPair>('GET', '/api/users/test-account/token')));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(await demo.server.db.selectFrom('users').select('user_id').where('user_name', '=', 'baibao.demo').execute()).toHaveLength(1);
    } finally {
      await demo.close();
    }
  });
});
