import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TokenPair, UserInfo } from '@shared/contracts/users';
import { apiClient } from '../../testing/api-client';
import { makeTempDir, startTestServer } from '../../testing/test-server';
import { API_CODE } from '@shared/contracts/api';
import { HttpError } from '../../http/http-error';
import { whileHashingBusy } from './admin-bootstrap';
import { SECRET_FILE } from './app-secret';

let temp: Awaited<ReturnType<typeof makeTempDir>>;

beforeEach(async () => {
  temp = await makeTempDir();
});

afterEach(async () => {
  await temp.remove();
});

/** A real pino logger whose lines are kept for reading. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('first start without ADMIN_PASSWORD and JWT_SECRET', () => {
  it('prints a random admin password once and keeps its own signing secret across restarts', async () => {
    const first = capturingLogger();
    const server = await startTestServer({
      dataDir: temp.path,
      logger: first.logger,
      env: { ADMIN_USERNAME: 'boss', ADMIN_EMAIL: 'Boss@Example.com' },
    });
    let pair: TokenPair;
    try {
      const announcement = first.lines.find((line) => line.includes('ADMIN ACCOUNT CREATED'));
      const password = /password: (\S+)/.exec(announcement ?? '')?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(16);
      const login = await apiClient(server.baseUrl)<TokenPair>('POST', '/api/users/login', {
        json: { account: 'boss@example.com', password },
      });
      expect(login.status).toBe(200);
      pair = login.body.data;
      expect(((await stat(join(temp.path, SECRET_FILE))).mode & 0o777).toString(8)).toBe('600');
      const secret = await readFile(join(temp.path, SECRET_FILE), 'utf8');
      expect(secret.length).toBeGreaterThanOrEqual(64);
      expect(first.lines.join('')).not.toContain(secret);
    } finally {
      await server.close();
    }

    const second = capturingLogger();
    const restarted = await startTestServer({ dataDir: temp.path, logger: second.logger });
    try {
      expect(second.lines.some((line) => line.includes('ADMIN ACCOUNT CREATED'))).toBe(false);
      const me = await apiClient(restarted.baseUrl)<UserInfo>('GET', '/api/users/info', { token: pair.accessToken });
      expect(me.body.data).toMatchObject({ userId: 1, userName: 'boss' });
    } finally {
      await restarted.close();
    }
  });
});

describe('a damaged jwt-secret file', () => {
  it.each([
    ['empty', ''],
    ['short', Buffer.alloc(16, 7).toString('base64url')],
  ])('refuses to start on an %s one, naming the file, instead of answering every login with 500', async (_kind, content) => {
    await writeFile(join(temp.path, SECRET_FILE), content, { mode: 0o600 });
    await expect(startTestServer({ dataDir: temp.path, env: { ADMIN_PASSWORD: 'admin-secret-pw' } })).rejects.toThrow(
      /jwt-secret holds \d+ bytes of key, at least 32/,
    );
  });
});

describe("the administrator's hash when hashing is busy", () => {
  const busy = () => new HttpError(429, API_CODE.TOO_MANY_REQUESTS, { key: 'users.serverBusy' });

  it('waits and tries again instead of failing the start', async () => {
    let calls = 0;
    const row = await whileHashingBusy(async () => {
      calls += 1;
      if (calls < 3) throw busy();
      return 'row';
    }, 1);
    expect(row).toBe('row');
    expect(calls).toBe(3);
  });

  it('gives up after its tries, and never retries any other error', async () => {
    let calls = 0;
    await expect(
      whileHashingBusy(() => {
        calls += 1;
        return Promise.reject(busy());
      }, 1),
    ).rejects.toMatchObject({ status: 429 });
    expect(calls).toBe(20);
    calls = 0;
    await expect(
      whileHashingBusy(() => {
        calls += 1;
        return Promise.reject(new Error('disk full'));
      }, 1),
    ).rejects.toThrow('disk full');
    expect(calls).toBe(1);
  });
});
