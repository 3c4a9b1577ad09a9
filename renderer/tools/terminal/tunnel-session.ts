import type { LiveMember } from '@shared/contracts/live';
import type { PeerSignal } from '@shared/contracts/p2p-signal';
import {
  tunnelRoom,
  tunnelRoomMessageSchema,
  tunnelServerMessageSchema,
  type TunnelCreated,
  type TunnelProfile,
  type TunnelRoomMessage,
  type TunnelState,
} from '@shared/contracts/tunnel';
import type { P2pTransport } from '@shared/p2p/transport';
import type { LiveClient, LiveRoom } from '@/lib/live-client';
import { connectPeer, type PeerLink, type PeerSignaller } from '@/lib/peer-link';
import { parseConsoleMessage, type ConsoleLevel, type ConsoleMessage } from './terminal.service';
import { evalAllowed, evaluate, forwardConsole } from './remote-console';
import { TunnelFiles, type FileTransferEntry } from './tunnel-files';

/** What the page needs of the API (account.get/post on the page, a stub nowhere: tests use the real server). */
export interface TunnelApi {
  create(): Promise<TunnelCreated>;
  /** undefined: no such tunnel (404). */
  state(id: string): Promise<TunnelState | undefined>;
}

export type ConsoleEntry =
  | { kind: 'input'; text: string }
  | { kind: 'result'; ok: boolean; text: string; blocked?: boolean }
  | { kind: 'log'; level: ConsoleLevel; text: string }
  | { kind: 'text'; mine: boolean; text: string };

/** How long a connector whose channel closed stays in the room to hear whether it was revoked. */
const LINGER_MS = 5_000;

/** How often the remote's page tells the server it is still there (ids live 10 minutes after that). */
export const KEEP_MS = 2 * 60_000;

/** Signals for one peer, held until connectPeer listens (the other side may offer first). */
function roomSignaller(room: LiveRoom, to: string): PeerSignaller & { deliver(signal: PeerSignal): void } {
  const listeners = new Set<(signal: PeerSignal) => void>();
  const held: PeerSignal[] = [];
  return {
    send: (signal) => void room.publish({ kind: 'signal', to, signal } satisfies TunnelRoomMessage),
    onSignal(listener) {
      listeners.add(listener);
      for (const signal of held.splice(0)) listener(signal);
      return () => listeners.delete(listener);
    },
    deliver(signal) {
      if (listeners.size === 0) held.push(signal);
      for (const listener of listeners) listener(signal);
    },
  };
}

const send = (transport: P2pTransport | undefined, message: ConsoleMessage) =>
  void transport?.send(JSON.stringify(message)).catch(() => {});

// ───────────────────────────── the remote (this device is reached) ─────────────────────────────

export type RemotePhase = 'idle' | 'opening' | 'waiting' | 'asked' | 'accepted' | 'failed';
export interface RemoteView {
  phase: RemotePhase;
  tunnel?: TunnelCreated;
  /** The device asking or accepted, with its profile as the server saw it. */
  guest?: { peer: string; profile: TunnelProfile };
  /** 'tooMany' (429), 'expired' (the server refused the room), 'failed'. */
  problem?: 'tooMany' | 'expired' | 'failed';
  texts: ConsoleEntry[];
  /** This document may not evaluate (the desktop app): expressions are answered `blocked`, unrun. */
  evalBlocked?: boolean;
  /** Files sent and received over the channel, newest first; kept after the link ends, for saving. */
  files: FileTransferEntry[];
  /** The channel is open: files can be sent. */
  linked?: boolean;
}

export class RemoteSession {
  private view: RemoteView = { phase: 'idle', texts: [], files: [] };
  private room: LiveRoom | undefined;
  private self: string | undefined;
  private requests = new Map<string, TunnelProfile>();
  private present = new Set<string>();
  private link: PeerLink | undefined;
  private signaller: ReturnType<typeof roomSignaller> | undefined;
  private transport: P2pTransport | undefined;
  private restoreConsole: (() => void) | undefined;
  private files: TunnelFiles | undefined;
  private keepTimer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly live: LiveClient,
    private readonly api: TunnelApi,
    private readonly onChange: (view: RemoteView) => void,
  ) {}

  private set(patch: Partial<RemoteView>): void {
    this.view = { ...this.view, ...patch };
    this.onChange(this.view);
  }

  async open(): Promise<void> {
    this.set({ phase: 'opening', problem: undefined });
    let tunnel: TunnelCreated;
    try {
      tunnel = await this.api.create();
    } catch (error) {
      return this.set({ phase: 'failed', problem: (error as { status?: number }).status === 429 ? 'tooMany' : 'failed' });
    }
    this.set({ tunnel });
    this.room = this.live.join(
      tunnelRoom(tunnel.id),
      {
        onJoined: (members, self) => {
          this.self = self;
          this.present = new Set(members.map((member) => member.peer));
          if (this.view.phase === 'opening') this.set({ phase: 'waiting' });
        },
        onPresence: (member, present) => this.presence(member, present),
        onMessage: (data, from) => this.message(data, from),
        onError: (reason) => {
          if (reason === 'refused') this.set({ phase: 'failed', problem: 'expired' });
        },
      },
      tunnel.secret,
    );
    this.keepTimer = setInterval(() => this.room?.publish({ kind: 'keep' } satisfies TunnelRoomMessage), KEEP_MS);
  }

  private presence(member: LiveMember, present: boolean): void {
    if (present) this.present.add(member.peer);
    else this.present.delete(member.peer);
    if (present) return this.showRequest();
    if (this.view.guest?.peer === member.peer) {
      this.endLink();
      this.set({ phase: 'waiting', guest: undefined });
    }
  }

  /** A request shows once its device is in the room, so an accept reaches it. */
  private showRequest(): void {
    if (this.view.phase !== 'waiting') return;
    for (const [peer, profile] of this.requests) {
      if (!this.present.has(peer)) continue;
      this.requests.delete(peer);
      return this.set({ phase: 'asked', guest: { peer, profile } });
    }
  }

  private message(data: unknown, from: LiveMember): void {
    if (from.peer === 'server') {
      const parsed = tunnelServerMessageSchema.safeParse(data);
      if (parsed.success && parsed.data.kind === 'request') {
        this.requests.set(parsed.data.peer, parsed.data.profile);
        this.showRequest();
      }
      // The server has recorded the acceptance (it says so after writing it): signals to the guest now pass.
      if (parsed.success && parsed.data.kind === 'remote' && parsed.data.peer === this.view.guest?.peer && this.view.phase === 'accepted')
        this.startLink(parsed.data.peer);
      return;
    }
    const parsed = tunnelRoomMessageSchema.safeParse(data);
    if (parsed.success && parsed.data.kind === 'signal' && parsed.data.to === this.self && from.peer === this.view.guest?.peer)
      this.signaller?.deliver(parsed.data.signal);
  }

  accept(): void {
    const guest = this.view.guest;
    if (!guest || !this.room) return;
    this.room.publish({ kind: 'accept', peer: guest.peer } satisfies TunnelRoomMessage);
    this.set({ phase: 'accepted', evalBlocked: !evalAllowed() });
  }

  private startLink(guest: string): void {
    if (!this.room || this.link) return;
    this.signaller = roomSignaller(this.room, guest);
    // This side makes the channel and the first offer; the connector is the polite one.
    const link = (this.link = connectPeer({ signaller: this.signaller, polite: false }));
    link.ready.then(
      (transport) => {
        if (this.link !== link) return transport.close();
        this.transport = transport;
        this.restoreConsole = forwardConsole(console, (level, text) => send(this.transport, { t: 'log', level, text }));
        this.files = new TunnelFiles(transport, (files) => this.set({ files }));
        this.set({ linked: true });
        transport.onMessage((raw) => void this.fromGuest(raw));
        transport.onClose(() => this.link === link && this.endLink());
      },
      () => undefined,
    );
  }

  private async fromGuest(raw: string | Uint8Array): Promise<void> {
    const message = parseConsoleMessage(raw);
    if (!message || this.view.phase !== 'accepted') return;
    if (message.t === 'text') this.set({ texts: [...this.view.texts, { kind: 'text', mine: false, text: message.text }] });
    if (message.t !== 'eval') return;
    const result = this.view.evalBlocked ? { ok: false, text: '', blocked: true as const } : await evaluate(message.code);
    // Revoked while it ran: the answer is not sent.
    if (this.view.phase === 'accepted') send(this.transport, { t: 'result', id: message.id, ...result });
  }

  sendText(text: string): void {
    send(this.transport, { t: 'text', text });
    this.set({ texts: [...this.view.texts, { kind: 'text', mine: true, text }] });
  }

  sendFiles(files: readonly File[]): void {
    if (this.view.phase === 'accepted') this.files?.send(files);
  }

  cancelFile(id: string): void {
    this.files?.cancel(id);
  }

  /** Saves a received file from the browser's storage as a download (also after the link ended). */
  saveFile(id: string, index: number): Promise<void> {
    return this.files?.save(id, index) ?? Promise.resolve();
  }

  refuse(): void {
    const guest = this.view.guest;
    if (guest) this.room?.publish({ kind: 'refuse', peer: guest.peer } satisfies TunnelRoomMessage);
    this.set({ phase: 'waiting', guest: undefined });
  }

  revoke(): void {
    const guest = this.view.guest;
    if (guest) this.room?.publish({ kind: 'revoke', peer: guest.peer } satisfies TunnelRoomMessage);
    this.endLink();
    this.set({ phase: 'waiting', guest: undefined });
  }

  private endLink(): void {
    this.restoreConsole?.();
    this.restoreConsole = undefined;
    this.files?.close();
    if (this.view.linked) this.set({ linked: false });
    this.transport = undefined;
    this.signaller = undefined;
    const link = this.link;
    this.link = undefined;
    link?.close();
  }

  close(): void {
    clearInterval(this.keepTimer);
    this.endLink();
    this.room?.leave();
    this.room = undefined;
  }
}

// ───────────────────────────── the connector (this device reaches another) ─────────────────────────────

/** The spec's `connectStatus`: starts at 1 (not connected), then connecting, connected, closed. */
export const CONNECT_STATUS = { idle: 1, connecting: 2, connected: 3, closed: 4 } as const;
export type ConnectStatus = (typeof CONNECT_STATUS)[keyof typeof CONNECT_STATUS];
export const STATUS_NAME = { 1: 'idle', 2: 'connecting', 3: 'connected', 4: 'closed' } as const satisfies Record<
  ConnectStatus,
  keyof typeof CONNECT_STATUS
>;

export type ConnectProblem = 'notFound' | 'offline' | 'busy' | 'refused' | 'revoked' | 'left' | 'linkFailed' | 'failed';
export interface ConnectorView {
  connectStatus: ConnectStatus;
  /** Connecting and the server let us in: the remote's user has to accept. */
  waiting: boolean;
  remote?: TunnelProfile;
  problem?: ConnectProblem;
  entries: ConsoleEntry[];
  /** Files sent and received over the channel, newest first; kept after the link ends, for saving. */
  files: FileTransferEntry[];
}

export class ConnectorSession {
  private view: ConnectorView = { connectStatus: CONNECT_STATUS.idle, waiting: false, entries: [], files: [] };
  private room: LiveRoom | undefined;
  private self: string | undefined;
  private owner: string | undefined;
  private link: PeerLink | undefined;
  private signaller: ReturnType<typeof roomSignaller> | undefined;
  private transport: P2pTransport | undefined;
  private files: TunnelFiles | undefined;
  private nextId = 1;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly live: LiveClient,
    private readonly api: TunnelApi,
    private readonly onChange: (view: ConnectorView) => void,
  ) {}

  private set(patch: Partial<ConnectorView>): void {
    this.view = { ...this.view, ...patch };
    this.onChange(this.view);
  }

  async connect(id: string): Promise<void> {
    this.stop();
    this.set({ connectStatus: CONNECT_STATUS.connecting, waiting: false, problem: undefined, remote: undefined, entries: [], files: [] });
    let state: TunnelState | undefined;
    try {
      state = await this.api.state(id);
    } catch {
      return this.end('failed');
    }
    if (!state) return this.end('notFound');
    if (!state.online) return this.end('offline');
    if (state.busy) return this.end('busy');
    this.room = this.live.join(tunnelRoom(id), {
      onJoined: (members, self) => {
        this.self = self;
        // The owner is the one already there (the server admits a connector only then).
        this.owner = members.find((member) => member.peer !== self)?.peer;
        // Ready before the accept: the remote's offer may overtake it, and is held until the link listens.
        if (this.room && this.owner) this.signaller = roomSignaller(this.room, this.owner);
        this.set({ waiting: true });
      },
      onPresence: (member, present) => {
        if (!present && member.peer === this.owner) this.end('left');
      },
      onMessage: (data, from) => this.message(data, from),
      // Refused between the look-up and the join: taken or gone meanwhile.
      onError: (reason) => reason === 'refused' && this.end('busy'),
    });
  }

  private message(data: unknown, from: LiveMember): void {
    if (from.peer === 'server') {
      const parsed = tunnelServerMessageSchema.safeParse(data);
      if (parsed.success && parsed.data.kind === 'remote' && parsed.data.peer === this.self) this.set({ remote: parsed.data.profile });
      return;
    }
    const parsed = tunnelRoomMessageSchema.safeParse(data);
    if (!parsed.success || from.peer !== this.owner) return;
    const message = parsed.data;
    if (message.kind === 'signal' && message.to === this.self) this.signaller?.deliver(message.signal);
    if ((message.kind === 'refuse' || message.kind === 'revoke') && message.peer === this.self)
      this.end(message.kind === 'refuse' ? 'refused' : 'revoked');
    if (message.kind === 'accept' && message.peer === this.self && this.signaller && !this.link) this.startLink(this.signaller);
  }

  private startLink(signaller: PeerSignaller): void {
    const link = (this.link = connectPeer({ signaller, polite: true }));
    link.ready.then(
      (transport) => {
        if (this.link !== link) return transport.close();
        this.transport = transport;
        this.files = new TunnelFiles(transport, (files) => this.set({ files }));
        this.set({ connectStatus: CONNECT_STATUS.connected, waiting: false });
        transport.onMessage((raw) => this.fromRemote(raw));
        transport.onClose(() => this.link === link && this.linkEnded());
      },
      () => this.link === link && this.end('linkFailed'),
    );
  }

  private fromRemote(raw: string | Uint8Array): void {
    const message = parseConsoleMessage(raw);
    if (!message) return;
    const entry: ConsoleEntry | undefined =
      message.t === 'result'
        ? { kind: 'result', ok: message.ok, text: message.text, ...(message.blocked ? { blocked: true } : {}) }
        : message.t === 'log'
          ? { kind: 'log', level: message.level, text: message.text }
          : message.t === 'text'
            ? { kind: 'text', mine: false, text: message.text }
            : undefined;
    if (entry) this.set({ entries: [...this.view.entries, entry] });
  }

  /** False when not connected: nothing runs without the remote's acceptance. */
  run(code: string): boolean {
    if (!this.transport || this.view.connectStatus !== CONNECT_STATUS.connected) return false;
    send(this.transport, { t: 'eval', id: this.nextId++, code });
    this.set({ entries: [...this.view.entries, { kind: 'input', text: code }] });
    return true;
  }

  sendText(text: string): boolean {
    if (!this.transport || this.view.connectStatus !== CONNECT_STATUS.connected) return false;
    send(this.transport, { t: 'text', text });
    this.set({ entries: [...this.view.entries, { kind: 'text', mine: true, text }] });
    return true;
  }

  /** False when not connected. */
  sendFiles(files: readonly File[]): boolean {
    if (!this.files || this.view.connectStatus !== CONNECT_STATUS.connected) return false;
    this.files.send(files);
    return true;
  }

  cancelFile(id: string): void {
    this.files?.cancel(id);
  }

  /** Saves a received file from the browser's storage as a download (also after the link ended). */
  saveFile(id: string, index: number): Promise<void> {
    return this.files?.save(id, index) ?? Promise.resolve();
  }

  /**
   * The channel closed. A revoke closes it too, and its message may still be on its way through the
   * server, so the room is kept a moment to hear why; then it is left, freeing the tunnel for others.
   */
  private linkEnded(): void {
    this.files?.close();
    this.transport = undefined;
    this.signaller = undefined;
    const link = this.link;
    this.link = undefined;
    link?.close();
    this.set({ connectStatus: CONNECT_STATUS.closed, waiting: false, problem: 'left' });
    this.lingerTimer = setTimeout(() => this.stop(), LINGER_MS);
  }

  private end(problem: ConnectProblem): void {
    this.stop();
    this.set({ connectStatus: CONNECT_STATUS.closed, waiting: false, problem });
  }

  /** Leaves the room and closes the link, without a status change. */
  private stop(): void {
    this.files?.close();
    clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    this.transport = undefined;
    this.signaller = undefined;
    const link = this.link;
    this.link = undefined;
    link?.close();
    this.room?.leave();
    this.room = undefined;
    this.self = this.owner = undefined;
  }

  disconnect(): void {
    if (this.view.connectStatus === CONNECT_STATUS.idle) return;
    this.stop();
    this.set({ connectStatus: CONNECT_STATUS.closed, waiting: false });
  }
}
