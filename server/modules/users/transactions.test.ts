import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, UserDetails, UserInfo } from '@shared/contracts/users';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { failWrites } from '../../testing/failing-writes';
import { testEngine } from '../../testing/test-database';
import { mailedCode } from '../../testing/smtp-sink';
import { DEMO_USER } from './auth.service';

/**
 * Every service action that writes more than once is all or nothing: the second write is made to
 * fail in the database (a trigger), and the first must be gone with it — on SQLite and PostgreSQL.
 */
let kit: AccountsServer;
let undo: (() => Promise<void>) | undefined;

beforeAll(async () => {
  kit = await startAccountsServer({ env: { DEMO_ACCOUNT: 'true' } });
});

afterEach(async () => {
  await undo?.();
  undo = undefined;
});

afterAll(async () => {
  await kit.close();
});

async function mailCode(email: string, purpose: string, token?: string): Promise<string> {
  const sent = await kit.call('POST', '/api/users/captcha/send', { json: { email, purpose }, token });
  if (sent.status !== 200) throw new Error(`captcha/send for ${email} failed: ${sent.body.msg}`);
  return mailedCode(await kit.smtp.nextMail(email));
}

async function captchaToken(email: string, purpose: string, token?: string): Promise<string> {
  const captcha = await mailCode(email, purpose, token);
  const created = await kit.call<string>('POST', '/api/users/captcha/checkAndCreateToken', { json: { email, purpose, captcha } });
  if (created.status !== 200) throw new Error(`checkAndCreateToken for ${email} failed: ${created.body.msg}`);
  return created.body.data;
}

const stored = (userName: string) => kit.server.db.selectFrom('users').selectAll().where('user_name', '=', userName).executeTakeFirst();
const userIdOf = async (session: TokenPair) =>
  (await kit.call<UserInfo>('GET', '/api/users/info', { token: session.accessToken })).body.data.userId;

describe(`multi-write actions are all or nothing (${testEngine})`, () => {
  it('sign-up: a failed session write leaves no account and the code still usable', async () => {
    const captcha = await mailCode('tx-ada@example.com', 'register');
    const register = () =>
      kit.call<TokenPair>('POST', '/api/users/register', {
        json: { userName: 'tx-ada', email: 'tx-ada@example.com', password: 'password-123', captcha },
      });
    undo = await failWrites(kit.server.db, 'refresh_tokens', 'insert');
    expect((await register()).status).toBe(500);
    expect(await stored('tx-ada')).toBeUndefined();

    await undo();
    undo = undefined;
    expect((await register()).status).toBe(200);
    expect(await stored('tx-ada')).toBeDefined();
  });

  it('password reset: a failed session revocation keeps the old password and the token', async () => {
    await kit.register('tx-bob', 'tx-bob@example.com', 'old-password');
    const before = (await stored('tx-bob'))?.password_hash;
    const token = await captchaToken('tx-bob@example.com', 'resetPassword');
    const reset = () => kit.call('POST', '/api/users/password/change', { json: { captchaToken: token, password: 'new-password' } });
    undo = await failWrites(kit.server.db, 'refresh_tokens', 'update');
    expect((await reset()).status).toBe(500);
    expect((await stored('tx-bob'))?.password_hash).toBe(before);

    await undo();
    undo = undefined;
    expect((await reset()).status).toBe(200);
    await kit.login('tx-bob', 'new-password');
  });

  it('own password change: a failed revocation of the other sessions keeps the old password', async () => {
    const session = await kit.register('tx-cat', 'tx-cat@example.com', 'old-password');
    await kit.login('tx-cat', 'old-password'); // another session, which the change must end
    const before = (await stored('tx-cat'))?.password_hash;
    undo = await failWrites(kit.server.db, 'refresh_tokens', 'update');
    const change = await kit.call('POST', '/api/users/password/change/mine', {
      json: { oldPassword: 'old-password', password: 'new-password' },
      token: session.accessToken,
    });
    expect(change.status).toBe(500);
    expect((await stored('tx-cat'))?.password_hash).toBe(before);
  });

  it('admin disable: a failed session revocation leaves the account enabled', async () => {
    const userId = await userIdOf(await kit.register('tx-dan', 'tx-dan@example.com'));
    const admin = await kit.adminLogin();
    undo = await failWrites(kit.server.db, 'refresh_tokens', 'update');
    expect((await kit.call('PUT', `/api/users/${userId}/disable`, { token: admin.accessToken })).status).toBe(500);
    expect((await stored('tx-dan'))?.enabled).toBe(1);
  });

  it('email change: a failed account update keeps the captcha token unused', async () => {
    const session = await kit.register('tx-eve', 'tx-eve@example.com');
    const token = await captchaToken('tx-eve-new@example.com', 'changeEmail', session.accessToken);
    const change = () =>
      kit.call<UserDetails>('POST', '/api/users/email/change', { json: { captchaToken: token }, token: session.accessToken });
    undo = await failWrites(kit.server.db, 'users', 'update');
    expect((await change()).status).toBe(500);

    await undo();
    undo = undefined;
    const changed = await change();
    expect(changed.status).toBe(200);
    expect(changed.body.data.email).toBe('tx-eve-new@example.com');
  });

  it('captcha token: a failed token write keeps the code usable', async () => {
    await kit.register('tx-fay', 'tx-fay@example.com');
    const captcha = await mailCode('tx-fay@example.com', 'resetPassword');
    const trade = () =>
      kit.call<string>('POST', '/api/users/captcha/checkAndCreateToken', {
        json: { email: 'tx-fay@example.com', purpose: 'resetPassword', captcha },
      });
    undo = await failWrites(kit.server.db, 'captcha_tokens', 'insert');
    expect((await trade()).status).toBe(500);

    await undo();
    undo = undefined;
    expect((await trade()).status).toBe(200);
  });

  it('demo session: a failed session write leaves no demo user behind', async () => {
    undo = await failWrites(kit.server.db, 'refresh_tokens', 'insert');
    expect((await kit.call('GET', '/api/users/test-account/token')).status).toBe(500);
    expect(await stored(DEMO_USER.userName)).toBeUndefined();

    await undo();
    undo = undefined;
    expect((await kit.call('GET', '/api/users/test-account/token')).status).toBe(200);
  });
});
