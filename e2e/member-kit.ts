import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { decodeJwt } from 'jose';
import type { TokenPair } from '../shared/contracts/users';

/**
 * A fresh member of the e2e server, registered through the API with the captcha the server mailed
 * into its outbox (no SMTP configured), and signed in the way the web app keeps a login.
 */
export interface Member extends TokenPair {
  userId: number;
  userName: string;
}

async function mailedCode(email: string): Promise<string> {
  const outbox = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
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

export async function registerMember(request: APIRequestContext, tag: string): Promise<Member> {
  const id = `${tag}${randomBytes(4).toString('hex')}`;
  const account = {
    userName: `e2e_${id}`,
    email: `${id}@example.test`,
    password: 'correct-horse-battery',
    nickName: `测试${id.slice(-4)}`,
  };
  await envelopeData(await request.post('/api/users/captcha/send', { data: { email: account.email, purpose: 'register' } }));
  const captcha = await mailedCode(account.email);
  const pair = await envelopeData<TokenPair>(await request.post('/api/users/register', { data: { ...account, captcha } }));
  return { ...pair, userId: Number(decodeJwt(pair.accessToken).sub), userName: account.userName };
}

export async function signIn(context: BrowserContext, baseURL: string, pair: Pick<TokenPair, 'accessToken' | 'refreshToken'>) {
  await context.addCookies([
    { name: 'access_token', value: pair.accessToken, url: baseURL, sameSite: 'Lax' },
    { name: 'refresh_token', value: pair.refreshToken, url: baseURL, sameSite: 'Lax' },
  ]);
}
