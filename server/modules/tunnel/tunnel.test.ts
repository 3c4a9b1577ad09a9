import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_PATH } from '@shared/contracts/live';
import type { LiveServerMessage } from '@shared/contracts/live';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { TUNNEL_API, TUNNEL_ID_ALPHABET, tunnelRoom } from '@shared/contracts/tunnel';
import type { TunnelCreated, TunnelState } from '@shared/contracts/tunnel';
import { connectLive } from '../../live/live-test-kit';
import type { TestLiveClient } from '../../live/live-test-kit';
import { apiClient } from '../../testing/api-client';
import { makeTempDir, startTestServer } from '../../testing/test-server';
import type { TestServerOptions } from '../../testing/test-server';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SIGNAL = { kind: 'description', description: { type: 'offer', sdp: 'v=0' } };

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

type Peer = TestLiveClient & { peer: string };

async function start(options: Partial<TestServerOptions> = {}) {
  const temp = await makeTempDir();
  const server = await startTestServer({ dataDir: temp.path, ...options });
  cleanups.push(async () => {
    await server.close();
    await temp.remove();
  });
  const call = apiClient(server.baseUrl);
  const connect = async (headers?: Record<string, string>): Promise<Peer> => {
    const client = await connectLive(`${server.baseUrl.replace('http', 'ws')}${LIVE_PATH}`, headers ? { headers } : {});
    cleanups.push(async () => void client.socket.terminate());
    const welcome = (await client.next((m) => m.type === 'welcome')) as { peer: string };
    return Object.assign(client, { peer: welcome.peer });
  };
  const create = async () => (await call<TunnelCreated>('POST', TUNNEL_API.tunnels)).body.data!;
  /** The owner's page: in its tunnel's room, proved by the secret. */
  const owner = async (tunnel: TunnelCreated) => {
    const page = await connect({ 'User-Agent': DESKTOP_UA });
    expect(await join(page, tunnelRoom(tunnel.id), tunnel.secret)).toMatchObject({ type: 'joined' });
    return page;
  };
  return { server, call, connect, create, owner };
}

async function join(client: TestLiveClient, room: string, key?: string): Promise<LiveServerMessage> {
  client.send({ type: 'join', room, ...(key ? { key } : {}) });
  return client.next((m) => (m.type === 'joined' || m.type === 'error') && m.room === room);
}

const publish = (client: TestLiveClient, id: string, data: unknown) => client.send({ type: 'publish', room: tunnelRoom(id), data });
const nextMessage = (client: TestLiveClient) => client.next((m) => m.type === 'message');
const nextError = (client: TestLiveClient) => client.next((m) => m.type === 'error');
const nothingMore = (client: TestLiveClient) => expect(client.next((m) => m.type === 'message', 150)).rejects.toThrow('no matching');

/** A device asks to connect; the owner hears the request and sees it arrive. */
async function ask(owner: Peer, connector: Peer, id: string) {
  expect(await join(connector, tunnelRoom(id))).toMatchObject({ type: 'joined' });
  const request = await nextMessage(owner);
  await owner.next((m) => m.type === 'presence' && m.member.peer === connector.peer);
  return request;
}

describe('remote-device tunnel', () => {
  it('makes a 5-symbol id with an owner secret, and says whether an id exists before anyone joins', async () => {
    const { call, create } = await start();
    const tunnel = await create();
    expect(tunnel.id).toMatch(new RegExp(`^[${TUNNEL_ID_ALPHABET}]{5}$`));
    expect(tunnel.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tunnel.expiresAt).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await call<TunnelState>('GET', TUNNEL_API.tunnel(tunnel.id.toLowerCase()))).body.data).toEqual({
      id: tunnel.id,
      expiresAt: tunnel.expiresAt,
      online: false,
      busy: false,
    });
    for (const unknown of [tunnel.id === '33333' ? '44444' : '33333', 'nope!', 'K7M30']) {
      const missing = await call('GET', TUNNEL_API.tunnel(unknown));
      expect(missing.status).toBe(404);
      expect(missing.body.ext?.messages).toEqual([{ key: 'tunnel.notFound' }] satisfies ServerMessage[]);
    }
  });

  it('admits the owner only with its secret, and a connector only while the owner is there', async () => {
    const { server, call, connect, create } = await start();
    const tunnel = await create();
    const early = await connect();
    expect(await join(early, tunnelRoom(tunnel.id))).toMatchObject({ type: 'error', reason: 'refused' });
    const impostor = await connect();
    expect(await join(impostor, tunnelRoom(tunnel.id), 'not-the-secret')).toMatchObject({ type: 'error', reason: 'refused' });
    await server.db
      .updateTable('tunnels')
      .set({ expires_at: Date.now() + 1_000 })
      .where('id', '=', tunnel.id)
      .execute();
    const owner = await connect();
    expect(await join(owner, tunnelRoom(tunnel.id), tunnel.secret)).toMatchObject({ type: 'joined' });
    // Joining moved the expiry on; so does every message the owner publishes.
    const expiry = async () =>
      Number((await server.db.selectFrom('tunnels').select('expires_at').where('id', '=', tunnel.id).executeTakeFirstOrThrow()).expires_at);
    expect(await expiry()).toBeGreaterThan(Date.now() + 9 * 60_000);
    await server.db
      .updateTable('tunnels')
      .set({ expires_at: Date.now() + 1_000 })
      .where('id', '=', tunnel.id)
      .execute();
    publish(owner, tunnel.id, { kind: 'keep' });
    for (let tries = 0; (await expiry()) < Date.now() + 9 * 60_000; tries++) {
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await call<TunnelState>('GET', TUNNEL_API.tunnel(tunnel.id))).body.data).toMatchObject({ online: true, busy: false });
  });

  it("relays only the request with the connector's profile until the owner accepts, and nothing from it after a revoke", async () => {
    const { call, connect, create, owner: ownerOf } = await start();
    const tunnel = await create();
    const owner = await ownerOf(tunnel);
    const phone = await connect({ 'User-Agent': PHONE_UA });
    expect(await ask(owner, phone, tunnel.id)).toMatchObject({
      from: { peer: 'server' },
      data: {
        kind: 'request',
        peer: phone.peer,
        profile: { device: 'mobile · Apple iPhone', os: 'iOS 17.4', browser: 'Safari 17.4', ip: '127.0.0.1' },
      },
    });
    expect((await call<TunnelState>('GET', TUNNEL_API.tunnel(tunnel.id))).body.data).toMatchObject({ online: true, busy: true });

    // Not accepted yet: the connector can neither signal nor accept itself, and the owner cannot signal to it.
    publish(phone, tunnel.id, { kind: 'signal', to: owner.peer, signal: SIGNAL });
    expect(await nextError(phone)).toEqual({ type: 'error', reason: 'forbidden', room: tunnelRoom(tunnel.id) });
    publish(phone, tunnel.id, { kind: 'accept', peer: phone.peer });
    expect(await nextError(phone)).toMatchObject({ reason: 'forbidden' });
    publish(owner, tunnel.id, { kind: 'signal', to: phone.peer, signal: SIGNAL });
    expect(await nextError(owner)).toMatchObject({ reason: 'forbidden' });
    await nothingMore(owner);

    // A second device is refused while one is connected.
    const other = await connect();
    expect(await join(other, tunnelRoom(tunnel.id))).toMatchObject({ type: 'error', reason: 'refused' });

    publish(owner, tunnel.id, { kind: 'accept', peer: phone.peer });
    // Only now does the connector learn who the remote is.
    expect(await nextMessage(phone)).toMatchObject({
      from: { peer: 'server' },
      data: {
        kind: 'remote',
        peer: phone.peer,
        profile: { device: 'desktop', os: 'Windows 10', browser: 'Chrome 131.0.0.0', ip: '127.0.0.1' },
      },
    });
    expect(await nextMessage(phone)).toMatchObject({ from: { peer: owner.peer }, data: { kind: 'accept', peer: phone.peer } });
    expect(await nextMessage(owner)).toMatchObject({ from: { peer: 'server' }, data: { kind: 'remote' } });
    publish(phone, tunnel.id, { kind: 'signal', to: owner.peer, signal: SIGNAL });
    expect(await nextMessage(owner)).toMatchObject({ from: { peer: phone.peer }, data: { kind: 'signal', signal: SIGNAL } });
    publish(owner, tunnel.id, { kind: 'signal', to: phone.peer, signal: SIGNAL });
    expect(await nextMessage(phone)).toMatchObject({ data: { kind: 'signal', to: phone.peer } });

    publish(owner, tunnel.id, { kind: 'revoke', peer: phone.peer });
    expect(await nextMessage(phone)).toMatchObject({ from: { peer: owner.peer }, data: { kind: 'revoke', peer: phone.peer } });
    publish(phone, tunnel.id, { kind: 'signal', to: owner.peer, signal: SIGNAL });
    expect(await nextError(phone)).toMatchObject({ reason: 'forbidden' });
    await nothingMore(owner);
  });

  it('tells a refused connector, and lets the next device ask once it has left', async () => {
    const { connect, create, owner: ownerOf } = await start();
    const tunnel = await create();
    const owner = await ownerOf(tunnel);
    const first = await connect();
    await ask(owner, first, tunnel.id);
    publish(owner, tunnel.id, { kind: 'refuse', peer: first.peer });
    expect(await nextMessage(first)).toMatchObject({ data: { kind: 'refuse', peer: first.peer } });
    publish(first, tunnel.id, { kind: 'signal', to: owner.peer, signal: SIGNAL });
    expect(await nextError(first)).toMatchObject({ reason: 'forbidden' });
    // Accepting a refused device afterwards does nothing either.
    publish(owner, tunnel.id, { kind: 'accept', peer: first.peer });
    expect(await nextError(owner)).toMatchObject({ reason: 'forbidden' });

    first.send({ type: 'leave', room: tunnelRoom(tunnel.id) });
    await owner.next((m) => m.type === 'presence' && !m.present);
    const second = await connect();
    expect(await ask(owner, second, tunnel.id)).toMatchObject({ data: { kind: 'request', peer: second.peer } });
  });

  it('refuses an expired id, to the owner too', async () => {
    const { server, call, connect, create } = await start();
    const tunnel = await create();
    await server.db
      .updateTable('tunnels')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', tunnel.id)
      .execute();
    const owner = await connect();
    expect(await join(owner, tunnelRoom(tunnel.id), tunnel.secret)).toMatchObject({ type: 'error', reason: 'refused' });
    expect((await call('GET', TUNNEL_API.tunnel(tunnel.id))).status).toBe(404);
  });

  it('stops admitting an address that keeps guessing ids, even to a right one', async () => {
    const { connect, create, owner: ownerOf } = await start({ tunnel: { refusals: { windowMs: 60_000, limit: 3 } } });
    const tunnel = await create();
    await ownerOf(tunnel);
    const guesser = await connect();
    const wrong = ['33333', '44444', '66666'].filter((guess) => guess !== tunnel.id).slice(0, 2);
    for (const guess of wrong) expect(await join(guesser, tunnelRoom(guess))).toMatchObject({ reason: 'refused' });
    expect(await join(guesser, tunnelRoom(tunnel.id), 'a-wrong-secret')).toMatchObject({ reason: 'refused' });
    expect(await join(guesser, tunnelRoom(tunnel.id))).toMatchObject({ type: 'error', reason: 'refused' });
  });

  it('limits creations and look-ups per address', async () => {
    const { call, create } = await start({
      tunnel: { create: { windowMs: 60_000, limit: 2 }, lookup: { windowMs: 120_000, limit: 1 } },
    });
    const { id } = await create();
    expect((await call('POST', TUNNEL_API.tunnels)).status).toBe(200);
    const limited = await call('POST', TUNNEL_API.tunnels);
    expect(limited.status).toBe(429);
    expect(limited.body.ext?.messages).toEqual([{ key: 'tunnel.tooMany', params: { minutes: 1 } }] satisfies ServerMessage[]);
    expect((await call('GET', TUNNEL_API.tunnel(id))).status).toBe(200);
    const lookups = await call('GET', TUNNEL_API.tunnel(id));
    expect(lookups.status).toBe(429);
    expect(lookups.body.ext?.messages).toEqual([{ key: 'tunnel.tooMany', params: { minutes: 2 } }] satisfies ServerMessage[]);
  });
});
