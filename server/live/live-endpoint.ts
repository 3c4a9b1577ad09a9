import { randomBytes } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import {
  LIVE_MESSAGE_MAX_BYTES,
  LIVE_PATH,
  LIVE_PROTOCOL,
  LIVE_TOKEN_PROTOCOL_PREFIX,
  liveClientMessageSchema,
} from '@shared/contracts/live';
import type { LiveMember, LiveServerMessage } from '@shared/contracts/live';
import type { Authenticate } from '../http/auth';
import { DESKTOP_APP_ORIGIN } from '../http/cors';
import type { Logger } from '../logger';
import { roomTopic } from './live';
import type { Live } from './live';

export interface LiveEndpointOptions {
  live: Live;
  authenticate: Authenticate;
  logger: Logger;
  /** Same list as the API's CORS (config.corsOrigins); the page's own origin is always allowed. */
  corsOrigins: readonly string[];
  trustProxyHops: number;
  maxConnectionsPerIp?: number;
  heartbeatMs?: number;
  maxMessageBytes?: number;
}

export const LIVE_DEFAULTS = { maxConnectionsPerIp: 20, heartbeatMs: 30_000 };

interface Peer {
  socket: WebSocket;
  member: LiveMember;
  ip: string;
  userAgent: string;
  rooms: Set<string>;
  alive: boolean;
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function clientIp(req: IncomingMessage, hops: number): string {
  const direct = req.socket.remoteAddress ?? '';
  if (hops === 0) return direct;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return [...forwarded, direct].at(-1 - hops) ?? forwarded[0] ?? direct;
}

/** Browsers always send Origin on a WebSocket; a client without one (a script) holds no cookies to abuse. */
function originAllowed(req: IncomingMessage, corsOrigins: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (corsOrigins.has(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function tokenOf(req: IncomingMessage): string | undefined {
  const header = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (header) return header;
  const protocols = String(req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((part) => part.trim());
  return protocols.find((protocol) => protocol.startsWith(LIVE_TOKEN_PROTOCOL_PREFIX))?.slice(LIVE_TOKEN_PROTOCOL_PREFIX.length);
}

/**
 * `/api/live` on the HTTP server: checks origin, token and per-IP count before the upgrade, then
 * relays room messages through the bus. Every instance subscribes to a room's topic while one of
 * its peers is in it, so a message reaches the room's peers wherever they are connected.
 */
export function attachLiveEndpoint(server: Server, options: LiveEndpointOptions): { close(): Promise<void> } {
  const { live, logger } = options;
  const maxPerIp = options.maxConnectionsPerIp ?? LIVE_DEFAULTS.maxConnectionsPerIp;
  const corsOrigins = new Set([DESKTOP_APP_ORIGIN, ...options.corsOrigins]);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxMessageBytes ?? LIVE_MESSAGE_MAX_BYTES,
    // Never choose the bearer.<token> entry: the chosen subprotocol is sent back in the clear.
    handleProtocols: (protocols) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
  });
  const perIp = new Map<string, number>();
  const peers = new Set<Peer>();
  const local = new Map<string, { peers: Set<Peer>; unsubscribe: Promise<() => Promise<void>> }>();

  const send = (peer: Peer, message: LiveServerMessage) => {
    if (peer.socket.readyState === WebSocket.OPEN) peer.socket.send(JSON.stringify(message));
  };
  const deliver = (room: string) => (message: unknown) => {
    const delivered = message as LiveServerMessage;
    // Never echoed to the peer it is about: it learns of its own arrival from `joined`, and knows what it sent.
    const about = delivered.type === 'presence' ? delivered.member.peer : delivered.type === 'message' ? delivered.from.peer : undefined;
    for (const peer of local.get(room)?.peers ?? []) if (peer.member.peer !== about) send(peer, delivered);
  };

  async function join(peer: Peer, room: string): Promise<void> {
    if (peer.rooms.has(room)) return;
    peer.rooms.add(room);
    let entry = local.get(room);
    if (!entry) local.set(room, (entry = { peers: new Set(), unsubscribe: live.bus.subscribe(roomTopic(room), deliver(room)) }));
    await entry.unsubscribe;
    await live.bus.join(room, peer.member);
    // Closed (and left) while joining: undo, or the room would keep a peer nobody can remove.
    if (!peer.rooms.has(room)) return live.bus.leave(room, peer.member.peer);
    entry.peers.add(peer);
    send(peer, { type: 'joined', room, members: await live.bus.members(room) });
    await live.bus.publish(roomTopic(room), { type: 'presence', room, member: peer.member, present: true } satisfies LiveServerMessage);
  }

  async function leave(peer: Peer, room: string): Promise<void> {
    if (!peer.rooms.delete(room)) return;
    const entry = local.get(room);
    entry?.peers.delete(peer);
    await live.bus.leave(room, peer.member.peer);
    await live.bus.publish(roomTopic(room), { type: 'presence', room, member: peer.member, present: false } satisfies LiveServerMessage);
    if (entry && entry.peers.size === 0) {
      local.delete(room);
      await (
        await entry.unsubscribe
      )();
    }
  }

  async function handle(peer: Peer, text: string): Promise<void> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return send(peer, { type: 'error', reason: 'malformed' });
    }
    const result = liveClientMessageSchema.safeParse(parsed);
    if (!result.success) return send(peer, { type: 'error', reason: 'malformed' });
    const message = result.data;
    const policy = live.rooms.policyOf(message.room);
    if (!policy) return send(peer, { type: 'error', reason: 'unknownRoom', room: message.room });
    if (!policy.anonymous && peer.member.userId === undefined)
      return send(peer, { type: 'error', reason: 'loginRequired', room: message.room });
    if (message.type === 'leave') return leave(peer, message.room);
    if (message.type === 'join') {
      if (peer.rooms.has(message.room)) return;
      const who = { ip: peer.ip, userId: peer.member.userId, peer: peer.member.peer, userAgent: peer.userAgent, key: message.key };
      if (policy.admit && !(await policy.admit(message.room, who)))
        return send(peer, { type: 'error', reason: 'refused', room: message.room });
      // Gone while the module decided: joining now would leave a member no close will remove.
      if (!peers.has(peer)) return;
      return join(peer, message.room);
    }
    if (!peer.rooms.has(message.room)) return send(peer, { type: 'error', reason: 'notJoined', room: message.room });
    if (policy.publish && !policy.publish.safeParse(message.data).success)
      return send(peer, { type: 'error', reason: 'malformed', room: message.room });
    const who = { ip: peer.ip, userId: peer.member.userId, peer: peer.member.peer, userAgent: peer.userAgent };
    if (policy.mayPublish && !(await policy.mayPublish(message.room, who, message.data)))
      return send(peer, { type: 'error', reason: 'forbidden', room: message.room });
    await live.bus.publish(roomTopic(message.room), {
      type: 'message',
      room: message.room,
      from: peer.member,
      data: message.data,
    } satisfies LiveServerMessage);
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://x').pathname !== LIVE_PATH) return refuse(socket, 404, 'Not Found');
    if (!originAllowed(req, corsOrigins)) return refuse(socket, 403, 'Forbidden');
    const ip = clientIp(req, options.trustProxyHops);
    if ((perIp.get(ip) ?? 0) >= maxPerIp) return refuse(socket, 429, 'Too Many Requests');
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      const left = (perIp.get(ip) ?? 1) - 1;
      if (left > 0) perIp.set(ip, left);
      else perIp.delete(ip);
    };
    const token = tokenOf(req);
    const claims = token === undefined ? Promise.resolve(undefined) : options.authenticate(token);
    claims.then(
      (session) => {
        if (socket.destroyed) return release();
        wss.handleUpgrade(req, socket, head, (ws) => {
          const member: LiveMember = { peer: randomBytes(9).toString('base64url'), ...(session ? { userId: session.userId } : {}) };
          const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 512);
          const peer: Peer = { socket: ws, member, ip, userAgent, rooms: new Set(), alive: true };
          peers.add(peer);
          ws.on('pong', () => (peer.alive = true));
          // ws has already closed the socket (1009 for an oversize frame, 1002 for a broken one).
          ws.on('error', (error) => logger.debug({ err: error }, 'live peer dropped'));
          ws.on('message', (data, isBinary) => {
            if (isBinary) return ws.close(1003, 'text only');
            handle(peer, String(data)).catch((error: unknown) => logger.warn({ err: error }, 'live message failed'));
          });
          ws.on('close', () => {
            release();
            peers.delete(peer);
            for (const room of [...peer.rooms])
              leave(peer, room).catch((error: unknown) => logger.warn({ err: error }, 'live leave failed'));
          });
          send(peer, { type: 'welcome', peer: member.peer });
        });
      },
      () => {
        release();
        refuse(socket, 401, 'Unauthorized');
      },
    );
  };
  server.on('upgrade', onUpgrade);

  // A peer that missed the last ping's pong is gone (a phone that lost its network sends no FIN).
  const heartbeat = setInterval(() => {
    for (const peer of peers) {
      if (!peer.alive) {
        peer.socket.terminate();
        continue;
      }
      peer.alive = false;
      peer.socket.ping();
    }
  }, options.heartbeatMs ?? LIVE_DEFAULTS.heartbeatMs);
  heartbeat.unref();

  return {
    async close() {
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      const closing = [...peers].map(
        (peer) =>
          new Promise<void>((resolve) => {
            peer.socket.once('close', () => resolve());
            peer.socket.close(1001, 'server stopping');
            setTimeout(() => {
              peer.socket.terminate();
              resolve();
            }, 1_000).unref();
          }),
      );
      await Promise.all(closing);
      wss.close();
    },
  };
}
