import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { TokenPair, UserDetails } from '@shared/contracts/users';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import { mailedCode } from '../../testing/smtp-sink';
import { CAPTCHA_MAX_ATTEMPTS } from './captcha.service';
import { OUTBOX_DIR } from './mailer';
import { MSG } from './messages';

let kit: AccountsServer;

beforeAll(async () => {
  kit = await startAccountsServer();
});

afterAll(async () => {
  await kit.close();
});

const send = (email: string, purpose: string, token?: string) =>
  kit.call('POST', '/api/users/captcha/send', { json: { email, purpose }, token });
const validate = (email: string, purpose: string, captcha: string) =>
  kit.call('POST', '/api/users/captcha/validate', { json: { email, purpose, captcha } });
const createToken = (email: string, purpose: string, captcha: string) =>
  kit.call<string>('POST', '/api/users/captcha/checkAndCreateToken', { json: { email, purpose, captcha } });
const otherCode = (code: string) => (code === '123456' ? '654321' : '123456');

describe('captcha codes', () => {
  it('validates without using the code up, and stores only a hash', async () => {
    await send('ivan@example.com', 'register');
    const code = mailedCode(await kit.smtp.nextMail('ivan@example.com'));
    expect((await validate('ivan@example.com', 'register', code)).status).toBe(200);
    expect((await validate('ivan@example.com', 'register', code)).status).toBe(200);
    const rows = await kit.server.db.selectFrom('captchas').selectAll().where('email', '=', 'ivan@example.com').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(Date.parse(rows[0]?.expires_at ?? '') - Date.parse(rows[0]?.created_at ?? '')).toBe(10 * 60_000);
  });

  it('kills a code after 5 wrong tries, even for the right one', async () => {
    await send('judy@example.com', 'register');
    const code = mailedCode(await kit.smtp.nextMail('judy@example.com'));
    for (let i = 0; i < CAPTCHA_MAX_ATTEMPTS; i++) {
      const wrong = await validate('judy@example.com', 'register', otherCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.body.ext?.messages).toEqual([MSG.captchaWrong]);
    }
    expect((await validate('judy@example.com', 'register', code)).status).toBe(400);
  });

  it('a new code replaces the open one; codes are bound to their purpose', async () => {
    await send('ken@example.com', 'register');
    const first = mailedCode(await kit.smtp.nextMail('ken@example.com'));
    await send('ken@example.com', 'register');
    const second = mailedCode(await kit.smtp.nextMail('ken@example.com'));
    if (first !== second) expect((await validate('ken@example.com', 'register', first)).status).toBe(400);
    expect((await validate('ken@example.com', 'resetPassword', second)).status).toBe(400);
    expect((await validate('ken@example.com', 'register', second)).status).toBe(200);
  });

  it('resetPassword for an unknown address answers the same and mails nothing', async () => {
    const res = await send('ghost@example.com', 'resetPassword');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: API_CODE.OK, msg: 'ok', data: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(kit.smtp.inbox.filter((mail) => mail.to.includes('ghost@example.com'))).toEqual([]);
    expect(await kit.server.db.selectFrom('captchas').select('id').where('email', '=', 'ghost@example.com').execute()).toEqual([]);
  });

  it('changeEmail codes need a login', async () => {
    const res = await send('new-home@example.com', 'changeEmail');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(API_CODE.UNAUTHORIZED);
  });
});

describe('password reset and email change through captcha tokens', () => {
  it('resets a forgotten password with a single-use token and ends every session', async () => {
    const session = await kit.register('liam', 'liam@example.com', 'old-password');
    await send('liam@example.com', 'resetPassword');
    const code = mailedCode(await kit.smtp.nextMail('liam@example.com'));
    const token = await createToken('liam@example.com', 'resetPassword', code);
    expect(token.status).toBe(200);
    expect(token.body.data).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The code was traded for the token.
    expect((await validate('liam@example.com', 'resetPassword', code)).status).toBe(400);

    const changed = await kit.call('POST', '/api/users/password/change', {
      json: { captchaToken: token.body.data, password: 'new-password' },
    });
    expect(changed.status).toBe(200);
    const again = await kit.call('POST', '/api/users/password/change', {
      json: { captchaToken: token.body.data, password: 'third-password' },
    });
    expect(again.status).toBe(400);
    expect(again.body.ext?.messages).toEqual([MSG.captchaTokenInvalid]);

    expect((await kit.call('GET', '/api/users/info', { token: session.accessToken })).status).toBe(401);
    expect((await kit.call('POST', '/api/users/token/refresh', { text: session.refreshToken })).status).toBe(401);
    expect((await kit.call('POST', '/api/users/login', { json: { account: 'liam', password: 'old-password' } })).status).toBe(400);
    await kit.login('liam', 'new-password');
  });

  it('a token of one purpose does not serve another', async () => {
    const session = await kit.register('mia', 'mia@example.com');
    await send('mia@example.com', 'resetPassword');
    const token = await createToken('mia@example.com', 'resetPassword', mailedCode(await kit.smtp.nextMail('mia@example.com')));
    const res = await kit.call('POST', '/api/users/email/change', { json: { captchaToken: token.body.data }, token: session.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.ext?.messages).toEqual([MSG.captchaTokenInvalid]);
  });

  it('changes the account email to the proven address, which must be free', async () => {
    const session = await kit.register('noah', 'noah@example.com');
    await kit.register('olivia', 'olivia@example.com');
    expect((await send('olivia@example.com', 'changeEmail', session.accessToken)).body.ext?.messages).toEqual([MSG.emailTaken]);

    expect((await send('Noah.New@example.com', 'changeEmail', session.accessToken)).status).toBe(200);
    const code = mailedCode(await kit.smtp.nextMail('noah.new@example.com'));
    const token = await createToken('noah.new@example.com', 'changeEmail', code);
    const res = await kit.call<UserDetails>('POST', '/api/users/email/change', {
      json: { captchaToken: token.body.data },
      token: session.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('noah.new@example.com');
    await kit.login('noah.new@example.com', 'password-123');
  });
});

describe('without SMTP', () => {
  it('writes each mail as a real .eml to DATA_DIR/outbox', async () => {
    const local = await startAccountsServer({ withoutSmtp: true });
    try {
      expect(
        (await local.call('POST', '/api/users/captcha/send', { json: { email: 'pat@example.com', purpose: 'register' } })).status,
      ).toBe(200);
      const outbox = join(local.dataDir, OUTBOX_DIR);
      let files: string[] = [];
      for (let i = 0; i < 100 && files.length === 0; i++) {
        files = await readdir(outbox).catch(() => []);
        if (files.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(files).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT.*-pat@example\.com\.eml$/)]);
      const eml = await readFile(join(outbox, files[0] ?? ''), 'utf8');
      expect(eml).toMatch(/^To: pat@example\.com$/m);
      expect(eml).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
      const code = /Your verification code is (\d{6})\./.exec(eml.replace(/=\n/g, ''))?.[1] ?? '';
      const pair = await local.call<TokenPair>('POST', '/api/users/register', {
        json: { userName: 'pat', email: 'pat@example.com', password: 'password-123', captcha: code },
      });
      expect(pair.status).toBe(200);
      expect(local.smtp.inbox).toEqual([]);
    } finally {
      await local.close();
    }
  });
});
