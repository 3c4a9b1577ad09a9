import { LIVE_PATH, LIVE_PROTOCOL, LIVE_TOKEN_PROTOCOL_PREFIX } from '@shared/contracts/live';
import type { LiveClientMessage, LiveErrorReason, LiveMember, LiveServerMessage } from '@shared/contracts/live';

/**
 * The page's client of `/api/live` (docs/architecture.md "Live messages"): one WebSocket shared by
 * every room the page is in, opened on the first join and closed after the last leave. A dropped
 * connection (a stopping instance closes with 1001, a phone loses its network) is opened again with
 * backoff, and every room is joined again on it; handlers hear `joined` anew, with the new peer id,
 * since peer ids belong to a connection.
 */

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface LiveRoomHandlers {
  /** The room's members, on each (re)join; `self` is this connection's peer id. */
  onJoined?(members: LiveMember[], self: string): void;
  onPresence?(member: LiveMember, present: boolean): void;
  onMessage?(data: unknown, from: LiveMember): void;
  /**
   * The server refused something in this room. `refused`, `unknownRoom` and `loginRequired` end the
   * membership (no rejoin); `malformed` and `notJoined` were about one publish.
   */
  onError?(reason: LiveErrorReason): void;
}

export interface LiveRoom {
  readonly room: string;
  /** False when the connection is not open (nothing is queued: signals are stale after a reconnect). */
  publish(data: unknown): boolean;
  leave(): void;
}

/** The parts of the WebSocket API used here, so Node tests can pass the `ws` package. */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type LiveSocketFactory = (url: string, protocols: string[]) => LiveSocket;

export interface LiveClientOptions {
  /** The API's origin ('' on the website: the page's own); http(s) becomes ws(s). */
  apiUrl: string;
  /** The access token to connect with now, undefined for an anonymous peer; asked before each connection. */
  token?: () => string | undefined | Promise<string | undefined>;
  createSocket?: LiveSocketFactory;
  /** First and largest wait between attempts; each failure doubles it (plus jitter) up to the largest. */
  backoffMs?: { first: number; max: number };
}

const OPEN = 1;
const FATAL: ReadonlySet<LiveErrorReason> = new Set(['refused', 'unknownRoom', 'loginRequired']);
export const LIVE_BACKOFF_MS = { first: 500, max: 30_000 };

/** Where /api/live is for an API origin ('' or http(s)://host), as a ws(s) URL. */
export function liveUrl(apiUrl: string, pageLocation?: { protocol: string; host: string }): string {
  if (apiUrl) return `${apiUrl.replace(/^http/, 'ws').replace(/\/+$/, '')}${LIVE_PATH}`;
  const location = pageLocation ?? globalThis.location;
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;
}

export class LiveClient {
  private readonly rooms = new Map<string, Set<LiveRoomHandlers>>();
  /** The join key of a room that needs one (a tunnel's owner), given again on every rejoin. */
  private readonly keys = new Map<string, string>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private socket: LiveSocket | undefined;
  private selfPeer: string | undefined;
  private currentStatus: LiveStatus = 'idle';
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Bumped whenever the current connection is abandoned, so its late events change nothing. */
  private generation = 0;

  constructor(private readonly options: LiveClientOptions) {}

  get status(): LiveStatus {
    return this.currentStatus;
  }

  /** This connection's peer id, once the server welcomed it. */
  get peer(): string | undefined {
    return this.selfPeer;
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** `key`: what the room's module asks of this member to prove a role (a tunnel owner's secret). */
  join(room: string, handlers: LiveRoomHandlers, key?: string): LiveRoom {
    let members = this.rooms.get(room);
    const first = !members;
    if (!members) this.rooms.set(room, (members = new Set()));
    members.add(handlers);
    if (first && key !== undefined) this.keys.set(room, key);
    if (first && this.selfPeer !== undefined) this.sendJoin(room);
    this.ensureConnection();
    let left = false;
    return {
      room,
      publish: (data) => !left && this.selfPeer !== undefined && this.send({ type: 'publish', room, data: data as never }),
      leave: () => {
        if (left) return;
        left = true;
        this.drop(room, handlers);
      },
    };
  }

  /**
   * Connects again now (the account changed: the server knows a peer's user only from the token it
   * connected with); rooms are joined again on the new connection.
   */
  reconnect(): void {
    if (this.rooms.size === 0) return;
    this.abandon();
    this.failures = 0;
    this.connect('reconnecting');
  }

  /** Leaves every room and closes the connection. */
  close(): void {
    this.rooms.clear();
    this.keys.clear();
    this.abandon();
    this.setStatus('idle');
  }

  private drop(room: string, handlers: LiveRoomHandlers): void {
    const members = this.rooms.get(room);
    if (!members?.delete(handlers) || members.size > 0) return;
    this.rooms.delete(room);
    this.keys.delete(room);
    if (this.selfPeer !== undefined) this.send({ type: 'leave', room });
    if (this.rooms.size === 0) {
      this.abandon();
      this.setStatus('idle');
    }
  }

  private ensureConnection(): void {
    // Anything but idle means a connection is open, being opened or waiting to retry.
    if (this.currentStatus === 'idle') this.connect('connecting');
  }

  private abandon(): void {
    this.generation++;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = undefined;
    this.selfPeer = undefined;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close(1000, 'client leaving');
    }
  }

  private connect(status: 'connecting' | 'reconnecting'): void {
    const generation = ++this.generation;
    this.setStatus(status);
    void Promise.resolve(this.options.token?.())
      .catch(() => undefined)
      .then((token) => {
        if (generation !== this.generation || this.rooms.size === 0) return;
        const protocols = [LIVE_PROTOCOL, ...(token ? [LIVE_TOKEN_PROTOCOL_PREFIX + token] : [])];
        const create = this.options.createSocket ?? ((url, list) => new WebSocket(url, list) as unknown as LiveSocket);
        let socket: LiveSocket;
        try {
          socket = create(liveUrl(this.options.apiUrl), protocols);
        } catch {
          return this.scheduleRetry(generation);
        }
        this.socket = socket;
        socket.onmessage = (event) => generation === this.generation && this.receive(String(event.data));
        // A refused upgrade (401, 429, no server) and a drop look alike to a browser: an error, then close.
        socket.onerror = () => undefined;
        socket.onclose = () => {
          if (generation !== this.generation) return;
          this.socket = undefined;
          this.selfPeer = undefined;
          this.scheduleRetry(generation);
        };
      });
  }

  private scheduleRetry(generation: number): void {
    if (generation !== this.generation || this.rooms.size === 0) return;
    const { first, max } = this.options.backoffMs ?? LIVE_BACKOFF_MS;
    const delay = Math.min(max, first * 2 ** this.failures) * (0.75 + Math.random() * 0.5);
    this.failures++;
    this.setStatus('reconnecting');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (generation === this.generation) this.connect('reconnecting');
    }, delay);
  }

  private receive(text: string): void {
    let message: LiveServerMessage;
    try {
      message = JSON.parse(text) as LiveServerMessage;
    } catch {
      return;
    }
    if (message.type === 'welcome') {
      this.selfPeer = message.peer;
      this.failures = 0;
      this.setStatus('open');
      for (const room of this.rooms.keys()) this.sendJoin(room);
      return;
    }
    const handlers = [...(this.rooms.get(message.room ?? '') ?? [])];
    if (message.type === 'joined') for (const handler of handlers) handler.onJoined?.(message.members, this.selfPeer ?? '');
    if (message.type === 'presence') for (const handler of handlers) handler.onPresence?.(message.member, message.present);
    if (message.type === 'message') for (const handler of handlers) handler.onMessage?.(message.data, message.from);
    if (message.type === 'error') {
      if (message.room !== undefined && FATAL.has(message.reason)) {
        this.rooms.delete(message.room);
        this.keys.delete(message.room);
      }
      for (const handler of handlers) handler.onError?.(message.reason);
      if (this.rooms.size === 0) {
        this.abandon();
        this.setStatus('idle');
      }
    }
  }

  private sendJoin(room: string): void {
    const key = this.keys.get(room);
    this.send({ type: 'join', room, ...(key !== undefined ? { key } : {}) });
  }

  private send(message: LiveClientMessage): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
