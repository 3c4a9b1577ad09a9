import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@shared/contracts/live';
import type { LiveServerMessage } from '@shared/contracts/live';
import { PAIR_CODE_ALPHABET, P2P_API, networkRoom, pairRoom } from '@shared/contracts/p2p';
import type { P2pHello, P2pPair } from '@shared/contracts/p2p';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { connectLive } from '../../live/live-test-kit';
import type { TestLiveClient } from '../../live/live-test-kit';
import { apiClient } from '../../testing/api-client';
import { makeTempDir, startTestServer } from '../../testing/test-server';
import type { TestServer, TestServerOptions } from '../../testing/test-server';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function start(options: Partial<TestServerOptions> = {}) {
  const temp = await makeTempDir();
  const server: TestServer = await startTestServer({ dataDir: temp.path, ...options });
  cleanups.push(async () => {
    await server.close();
    await temp.remove();
  });
  const liveUrl = `${server.baseUrl.replace('http', 'ws')}${LIVE_PATH}`;
  const connect = async (headers?: Record<string, string>) => {
    const client = await connectLive(liveUrl, headers ? { headers } : {});
    cleanups.push(async () => void client.socket.terminate());
    const welcome = (await client.next((m) => m.type === 'welcome')) as { peer: string };
    return Object.assign(client, { peer: welcome.peer });
  };
  return { server, call: apiClient(server.baseUrl), connect };
}

/** The first answer to a join: `joined` when admitted, `error` when not. */
async function join(client: TestLiveClient, room: string): Promise<LiveServerMessage> {
  client.send({ type: 'join', room });
  return client.next((m) => (m.type === 'joined' || m.type === 'error') && m.room === room);
}

describe('P2P signalling', () => {
  it('gives callers behind one address one network room and admits only them to it', async () => {
    const { call, connect } = await start();
    const hello = (await call<P2pHello>('GET', P2P_API.hello)).body.data!;
    expect(hello).toEqual({
      network: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) as unknown,
      iceServers: [],
      iceExpiresAt: null,
      iceTransportPolicy: 'all',
    });
    expect((await call<P2pHello>('GET', P2P_API.hello)).body.data!.network).toBe(hello.network);

    const laptop = await connect();
    const phone = await connect();
    expect(await join(laptop, networkRoom(hello.network))).toMatchObject({ type: 'joined' });
    expect(await join(phone, networkRoom(hello.network))).toMatchObject({ type: 'joined', members: expect.any(Array) as unknown });
    const stranger = await connect();
    expect(await join(stranger, networkRoom('A'.repeat(22)))).toEqual({
      type: 'error',
      reason: 'refused',
      room: networkRoom('A'.repeat(22)),
    });

    // A routed offer reaches its peer; a malformed one reaches nobody.
    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0' } };
    laptop.send({ type: 'publish', room: networkRoom(hello.network), data: { to: phone.peer, signal: offer } });
    expect(await phone.next((m) => m.type === 'message')).toMatchObject({
      from: { peer: laptop.peer },
      data: { to: phone.peer, signal: offer },
    });
    laptop.send({ type: 'publish', room: networkRoom(hello.network), data: { to: phone.peer, signal: { kind: 'offer', sdp: 1 } } });
    expect(await laptop.next((m) => m.type === 'error')).toMatchObject({ reason: 'malformed' });
    await expect(phone.next((m) => m.type === 'message', 150)).rejects.toThrow('no matching');
  });

  it('derives the network from the forwarded address behind TRUST_PROXY, an IPv6 caller by its /64', async () => {
    const { call, connect } = await start({ env: { TRUST_PROXY: '1' } });
    const network = async (forwarded: string) =>
      (await call<P2pHello>('GET', P2P_API.hello, { headers: { 'X-Forwarded-For': forwarded } })).body.data!.network;
    const home = await network('203.0.113.7');
    expect(await network('203.0.113.8')).not.toBe(home);
    expect(await network('::ffff:203.0.113.7')).toBe(home);
    const v6 = await network('2001:db8:1:2:aaaa::1');
    expect(await network('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe(v6);
    expect(await network('2001:db8:1:3::1')).not.toBe(v6);

    const atHome = await connect({ 'X-Forwarded-For': '203.0.113.7' });
    expect(await join(atHome, networkRoom(home))).toMatchObject({ type: 'joined' });
    const elsewhere = await connect({ 'X-Forwarded-For': '198.51.100.1' });
    expect(await join(elsewhere, networkRoom(home))).toMatchObject({ type: 'error', reason: 'refused' });
  });

  it('admits to a pair room only with a live code, and each use moves its expiry on', async () => {
    const { server, call, connect } = await start();
    const created = await call<P2pPair>('POST', P2P_API.pairs);
    expect(created.status).toBe(200);
    const { code, expiresAt } = created.body.data!;
    expect(code).toMatch(new RegExp(`^[${PAIR_CODE_ALPHABET}]{6}$`));
    expect(expiresAt).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);

    const first = await connect();
    expect(await join(first, pairRoom(code))).toMatchObject({ type: 'joined' });
    const stored = async () =>
      (await server.db.selectFrom('p2p_pairs').select('expires_at').where('code', '=', code).executeTakeFirstOrThrow()).expires_at;
    await server.db
      .updateTable('p2p_pairs')
      .set({ expires_at: Date.now() + 60_000 })
      .where('code', '=', code)
      .execute();
    const second = await connect();
    expect(await join(second, pairRoom(code))).toMatchObject({ type: 'joined' });
    expect(await stored()).toBeGreaterThan(Date.now() + 29 * 24 * 3_600_000);

    const other = await connect();
    const unknown = code === '222222' ? '333333' : '222222';
    expect(await join(other, pairRoom(unknown))).toMatchObject({ type: 'error', reason: 'refused' });
    expect(await join(other, pairRoom('not-a-code'))).toMatchObject({ type: 'error', reason: 'refused' });
    await server.db
      .updateTable('p2p_pairs')
      .set({ expires_at: Date.now() - 1 })
      .where('code', '=', code)
      .execute();
    expect(await join(other, pairRoom(code))).toMatchObject({ type: 'error', reason: 'refused' });
    expect(await stored()).toBeLessThan(Date.now());
  });

  it('limits pairing codes per address', async () => {
    const { call } = await start({ p2p: { pairCreate: { windowMs: 60_000, limit: 2 } } });
    expect((await call('POST', P2P_API.pairs)).status).toBe(200);
    expect((await call('POST', P2P_API.pairs)).status).toBe(200);
    const limited = await call('POST', P2P_API.pairs);
    expect(limited.status).toBe(429);
    expect(limited.body.ext?.messages).toEqual([{ key: 'p2p.tooManyPairs', params: { minutes: 1 } }] satisfies ServerMessage[]);
  });

  it('stops admitting an address that keeps guessing codes, even with a right one', async () => {
    const { call, connect } = await start({ p2p: { refusals: { windowMs: 60_000, limit: 3 } } });
    const { code } = (await call<P2pPair>('POST', P2P_API.pairs)).body.data!;
    const guesser = await connect();
    for (const guess of ['222222', '333333', '444444']) expect(await join(guesser, pairRoom(guess))).toMatchObject({ reason: 'refused' });
    expect(await join(guesser, pairRoom(code))).toMatchObject({ type: 'error', reason: 'refused' });
  });

  it('hands out the configured ICE servers with fresh TURN credentials', async () => {
    const { call } = await start({
      env: {
        ICE_SERVERS: JSON.stringify([{ urls: 'stun:127.0.0.1:3478' }, { urls: 'turn:127.0.0.1:3478' }]),
        TURN_SECRET: 'a-turn-secret-of-some-length',
      },
    });
    const hello = (await call<P2pHello>('GET', P2P_API.hello)).body.data!;
    expect(hello.iceServers[0]).toEqual({ urls: 'stun:127.0.0.1:3478' });
    expect(hello.iceServers[1]).toMatchObject({ urls: 'turn:127.0.0.1:3478', username: expect.stringMatching(/^\d+:/) as unknown });
    expect(hello.iceExpiresAt).toBe(Number(hello.iceServers[1]!.username!.split(':')[0]) * 1000);
    expect(hello.iceTransportPolicy).toBe('all');
  });

  it('tells the pages to use the relay only when ICE_TRANSPORT_POLICY=relay', async () => {
    const { call } = await start({
      env: {
        ICE_SERVERS: JSON.stringify([{ urls: 'turn:127.0.0.1:3478' }]),
        TURN_SECRET: 'a-turn-secret-of-some-length',
        ICE_TRANSPORT_POLICY: 'relay',
      },
    });
    expect((await call<P2pHello>('GET', P2P_API.hello)).body.data!.iceTransportPolicy).toBe('relay');
  });
});
