import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { LiveErrorReason, LiveMember } from '@shared/contracts/live';
import { P2P_API, pairRoom } from '@shared/contracts/p2p';
import type { PresenceCard } from '@shared/contracts/p2p';
import type { PeerSignal } from '@shared/contracts/p2p-signal';
import { TUNNEL_API, tunnelRoom } from '@shared/contracts/tunnel';
import type { TunnelCreated } from '@shared/contracts/tunnel';
import { LiveClient, liveUrl } from './live-client';
import type { LiveRoomHandlers, LiveSocket, LiveStatus } from './live-client';
import { joinP2pRoom } from './p2p-signalling';
import type { P2pRoomPeer } from './p2p-signalling';

// The real API in a process of its own (the renderer wing may not import the server's code), so the
// test can stop it as production does (SIGTERM: sockets closed with 1001) and start it again.
const ADMIN = { account: 'admin', password: 'live-client-password' };
let dataDir: string;
let port = 0;
let server: ChildProcess | undefined;

async function startApi(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/live-instance.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout })) {
    if (!line.includes('"live-ready"')) continue;
    port = (JSON.parse(line) as { port: number }).port;
    break;
  }
  if (child.exitCode !== null) throw new Error(`the API ended before it listened (exit ${child.exitCode})`);
  child.stdout.resume();
  server = child;
}

async function stopApi(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await once(server, 'exit');
}

const apiUrl = () => `http://127.0.0.1:${port}`;
const createSocket = (url: string, protocols: string[]) => new WebSocket(url, protocols) as unknown as LiveSocket;
const clients: LiveClient[] = [];
function client(token?: () => string | undefined): LiveClient {
  const live = new LiveClient({ apiUrl: apiUrl(), createSocket, backoffMs: { first: 50, max: 400 }, ...(token ? { token } : {}) });
  clients.push(live);
  return live;
}

/** A room's events as a queue the test awaits. */
function listen() {
  const events: { kind: string; members?: LiveMember[]; self?: string; data?: unknown; from?: LiveMember; reason?: LiveErrorReason }[] = [];
  const handlers: LiveRoomHandlers = {
    onJoined: (members, self) => events.push({ kind: 'joined', members, self }),
    onMessage: (data, from) => events.push({ kind: 'message', data, from }),
    onPresence: (member, present) => events.push({ kind: present ? 'came' : 'went', from: member }),
    onError: (reason) => events.push({ kind: 'error', reason }),
  };
  const next = async (kind: string, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const index = events.findIndex((event) => event.kind === kind);
      if (index >= 0) return events.splice(index, 1)[0]!;
      if (Date.now() > until) throw new Error(`no ${kind} within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { handlers, next, events };
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'baibao-live-client-'));
  await startApi();
}, 60_000);

afterEach(() => {
  for (const live of clients.splice(0)) live.close();
});

afterAll(async () => {
  await stopApi();
  await rm(dataDir, { recursive: true, force: true });
});

describe('liveUrl', () => {
  it('turns the API origin, or the page when there is none, into the endpoint', () => {
    expect(liveUrl('https://api.example.com/')).toBe('wss://api.example.com/api/live');
    expect(liveUrl('http://127.0.0.1:8080')).toBe('ws://127.0.0.1:8080/api/live');
    expect(liveUrl('', { protocol: 'https:', host: 'baibao.example' })).toBe('wss://baibao.example/api/live');
    expect(liveUrl('', { protocol: 'http:', host: '192.168.1.5:8080' })).toBe('ws://192.168.1.5:8080/api/live');
  });
});

describe('LiveClient against the real API', () => {
  it('shares one connection, joins, publishes, and leaves for good', async () => {
    const alice = client();
    const bob = client();
    const statuses: LiveStatus[] = [];
    alice.onStatus((status) => statuses.push(status));
    const a = listen();
    const b = listen();
    const roomA = alice.join('test:chat', a.handlers);
    const selfA = (await a.next('joined')).self;
    expect(selfA).toBe(alice.peer);
    bob.join('test:chat', b.handlers);
    expect((await b.next('joined')).members!.map((m) => m.peer).sort()).toEqual([selfA, bob.peer].sort());
    expect((await a.next('came')).from).toEqual({ peer: bob.peer });
    expect(roomA.publish({ hello: 'bob' })).toBe(true);
    expect(await b.next('message')).toMatchObject({ data: { hello: 'bob' }, from: { peer: selfA } });
    roomA.leave();
    expect((await b.next('went')).from).toEqual({ peer: selfA });
    expect(roomA.publish('after leaving')).toBe(false);
    expect(statuses).toEqual(['connecting', 'open', 'idle']);
  });

  it('reports a refused room once and does not join it again', async () => {
    const live = client();
    const events = listen();
    live.join('p2p:pair-222222', events.handlers);
    expect(await events.next('error')).toMatchObject({ reason: 'refused' });
    await waitFor(() => live.status === 'idle', 'idle after the only room was refused');
    expect(events.events).toEqual([]);
  });

  it('connects as the logged-in user and again as a visitor after logout', async () => {
    const login = await fetch(`${apiUrl()}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    let token: string | undefined = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const live = client(() => token);
    const events = listen();
    live.join('test:users', events.handlers);
    expect((await events.next('joined')).members).toEqual([{ peer: live.peer, userId: expect.any(Number) as unknown }]);
    const loggedInPeer = live.peer;
    token = undefined;
    live.reconnect();
    // The server may hear the new connection's join before the old one's close, so the old peer can
    // still be listed for a moment; what matters is that the new one is there without an account.
    const members = (await events.next('joined')).members ?? [];
    expect(live.peer).not.toBe(loggedInPeer);
    expect(members).toContainEqual({ peer: live.peer });
    expect(members.filter((member) => member.peer !== loggedInPeer)).toEqual([{ peer: live.peer }]);
  });

  it('reconnects with backoff when the server stops (1001) and joins its rooms again', async () => {
    const alice = client();
    const bob = client();
    const a = listen();
    const b = listen();
    alice.join('test:again', a.handlers);
    bob.join('test:again', b.handlers);
    const before = (await a.next('joined')).self;
    await b.next('joined');
    const statuses: LiveStatus[] = [];
    alice.onStatus((status) => statuses.push(status));

    await stopApi();
    await waitFor(() => alice.status === 'reconnecting' && bob.status === 'reconnecting', 'both reconnecting');
    // Refused attempts while the server is down keep backing off without giving up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await startApi();

    const after = (await a.next('joined', 20_000)).self;
    expect(after).not.toBe(before);
    await b.next('joined', 20_000);
    await waitFor(() => alice.status === 'open' && bob.status === 'open', 'both open again');
    const room = bob.join('test:again', listen().handlers);
    expect(room.publish('back')).toBe(true);
    expect(await a.next('message')).toMatchObject({ data: 'back', from: { peer: bob.peer } });
    expect(statuses[0]).toBe('reconnecting');
    expect(statuses.at(-1)).toBe('open');
  }, 60_000);
});

describe('a room joined with a key', () => {
  it("gives the key again on every rejoin, so a tunnel's owner keeps its role on a new connection", async () => {
    const created = await fetch(`${apiUrl()}${TUNNEL_API.tunnels}`, { method: 'POST' });
    const tunnel = ((await created.json()) as { data: TunnelCreated }).data;
    const owner = client();
    const mine = listen();
    owner.join(tunnelRoom(tunnel.id), mine.handlers, tunnel.secret);
    const first = (await mine.next('joined')).self;
    owner.reconnect();
    expect((await mine.next('joined')).self).not.toBe(first);
    // Only the owner hears a device ask; joined without the key, the page would be that device itself.
    const device = client();
    const theirs = listen();
    device.join(tunnelRoom(tunnel.id), theirs.handlers);
    await theirs.next('joined');
    expect(await mine.next('message')).toMatchObject({ data: { kind: 'request', peer: device.peer }, from: { peer: 'server' } });
  });
});

describe('P2P rooms through the real API', () => {
  const card = (name: string): PresenceCard => ({ name, device: 'Desktop', os: 'Linux', browser: 'Chrome' });

  it('shows each device the others with their cards and routes a signal to its peer only', async () => {
    const pair = await fetch(`${apiUrl()}${P2P_API.pairs}`, { method: 'POST' });
    const { code } = ((await pair.json()) as { data: { code: string } }).data;
    const laptop = joinP2pRoom(client(), pairRoom(code), card('Nimble Panda'));
    await waitFor(() => laptop.self !== undefined, 'the laptop in the room');
    const phone = joinP2pRoom(client(), pairRoom(code), card('Brave Tiger'));
    const tablet = joinP2pRoom(client(), pairRoom(code), card('Quiet Fox'));
    const names = (peers: P2pRoomPeer[]) => peers.map((peer) => peer.card?.name).sort();
    await waitFor(() => names(laptop.peers()).join() === 'Brave Tiger,Quiet Fox', 'the laptop seeing both cards');
    await waitFor(() => names(phone.peers()).join() === 'Nimble Panda,Quiet Fox', 'the phone seeing both cards');
    await waitFor(() => names(tablet.peers()).join() === 'Brave Tiger,Nimble Panda', 'the tablet seeing both cards');
    expect(laptop.polite(phone.self!)).not.toBe(phone.polite(laptop.self!));

    const toPhone: PeerSignal[] = [];
    const toTablet: PeerSignal[] = [];
    phone.signaller(laptop.self!).onSignal((signal) => toPhone.push(signal));
    tablet.signaller(laptop.self!).onSignal((signal) => toTablet.push(signal));
    const offer: PeerSignal = { kind: 'description', description: { type: 'offer', sdp: 'v=0' } };
    laptop.signaller(phone.self!).send(offer);
    laptop.signaller(phone.self!).send({ kind: 'candidate', candidate: null });
    await waitFor(() => toPhone.length === 2, 'both signals at the phone');
    expect(toPhone).toEqual([offer, { kind: 'candidate', candidate: null }]);
    expect(toTablet).toEqual([]);

    tablet.leave();
    await waitFor(() => names(laptop.peers()).join() === 'Brave Tiger', 'the tablet gone from the laptop');
  });

  it('reports a code that does not exist', async () => {
    const session = joinP2pRoom(client(), pairRoom('222222'), card('Nimble Panda'));
    const reasons: string[] = [];
    session.onError((reason) => reasons.push(reason));
    await waitFor(() => reasons.length > 0, 'the refusal');
    expect(reasons).toEqual(['refused']);
  });
});
