import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIVE_PATH } from '@shared/contracts/live';
import { unauthorized } from '../http/auth';
import { createLogger } from '../logger';
import { createMemoryBus } from './bus';
import { withBus } from './live';
import type { Live } from './live';
import { attachLiveEndpoint } from './live-endpoint';
import type { LiveEndpointOptions } from './live-endpoint';
import { connectLive } from './live-test-kit';
import type { TestLiveClient } from './live-test-kit';

// The token check itself is the accounts module's (tested there); here a fixed token stands for a live session.
const authenticate = async (token: string) => {
  if (token !== 'good-token') throw unauthorized('Login required');
  return { userId: 7, sessionId: 's' };
};

let cleanups: (() => Promise<void>)[] = [];
let lastLive: Live;
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function start(overrides: Partial<LiveEndpointOptions> = {}): Promise<string> {
  const live = withBus(createMemoryBus());
  live.rooms.define('chat', { anonymous: false });
  live.rooms.define('p2p', { anonymous: true });
  lastLive = live;
  const server: Server = createServer((_req, res) => res.end());
  const endpoint = attachLiveEndpoint(server, {
    live,
    authenticate,
    logger: createLogger('silent'),
    corsOrigins: ['https://staging.example'],
    trustProxyHops: 0,
    ...overrides,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    await endpoint.close();
    await new Promise((resolve) => server.close(resolve));
  });
  const address = server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${LIVE_PATH}`;
}

async function connect(url: string, options: Parameters<typeof connectLive>[1] = {}): Promise<TestLiveClient> {
  const client = await connectLive(url, options);
  cleanups.push(async () => {
    client.socket.terminate();
  });
  return client;
}

describe('live endpoint', () => {
  it('lets peers in one room hear each other, with membership and presence', async () => {
    const url = await start();
    const alice = await connect(url, { token: 'good-token' });
    const bob = await connect(url);
    const bobPeer = await bob.next((m) => m.type === 'welcome');
    alice.send({ type: 'join', room: 'p2p:abc' });
    expect(await alice.next((m) => m.type === 'joined')).toMatchObject({ members: [{ userId: 7 }] });
    bob.send({ type: 'join', room: 'p2p:abc' });
    expect(await bob.next((m) => m.type === 'joined')).toMatchObject({
      room: 'p2p:abc',
      members: expect.arrayContaining([{ peer: expect.any(String), userId: 7 }]) as unknown,
    });
    expect(await alice.next((m) => m.type === 'presence')).toMatchObject({
      present: true,
      member: { peer: bobPeer.type === 'welcome' ? bobPeer.peer : '' },
    });
    bob.send({ type: 'publish', room: 'p2p:abc', data: { offer: 'sdp' } });
    expect(await alice.next((m) => m.type === 'message')).toMatchObject({
      data: { offer: 'sdp' },
      from: { peer: expect.any(String) as unknown },
    });
    alice.send({ type: 'publish', room: 'p2p:abc', data: 'answer' });
    expect(await bob.next((m) => m.type === 'message')).toMatchObject({ data: 'answer' });
    bob.socket.close();
    expect(await alice.next((m) => m.type === 'presence')).toMatchObject({ present: false });
    await expect(alice.next((m) => m.type === 'message', 200)).rejects.toThrow('no matching');
    await lastLive.publish('p2p:abc', { rank: 1 });
    expect(await alice.next((m) => m.type === 'message')).toMatchObject({ from: { peer: 'server' }, data: { rank: 1 } });
  });

  it('refuses a room that needs a login, an undefined room, publishing outside a room and malformed frames', async () => {
    const url = await start();
    const visitor = await connect(url);
    visitor.send({ type: 'join', room: 'chat:1' });
    expect(await visitor.next((m) => m.type === 'error')).toMatchObject({ reason: 'loginRequired' });
    visitor.send({ type: 'join', room: 'nothing:1' });
    expect(await visitor.next((m) => m.type === 'error')).toMatchObject({ reason: 'unknownRoom' });
    visitor.send({ type: 'publish', room: 'p2p:1', data: 1 });
    expect(await visitor.next((m) => m.type === 'error')).toMatchObject({ reason: 'notJoined' });
    visitor.send('{nope');
    expect(await visitor.next((m) => m.type === 'error')).toMatchObject({ reason: 'malformed' });
  });

  it("asks the room's module who may join, with the address, account and peer it saw", async () => {
    const url = await start();
    const asked: unknown[] = [];
    lastLive.rooms.define('gate', {
      anonymous: true,
      admit: async (room, who) => {
        asked.push({ room, ...who });
        await new Promise((resolve) => setTimeout(resolve, 10));
        return room === 'gate:open';
      },
    });
    const visitor = await connect(url);
    const welcome = await visitor.next((m) => m.type === 'welcome');
    visitor.send({ type: 'join', room: 'gate:shut' });
    expect(await visitor.next((m) => m.type === 'error')).toEqual({ type: 'error', reason: 'refused', room: 'gate:shut' });
    visitor.send({ type: 'publish', room: 'gate:shut', data: 1 });
    expect(await visitor.next((m) => m.type === 'error')).toMatchObject({ reason: 'notJoined' });
    const user = await connect(url, { token: 'good-token', headers: { 'User-Agent': 'Mozilla/5.0 (test)' } });
    user.send({ type: 'join', room: 'gate:open', key: 'owner-secret' });
    expect(await user.next((m) => m.type === 'joined')).toMatchObject({ room: 'gate:open' });
    expect(asked).toStrictEqual([
      {
        room: 'gate:shut',
        ip: '127.0.0.1',
        userId: undefined,
        peer: welcome.type === 'welcome' ? welcome.peer : '',
        userAgent: '',
        key: undefined,
      },
      {
        room: 'gate:open',
        ip: '127.0.0.1',
        userId: 7,
        peer: expect.any(String) as unknown,
        userAgent: 'Mozilla/5.0 (test)',
        key: 'owner-secret',
      },
    ]);
  });

  it('does not add a peer that left while its admission was being decided', async () => {
    // One connection per address: the next one is let in only once the server has handled the close.
    const url = await start({ maxConnectionsPerIp: 1 });
    const pending: ((admit: boolean) => void)[] = [];
    lastLive.rooms.define('slow', { anonymous: true, admit: () => new Promise<boolean>((resolve) => pending.push(resolve)) });
    const asked = async () => {
      while (pending.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      return pending.shift()!;
    };
    const leaving = await connect(url);
    leaving.send({ type: 'join', room: 'slow:1' });
    const decideLeaving = await asked();
    leaving.socket.terminate();
    let staying: TestLiveClient | undefined;
    while (!staying) staying = await connect(url).catch(() => undefined);
    decideLeaving(true);
    staying.send({ type: 'join', room: 'slow:1' });
    (await asked())(true);
    expect(await staying.next((m) => m.type === 'joined')).toMatchObject({ members: [{ peer: expect.any(String) as unknown }] });
    expect(await lastLive.bus.members('slow:1')).toHaveLength(1);
  });

  it("refuses what a room's publish schema does not allow, and delivers what it does", async () => {
    const url = await start();
    lastLive.rooms.define('typed', { anonymous: true, publish: z.strictObject({ to: z.string() }) });
    const alice = await connect(url);
    const bob = await connect(url);
    for (const client of [alice, bob]) {
      client.send({ type: 'join', room: 'typed:1' });
      await client.next((m) => m.type === 'joined');
    }
    alice.send({ type: 'publish', room: 'typed:1', data: { to: 'bob', extra: 1 } });
    expect(await alice.next((m) => m.type === 'error')).toEqual({ type: 'error', reason: 'malformed', room: 'typed:1' });
    alice.send({ type: 'publish', room: 'typed:1', data: { to: 'bob' } });
    expect(await bob.next((m) => m.type === 'message')).toMatchObject({ data: { to: 'bob' } });
    await expect(bob.next((m) => m.type === 'message', 100)).rejects.toThrow('no matching');
  });

  it("lets the room's module say who may publish what, and keeps a forbidden peer in the room", async () => {
    const url = await start();
    const asked: unknown[] = [];
    lastLive.rooms.define('roles', {
      anonymous: true,
      publish: z.strictObject({ say: z.string() }),
      mayPublish: async (room, who, data) => {
        asked.push({ room, peer: who.peer, data });
        return (data as { say: string }).say !== 'secret';
      },
    });
    const alice = await connect(url);
    const bob = await connect(url);
    const aliceWelcome = await alice.next((m) => m.type === 'welcome');
    for (const client of [alice, bob]) {
      client.send({ type: 'join', room: 'roles:1' });
      await client.next((m) => m.type === 'joined');
    }
    alice.send({ type: 'publish', room: 'roles:1', data: { say: 'secret' } });
    expect(await alice.next((m) => m.type === 'error')).toEqual({ type: 'error', reason: 'forbidden', room: 'roles:1' });
    // A malformed message never reaches the module's check.
    alice.send({ type: 'publish', room: 'roles:1', data: { shout: 1 } });
    expect(await alice.next((m) => m.type === 'error')).toMatchObject({ reason: 'malformed' });
    alice.send({ type: 'publish', room: 'roles:1', data: { say: 'hello' } });
    expect(await bob.next((m) => m.type === 'message')).toMatchObject({ data: { say: 'hello' } });
    await expect(bob.next((m) => m.type === 'message', 100)).rejects.toThrow('no matching');
    const peer = aliceWelcome.type === 'welcome' ? aliceWelcome.peer : '';
    expect(asked).toEqual([
      { room: 'roles:1', peer, data: { say: 'secret' } },
      { room: 'roles:1', peer, data: { say: 'hello' } },
    ]);
  });

  it('refuses a foreign origin and allows its own, the desktop app and CORS_ORIGINS', async () => {
    const url = await start();
    await expect(connectLive(url, { origin: 'https://evil.example' })).rejects.toThrow('refused 403');
    const host = new URL(url).host;
    for (const origin of [`http://${host}`, 'app://baibao', 'https://staging.example']) await connect(url, { origin });
  });

  it('refuses a bad token before the upgrade and knows the user of a good one', async () => {
    const url = await start();
    await expect(connectLive(url, { token: 'forged' })).rejects.toThrow('refused 401');
    const user = await connect(url, { token: 'good-token' });
    expect(user.socket.protocol).toBe('baibao.live');
    user.send({ type: 'join', room: 'chat:1' });
    expect(await user.next((m) => m.type === 'joined')).toMatchObject({ members: [{ userId: 7 }] });
  });

  it('closes a connection that sends a frame over the cap', async () => {
    const url = await start({ maxMessageBytes: 1024 });
    const client = await connect(url);
    client.send({ type: 'publish', room: 'p2p:1', data: 'x'.repeat(2000) });
    expect((await client.closed).code).toBe(1009);
  });

  it('ends a peer that stops answering pings, and keeps one that answers', async () => {
    const url = await start({ heartbeatMs: 100 });
    const dead = await connect(url, { autoPong: false });
    const alive = await connect(url);
    expect((await dead.closed).code).toBe(1006);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive.socket.readyState).toBe(alive.socket.OPEN);
  });

  it('limits connections per address and frees a place when one closes', async () => {
    const url = await start({ maxConnectionsPerIp: 2 });
    const first = await connect(url);
    await connect(url);
    await expect(connectLive(url)).rejects.toThrow('refused 429');
    first.socket.close();
    await first.closed;
    await connect(url);
  });
});
