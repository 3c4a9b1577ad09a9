import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@shared/contracts/live';
import type { LiveServerMessage } from '@shared/contracts/live';
import { makeTempDir } from '../testing/test-server';
import { connectLive } from './live-test-kit';
import type { TestLiveClient } from './live-test-kit';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis) console.warn('redis-bus.test.ts skipped: no redis-server binary (Debian: apt-get install redis-server)');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

async function lineMatching(child: ChildProcess, test: (line: string) => boolean): Promise<string> {
  for await (const line of createInterface({ input: child.stdout! })) if (test(line)) return line;
  throw new Error('process ended before it was ready');
}

interface Instance {
  child: ChildProcess;
  url: string;
}

describe.skipIf(!hasRedis)('live messages across two instances over Redis', () => {
  let redis: ChildProcess;
  let redisUrl = '';
  const instances: Instance[] = [];
  const temps: { remove(): Promise<void> }[] = [];

  async function startInstance(): Promise<Instance> {
    const temp = await makeTempDir();
    temps.push(temp);
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/live-instance.ts'], {
      // SQLite per instance on purpose: the live path must need nothing shared but Redis.
      env: {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: redisUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: temp.path,
        WEB_DIR: join(temp.path, 'no-web'),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = JSON.parse(await lineMatching(child, (line) => line.includes('"live-ready"'))) as { port: number };
    child.stdout!.resume();
    const instance = { child, url: `ws://127.0.0.1:${ready.port}${LIVE_PATH}` };
    instances.push(instance);
    return instance;
  }

  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await lineMatching(redis, (line) => line.includes('Ready to accept connections'));
    redis.stdout!.resume();
    redisUrl = `redis://127.0.0.1:${port}`;
  }, 20_000);

  afterAll(async () => {
    for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL');
    redis?.kill('SIGKILL');
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

    a!.child.kill('SIGKILL');
    expect((await onA.closed).code).toBe(1006);
    // A killed instance cannot remove its peers; they go when its liveness key expires. Expire it now.
    const redisClient = new Redis(redisUrl);
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
