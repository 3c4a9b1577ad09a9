import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@shared/contracts/live';
import type { LiveServerMessage } from '@shared/contracts/live';
import { hasRedisServer, startRedisServer } from '../testing/redis-server';
import type { RedisServer } from '../testing/redis-server';
import { startServerProcess } from '../testing/server-process';
import type { ServerProcess } from '../testing/server-process';
import { makeTempDir } from '../testing/test-server';
import { connectLive } from './live-test-kit';
import type { TestLiveClient } from './live-test-kit';

const hasRedis = hasRedisServer();
if (!hasRedis) console.warn('redis-bus.test.ts skipped: no redis-server binary (Debian: apt-get install redis-server)');

interface Instance {
  server: ServerProcess;
  url: string;
}

describe.skipIf(!hasRedis)('live messages across two instances over Redis', () => {
  let redis: RedisServer;
  const instances: Instance[] = [];
  const temps: { remove(): Promise<void> }[] = [];

  async function startInstance(): Promise<Instance> {
    const temp = await makeTempDir();
    temps.push(temp);
    // SQLite per instance on purpose: the live path must need nothing shared but Redis.
    const server = await startServerProcess(temp.path, { DATABASE_URL: '', REDIS_URL: redis.url });
    const instance = { server, url: `${server.baseUrl.replace('http', 'ws')}${LIVE_PATH}` };
    instances.push(instance);
    return instance;
  }

  beforeAll(async () => {
    redis = await startRedisServer();
  }, 20_000);

  afterAll(async () => {
    for (const { server } of instances) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    redis?.stop();
    for (const temp of temps) await temp.remove();
  });

  const joined = (client: TestLiveClient) =>
    client.next((m) => m.type === 'joined') as Promise<Extract<LiveServerMessage, { type: 'joined' }>>;

  it('carries messages and membership both ways, and a killed instance drops only its own clients', async () => {
    const [a, b] = await Promise.all([startInstance(), startInstance()]);
    const onA = await connectLive(a!.url);
    const onB = await connectLive(b!.url);
    const peerA = ((await onA.next((m) => m.type === 'welcome')) as { peer: string }).peer;
    const peerB = ((await onB.next((m) => m.type === 'welcome')) as { peer: string }).peer;

    onA.send({ type: 'join', room: 'test:room' });
    expect((await joined(onA)).members).toEqual([{ peer: peerA }]);
    onB.send({ type: 'join', room: 'test:room' });
    expect((await joined(onB)).members.map((m) => m.peer).sort()).toEqual([peerA, peerB].sort());
    expect(await onA.next((m) => m.type === 'presence')).toMatchObject({ member: { peer: peerB }, present: true });

    onA.send({ type: 'publish', room: 'test:room', data: { from: 'a' } });
    expect(await onB.next((m) => m.type === 'message')).toMatchObject({ from: { peer: peerA }, data: { from: 'a' } });
    onB.send({ type: 'publish', room: 'test:room', data: { from: 'b' } });
    expect(await onA.next((m) => m.type === 'message')).toMatchObject({ from: { peer: peerB }, data: { from: 'b' } });

    a!.server.child.kill('SIGKILL');
    expect((await onA.closed).code).toBe(1006);
    // A killed instance cannot remove its peers; they go when its liveness key expires. Expire it now.
    const redisClient = new Redis(redis.url);
    const roomKey = 'baibao:live:room:test:room';
    const instanceA = (JSON.parse((await redisClient.hget(roomKey, peerA))!) as { instance: string }).instance;
    const ttl = await redisClient.ttl(`baibao:live:instance:${instanceA}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(15);
    await redisClient.del(`baibao:live:instance:${instanceA}`);
    // B's client stays, still served, and a newcomer on B sees it in the room, without A's.
    const late = await connectLive(b!.url);
    late.send({ type: 'join', room: 'test:room' });
    expect((await joined(late)).members.map((m) => m.peer).sort()).toEqual(
      [peerB, ((await late.next((m) => m.type === 'welcome')) as { peer: string }).peer].sort(),
    );
    expect(await redisClient.hexists(roomKey, peerA)).toBe(0);
    redisClient.disconnect();
    onB.send({ type: 'publish', room: 'test:room', data: 'still here' });
    expect(await late.next((m) => m.type === 'message')).toMatchObject({ data: 'still here' });
    expect(onB.socket.readyState).toBe(onB.socket.OPEN);
    late.socket.close();
    onB.socket.close();
  }, 60_000);
});
