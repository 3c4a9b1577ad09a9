import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { decodeJwt } from 'jose';
import type { TokenPair } from '../shared/contracts/users';

/**
 * A fresh member of a test's own API server (live-api-kit's `startApi(dir)`), registered through
 * the API with the captcha the server mailed into its outbox (no SMTP configured), and signed in
 * the way the web app keeps a login. A server of its own keeps the registrations off the suite
 * server's per-address limit (10 an hour), which the accounts e2e already uses.
 */
export interface Member extends TokenPair {
  userId: number;
  userName: string;
  nickName: string;
}

async function mailedCode(dir: string, email: string): Promise<string> {
  const outbox = join(dir, 'api', 'outbox');
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

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  expect(envelope.code, envelope.msg).toBe(20000);
  return envelope.data;
}

/** `dir` is the folder given to `startApi`. */
export async function registerMember(api: { url: string; dir: string }, tag: string): Promise<Member> {
  const id = `${tag}${randomBytes(4).toString('hex')}`;
  const account = {
    userName: `e2e_${id}`,
    email: `${id}@example.test`,
    password: 'correct-horse-battery',
    nickName: `测试${id.slice(-4)}`,
  };
  await post(`${api.url}/api/users/captcha/send`, { email: account.email, purpose: 'register' });
  const captcha = await mailedCode(api.dir, account.email);
  const pair = await post<TokenPair>(`${api.url}/api/users/register`, { ...account, captcha });
  return { ...pair, userId: Number(decodeJwt(pair.accessToken).sub), userName: account.userName, nickName: account.nickName };
}

export async function signIn(context: BrowserContext, apiUrl: string, pair: Pick<TokenPair, 'accessToken' | 'refreshToken'>) {
  await context.addCookies([
    { name: 'access_token', value: pair.accessToken, url: apiUrl, sameSite: 'Lax' },
    { name: 'refresh_token', value: pair.refreshToken, url: apiUrl, sameSite: 'Lax' },
  ]);
}
