import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@shared/contracts/live';
import type { TokenPair, UserInfo } from '@shared/contracts/users';
import { connectLive } from './live/live-test-kit';
import { ADMIN, TEST_JWT_SECRET } from './testing/accounts-kit';
import { apiClient } from './testing/api-client';
import { hasRedisServer, startRedisServer } from './testing/redis-server';
import type { RedisServer } from './testing/redis-server';
import { startS3rverProcess } from './testing/s3rver';
import type { S3rverProcess } from './testing/s3rver';
import { startServerProcess } from './testing/server-process';
import type { ServerProcess } from './testing/server-process';
import { mailedCode, startSmtpSink } from './testing/smtp-sink';
import type { SmtpSink } from './testing/smtp-sink';
import { testDatabaseSettings, testEngine } from './testing/test-database';
import { makeTempDir } from './testing/test-server';

/**
 * README "Two instances on PostgreSQL + Redis + S3", run for real: two server processes started
 * with exactly the README's settings (DATABASE_URL, REDIS_URL, S3_*, one JWT_SECRET), sharing a
 * PostgreSQL database, a redis-server and an S3-compatible server (s3rver), each with its own DATA_DIR.
 */
const hasRedis = hasRedisServer();
const reason =
  testEngine !== 'postgres'
    ? 'it runs on the PostgreSQL pass (npm run test:postgres)'
    : !hasRedis
      ? 'no redis-server binary (Debian: apt-get install redis-server)'
      : undefined;
if (reason) console.warn(`scale-out.test.ts skipped: ${reason}`);

describe.skipIf(reason !== undefined)('two instances on one PostgreSQL, Redis and S3 store', () => {
  let temp: { path: string; remove(): Promise<void> };
  let redis: RedisServer;
  let s3: S3rverProcess;
  let smtp: SmtpSink;
  let one: ServerProcess;
  let two: ServerProcess;

  beforeAll(async () => {
    temp = await makeTempDir();
    redis = await startRedisServer();
    s3 = await startS3rverProcess(join(temp.path, 's3'));
    smtp = await startSmtpSink();
    // The first instance's folder names the shared database; the second is pointed at it.
    const { databaseUrl } = await testDatabaseSettings(join(temp.path, 'one'));
    const shared = {
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: redis.url,
      ...s3.env,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_PASSWORD: ADMIN.password,
      ...smtp.env,
    };
    // Both at once, as a deployment starts them: the migrations must serialise themselves.
    [one, two] = await Promise.all([
      startServerProcess(join(temp.path, 'one'), shared),
      startServerProcess(join(temp.path, 'two'), shared),
    ]);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    redis?.stop();
    await s3?.close();
    await smtp?.close();
    await temp?.remove();
  });

  it('signs up on one and logs in on the other; an avatar stored by one is served by both; a live message crosses', async () => {
    const onOne = apiClient(one.baseUrl);
    const onTwo = apiClient(two.baseUrl);

    expect((await onOne('POST', '/api/users/captcha/send', { json: { email: 'sam@example.com', purpose: 'register' } })).status).toBe(200);
    const captcha = mailedCode(await smtp.nextMail('sam@example.com'));
    const registered = await onOne<TokenPair>('POST', '/api/users/register', {
      json: { userName: 'sam', email: 'sam@example.com', password: 'password-123', captcha },
    });
    expect(registered.status).toBe(200);
    const login = await onTwo<TokenPair>('POST', '/api/users/login', { json: { account: 'sam', password: 'password-123' } });
    expect(login.status).toBe(200);
    // A session started on one is good on the other: one secret, one sessions table.
    const info = await onTwo<UserInfo>('GET', '/api/users/info', { token: registered.body.data.accessToken });
    expect(info.body.data.userName).toBe('sam');

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 20, g: 120, b: 220 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'sam.png');
    const uploaded = await onOne<string>('PUT', '/api/users/avatar', { form, token: registered.body.data.accessToken });
    expect(uploaded.status).toBe(200);
    const [fromOne, fromTwo] = await Promise.all([
      fetch(`${one.baseUrl}${uploaded.body.data}`),
      fetch(`${two.baseUrl}${uploaded.body.data}`),
    ]);
    expect([fromOne.status, fromTwo.status]).toEqual([200, 200]);
    expect(fromTwo.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromTwo.arrayBuffer()).equals(Buffer.from(await fromOne.arrayBuffer()))).toBe(true);
    // And the record points at it on both.
    const avatar = (await onTwo<UserInfo>('GET', '/api/users/info', { token: login.body.data.accessToken })).body.data.ext.avatar;
    expect(avatar).toBe(uploaded.body.data);

    const listener = await connectLive(`${two.baseUrl.replace('http', 'ws')}${LIVE_PATH}`);
    const speaker = await connectLive(`${one.baseUrl.replace('http', 'ws')}${LIVE_PATH}`, { token: login.body.data.accessToken });
    listener.send({ type: 'join', room: 'test:scale-out' });
    await listener.next((message) => message.type === 'joined');
    speaker.send({ type: 'join', room: 'test:scale-out' });
    await speaker.next((message) => message.type === 'joined');
    speaker.send({ type: 'publish', room: 'test:scale-out', data: { hello: 'from one' } });
    expect(await listener.next((message) => message.type === 'message')).toMatchObject({
      from: { userId: info.body.data.userId },
      data: { hello: 'from one' },
    });
    listener.socket.close();
    speaker.socket.close();
  }, 60_000);
});
