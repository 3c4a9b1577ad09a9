import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { BrowserContext } from '@playwright/test';
import { expect } from './privacy';

/**
 * The library's remote-source e2e (WebDAV, cloud lists) need an API server of their own: the
 * suite's refuses loopback targets, as a public site must, and these reach servers the test starts
 * on loopback. PROXY_ALLOW_PRIVATE=true is set here only.
 */
export const ADMIN_PASSWORD = 'e2e-webdav-admin-password';

/** `env` adds to the server's environment (PicHub: PICHUB_CONNECT_SRC for its loopback test servers). */
export async function startApi(dir: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/live-instance.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'api'),
      WEB_DIR: resolve(process.env.WEB_OUT_DIR ?? 'dist/web'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      JWT_SECRET: 'e2e-webdav-jwt-secret-that-is-long-enough-0123',
      PROXY_ALLOW_PRIVATE: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.includes('"live-ready"')) {
      child.stdout!.resume();
      return { url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`, child };
    }
  }
  throw new Error(`the API server ended before it listened (exit code ${child.exitCode})`);
}

/** The admin's login tokens, for calling the API as a logged-in page would. */
export async function adminTokens(apiUrl: string): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await fetch(`${apiUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { accessToken: string; refreshToken: string } };
  expect(body.code, body.msg).toBe(20000);
  return body.data;
}

/** Logs the page's context in as the admin, with the site's own cookies. */
export async function logIn(context: BrowserContext, apiUrl: string): Promise<void> {
  const { accessToken, refreshToken } = await adminTokens(apiUrl);
  await context.addCookies([
    { name: 'access_token', value: accessToken, url: apiUrl, sameSite: 'Lax' },
    { name: 'refresh_token', value: refreshToken, url: apiUrl, sameSite: 'Lax' },
  ]);
}
