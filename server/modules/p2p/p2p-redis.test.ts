import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@shared/contracts/live';
import { P2P_API, networkRoom, pairRoom } from '@shared/contracts/p2p';
import type { P2pHello, P2pPair } from '@shared/contracts/p2p';
import { connectLive } from '../../live/live-test-kit';
import type { TestLiveClient } from '../../live/live-test-kit';
import { apiClient } from '../../testing/api-client';
import { hasRedisServer, startRedisServer } from '../../testing/redis-server';
import type { RedisServer } from '../../testing/redis-server';
import { startServerProcess } from '../../testing/server-process';
import type { ServerProcess } from '../../testing/server-process';
import { makeTempDir } from '../../testing/test-server';

const hasRedis = hasRedisServer();
if (!hasRedis) console.warn('p2p-redis.test.ts skipped: no redis-server binary (Debian: apt-get install redis-server)');

describe.skipIf(!hasRedis)('P2P signalling across two instances', () => {
  let redis: RedisServer;
  let temp: { path: string; remove(): Promise<void> };
  const servers: ServerProcess[] = [];
  const clients: TestLiveClient[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    temp = await makeTempDir();
    // One DATA_DIR (its database and app secret) and one Redis, as instances behind a load balancer share them.
    for (let i = 0; i < 2; i++) servers.push(await startServerProcess(temp.path, { REDIS_URL: redis.url }));
  }, 60_000);

  afterAll(async () => {
    for (const client of clients) client.socket.terminate();
    for (const server of servers) await server.stop();
    redis?.stop();
    await temp?.remove();
  });

  async function peerOn(server: ServerProcess): Promise<TestLiveClient & { peer: string }> {
    const client = await connectLive(`${server.baseUrl.replace('http', 'ws')}${LIVE_PATH}`);
    clients.push(client);
    const welcome = (await client.next((m) => m.type === 'welcome')) as { peer: string };
    return Object.assign(client, { peer: welcome.peer });
  }

  async function join(client: TestLiveClient, room: string) {
    client.send({ type: 'join', room });
    return client.next((m) => (m.type === 'joined' || m.type === 'error') && m.room === room);
  }

  it('admits with a code made on the other instance and relays a signal between them', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const { code } = (await apiClient(a.baseUrl)<P2pPair>('POST', P2P_API.pairs)).body.data!;
    const onA = await peerOn(a);
    const onB = await peerOn(b);
    expect(await join(onA, pairRoom(code))).toMatchObject({ type: 'joined' });
    expect(await join(onB, pairRoom(code))).toMatchObject({
      type: 'joined',
      members: expect.arrayContaining([{ peer: onA.peer }]) as unknown,
    });

    const answer = { kind: 'description', description: { type: 'answer', sdp: 'v=0 from b' } };
    onB.send({ type: 'publish', room: pairRoom(code), data: { to: onA.peer, signal: answer } });
    expect(await onA.next((m) => m.type === 'message')).toMatchObject({ from: { peer: onB.peer }, data: { to: onA.peer, signal: answer } });
    onA.send({
      type: 'publish',
      room: pairRoom(code),
      data: { card: { name: 'Nimble Panda', device: 'Desktop', os: 'Linux', browser: 'Chrome' } },
    });
    expect(await onB.next((m) => m.type === 'message')).toMatchObject({ data: { card: { name: 'Nimble Panda' } } });
  });

  it('gives the same network room on both instances, so devices behind one address meet wherever they land', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const network = (await apiClient(a.baseUrl)<P2pHello>('GET', P2P_API.hello)).body.data!.network;
    expect((await apiClient(b.baseUrl)<P2pHello>('GET', P2P_API.hello)).body.data!.network).toBe(network);
    const onA = await peerOn(a);
    const onB = await peerOn(b);
    expect(await join(onA, networkRoom(network))).toMatchObject({ type: 'joined' });
    expect(await join(onB, networkRoom(network))).toMatchObject({ type: 'joined' });
    onA.send({ type: 'publish', room: networkRoom(network), data: { to: onB.peer, signal: { kind: 'candidate', candidate: null } } });
    expect(await onB.next((m) => m.type === 'message')).toMatchObject({ data: { signal: { kind: 'candidate', candidate: null } } });
  });
});
