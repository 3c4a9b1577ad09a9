import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair, UserInfo } from '@shared/contracts/users';
import { TEST_JWT_SECRET, startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { mailedCode } from '../../testing/smtp-sink';
import { accountsTransaction } from './account-stores';
import { createAccessTokens } from './access-token';
import { createAuthService } from './auth.service';
import { createCaptchaRepository } from './captcha.repository';
import { createCaptchaService } from './captcha.service';
import { createLoginLogsRepository } from './login-logs.repository';
import type { Mail } from './mailer';
import { MSG } from './messages';
import { createOAuth2Repository } from './oauth2.repository';
import { createProfileService } from './profile.service';
import { createSessionService } from './session.service';
import { createSessionsRepository } from './sessions.repository';
import { createUsersRepository } from './users.repository';
import type { UsersRepository } from './users.repository';

let kit: AccountsServer;

beforeAll(async () => {
  kit = await startAccountsServer();
});

afterAll(async () => {
  await kit.close();
});

async function mailCode(email: string, purpose: string): Promise<string> {
  const sent = await kit.call('POST', '/api/users/captcha/send', { json: { email, purpose } });
  if (sent.status !== 200) throw new Error(`captcha/send for ${email} failed: ${sent.body.msg}`);
  return mailedCode(await kit.smtp.nextMail(email));
}

const registerCall = (userName: string, email: string, captcha: string) =>
  kit.call<TokenPair>('POST', '/api/users/register', { json: { userName, email, password: 'password-123', captcha } });

const usersNamed = (folded: string) =>
  kit.server.db
    .selectFrom('users')
    .select(['user_id', 'user_name'])
    .where((eb) => eb(eb.fn('lower', ['user_name']), '=', folded))
    .execute();

describe('concurrent requests over HTTP', () => {
  it('two sign-ups racing for "Dave" and "dave": one account, the other told the name is taken', async () => {
    const [first, second] = [await mailCode('dave1@example.com', 'register'), await mailCode('dave2@example.com', 'register')];
    const answers = await Promise.all([
      registerCall('Dave', 'dave1@example.com', first),
      registerCall('dave', 'dave2@example.com', second),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body).toMatchObject({
      ext: { popupNotice: true, messages: [MSG.userNameTaken] },
    });
    expect(await usersNamed('dave')).toHaveLength(1);
  });

  it('two sign-ups racing for the very same name: a 400, not a 500', async () => {
    const [first, second] = [await mailCode('erin1@example.com', 'register'), await mailCode('erin2@example.com', 'register')];
    const answers = await Promise.all([
      registerCall('erin', 'erin1@example.com', first),
      registerCall('erin', 'erin2@example.com', second),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body.ext?.messages).toEqual([MSG.userNameTaken]);
    expect(await usersNamed('erin')).toHaveLength(1);
  });
});

/**
 * The real services on the test server's database, except that name and email lookups miss on
 * their first call: exactly what happens when another request's insert lands right after the check.
 * HTTP races hit that window only by chance (an email change has no slow step at all, and over
 * HTTP it never raced in trials); this hits it every time.
 */
function servicesLosingTheRace() {
  const { db } = kit.server;
  const users = createUsersRepository(db);
  const missOnce = <T>(find: (key: string) => Promise<T | undefined>) => {
    let missed = false;
    return async (key: string) => {
      if (missed) return find(key);
      missed = true;
      return undefined;
    };
  };
  const racing: UsersRepository = { ...users, findByUserName: missOnce(users.findByUserName), findByEmail: missOnce(users.findByEmail) };
  const mails: Mail[] = [];
  const secret = new TextEncoder().encode(TEST_JWT_SECRET);
  const captcha = createCaptchaService({
    captchas: createCaptchaRepository(db),
    // Codes for any address, taken or not: the services under test must do the refusing.
    users: { ...users, findByEmail: async () => undefined },
    mailer: { delivers: true, send: async (mail) => void mails.push(mail) },
    secret,
    logger: pino({ level: 'silent' }),
  });
  const accessTokens = createAccessTokens(secret, 900);
  const sessions = createSessionService(createSessionsRepository(db), users, accessTokens);
  const deps = {
    users: racing,
    sessions,
    captcha,
    loginLogs: createLoginLogsRepository(db),
    transaction: accountsTransaction(db, accessTokens),
    logger: pino({ level: 'silent' }),
  };
  return {
    auth: createAuthService(deps),
    profile: createProfileService({ ...deps, oauth2: createOAuth2Repository(db) }),
    async code(email: string, purpose: 'register' | 'changeEmail'): Promise<string> {
      await captcha.send(email, purpose);
      const mail = mails.pop();
      return /Your verification code is (\d{6})\./.exec(mail?.text ?? '')?.[1] ?? '';
    },
    captcha,
  };
}

const ORIGIN = { ip: '127.0.0.1', userAgent: 'vitest' };

describe('a unique index refusing what slipped past the checks', () => {
  it('register: a name taken in another case answers userNameTaken', async () => {
    await kit.register('hana', 'hana@example.com');
    const { auth, code } = servicesLosingTheRace();
    const captcha = await code('hana2@example.com', 'register');
    await expect(
      auth.register({ userName: 'HANA', email: 'hana2@example.com', password: 'password-123', captcha }, ORIGIN),
    ).rejects.toMatchObject({ status: 400, messages: [MSG.userNameTaken] });
    expect(await usersNamed('hana')).toHaveLength(1);
  });

  it('register: a taken email answers emailTaken', async () => {
    await kit.register('iris', 'iris@example.com');
    const { auth, code } = servicesLosingTheRace();
    const captcha = await code('iris@example.com', 'register');
    await expect(
      auth.register({ userName: 'iris-two', email: 'iris@example.com', password: 'password-123', captcha }, ORIGIN),
    ).rejects.toMatchObject({ status: 400, messages: [MSG.emailTaken] });
    expect(await usersNamed('iris-two')).toEqual([]);
  });

  it('email change: an address another account took answers emailTaken', async () => {
    await kit.register('jack', 'jack@example.com');
    const session = await kit.register('kate', 'kate@example.com');
    const kate = (await kit.call<UserInfo>('GET', '/api/users/info', { token: session.accessToken })).body.data.userId;
    const { profile, code, captcha } = servicesLosingTheRace();
    const token = await captcha.createToken('jack@example.com', 'changeEmail', await code('jack@example.com', 'changeEmail'));
    await expect(profile.changeEmail({ userId: kate, sessionId: 'unused', admin: false }, token)).rejects.toMatchObject({
      status: 400,
      messages: [MSG.emailTaken],
    });
    expect((await kit.server.db.selectFrom('users').select('email').where('user_id', '=', kate).executeTakeFirstOrThrow()).email).toBe(
      'kate@example.com',
    );
  });
});
