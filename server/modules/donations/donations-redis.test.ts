import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenPair } from '@shared/contracts/users';
import { DONATIONS_API, DONATIONS_LIVE_ROOM } from '@shared/contracts/donations-base';
import type { DonationRanking } from '@shared/contracts/donations-base';
import { LIVE_PATH } from '@shared/contracts/live';
import { connectLive } from '../../live/live-test-kit';
import type { TestLiveClient } from '../../live/live-test-kit';
import { ADMIN } from '../../testing/accounts-kit';
import { apiClient } from '../../testing/api-client';
import { hasRedisServer, startRedisServer } from '../../testing/redis-server';
import type { RedisServer } from '../../testing/redis-server';
import { startServerProcess } from '../../testing/server-process';
import type { ServerProcess } from '../../testing/server-process';
import { makeTempDir } from '../../testing/test-server';

const hasRedis = hasRedisServer();
if (!hasRedis) console.warn('donations-redis.test.ts skipped: no redis-server binary (Debian: apt-get install redis-server)');

describe.skipIf(!hasRedis)('the live donation ranking across two instances', () => {
  let redis: RedisServer;
  let temp: { path: string; remove(): Promise<void> };
  const servers: ServerProcess[] = [];
  const clients: TestLiveClient[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    temp = await makeTempDir();
    // One DATA_DIR (its database and secret) and one Redis, as instances behind a load balancer share them.
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(temp.path, { REDIS_URL: redis.url, ADMIN_PASSWORD: ADMIN.password }));
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    for (const server of servers) await server.stop();
    redis?.stop();
    await temp?.remove();
  });

  async function watcherOn(server: ServerProcess): Promise<TestLiveClient> {
    const client = await connectLive(`${server.baseUrl.replace('http', 'ws')}${LIVE_PATH}`);
    clients.push(client);
    client.send({ type: 'join', room: DONATIONS_LIVE_ROOM });
    await client.next((m) => m.type === 'joined');
    return client;
  }

  it('reaches a visitor on the other instance when the admin records a donation', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const onA = apiClient(a.baseUrl);
    const { accessToken } = (
      await onA<TokenPair>('POST', '/api/users/login', { json: { account: ADMIN.userName, password: ADMIN.password } })
    ).body.data;
    const visitorOnB = await watcherOn(b);
    const visitorOnA = await watcherOn(a);

    const recorded = await onA('POST', DONATIONS_API, {
      json: { name: '跨实例', amountCents: 6_600, message: 'scale-out', donatedAt: Date.now() - 1000 },
      token: accessToken,
    });
    expect(recorded.status).toBe(200);

    for (const visitor of [visitorOnB, visitorOnA]) {
      const heard = (await visitor.next((m) => m.type === 'message')) as { from: { peer: string }; data: DonationRanking };
      expect(heard.from.peer).toBe('server');
      expect(heard.data).toMatchObject({
        totalCents: 6_600,
        donationCount: 1,
        supporters: [{ name: '跨实例', totalCents: 6_600, message: 'scale-out' }],
      });
    }
    // The other instance reads the same record.
    const onB = apiClient(b.baseUrl);
    expect((await onB<DonationRanking>('GET', `${DONATIONS_API}/ranking`)).body.data.totalCents).toBe(6_600);
  });
});
