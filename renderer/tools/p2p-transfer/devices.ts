import type { LiveErrorReason } from '@shared/contracts/live';
import type { PresenceCard } from '@shared/contracts/p2p';
import type { PeerSignal } from '@shared/contracts/p2p-signal';
import type { P2pTransport } from '@shared/p2p';
import { connectPeer, type PeerLink, type PeerLinkState, type PeerSignaller } from '@/lib/peer-link';
import { joinP2pRoom, type LiveJoiner, type P2pRoomSession } from '@/lib/p2p-signalling';
import { dropLeadingCandidates } from './p2p-transfer.service';

/** Another device as the page shows it: found on this network, or met through a pairing code. */
export interface DeviceView {
  key: string;
  via: 'net' | 'pair';
  code?: string;
  card?: PresenceCard;
  link: PeerLinkState | 'none';
  route?: 'direct' | 'relay';
}

interface Device extends DeviceView {
  peer: string;
  session: P2pRoomSession;
  signaller: PeerSignaller;
  stopBuffer: () => void;
  current?: PeerLink;
  transport?: P2pTransport;
  restarts: number;
}

export interface DevicesOptions {
  live: LiveJoiner;
  card: PresenceCard;
  iceServers: RTCIceServer[];
  /** The server's ICE_TRANSPORT_POLICY=relay: TURN relay candidates only. */
  relayOnly: boolean;
  onChange: (devices: DeviceView[]) => void;
  /** A data channel to `device` is open: new offers arrive on it, paused transfers resume on it. */
  onTransport: (device: DeviceView, transport: P2pTransport) => void;
  onRoomError: (code: string | undefined, reason: LiveErrorReason) => void;
}

/** A link that failed while its peer is still in the room is made again this often, then left. */
const MAX_RESTARTS = 3;
const RESTART_DELAY_MS = 1500;

/**
 * The devices this page can send to: it joins the network's room and each paired code's room,
 * and keeps one peer link to every other device there (made at once, so the route shows and an
 * offer needs no wait). Signals that come before the link is made are kept for it.
 */
export class P2pDevices {
  private readonly rooms = new Map<string, P2pRoomSession>();
  private readonly devices = new Map<string, Device>();
  /** This page's peer id in each room when its devices were listed. */
  private readonly selves = new Map<P2pRoomSession, string | undefined>();
  private closed = false;

  constructor(private readonly options: DevicesOptions) {}

  join(room: string, via: 'net' | 'pair', code?: string): void {
    if (this.rooms.has(room)) return;
    const session = joinP2pRoom(this.options.live, room, this.options.card);
    this.rooms.set(room, session);
    session.onPeers((peers) => this.sync(session, via, code, peers));
    session.onError((reason) => this.options.onRoomError(code, reason));
  }

  leave(room: string): void {
    const session = this.rooms.get(room);
    if (!session) return;
    this.rooms.delete(room);
    this.selves.delete(session);
    for (const device of [...this.devices.values()]) if (device.session === session) this.drop(device);
    session.leave();
    this.emit();
  }

  transport(key: string): P2pTransport | undefined {
    return this.devices.get(key)?.transport;
  }

  close(): void {
    this.closed = true;
    for (const room of [...this.rooms.keys()]) this.leave(room);
  }

  private sync(session: P2pRoomSession, via: 'net' | 'pair', code: string | undefined, peers: { peer: string; card?: PresenceCard }[]) {
    // Rejoined after this page's own connection dropped: the others have closed their links to the
    // old peer id, and a link of ours that only looks "disconnected" would swallow their new offers.
    if (this.selves.has(session) && this.selves.get(session) !== session.self) {
      for (const device of [...this.devices.values()]) if (device.session === session) this.drop(device);
    }
    this.selves.set(session, session.self);
    const present = new Set<string>();
    for (const { peer, card } of peers) {
      const key = `${session.room}/${peer}`;
      present.add(key);
      let device = this.devices.get(key);
      if (!device) {
        device = this.track(session, via, code, peer, key);
        this.devices.set(key, device);
      }
      device.card = card;
      if (card && !device.current && device.link === 'none') this.connect(device);
    }
    for (const device of [...this.devices.values()]) {
      if (device.session === session && !present.has(device.key)) this.drop(device);
    }
    this.emit();
  }

  /** Starts keeping the peer's signals at once: its offer may come before its card. */
  private track(session: P2pRoomSession, via: 'net' | 'pair', code: string | undefined, peer: string, key: string): Device {
    const routed = session.signaller(peer);
    let pending: PeerSignal[] = [];
    let forward: ((signal: PeerSignal) => void) | undefined;
    const stopBuffer = routed.onSignal((signal) => (forward ? forward(signal) : pending.push(signal)));
    const signaller: PeerSignaller = {
      send: (signal) => routed.send(signal),
      onSignal(listener) {
        forward = listener;
        // Candidates kept from before are the ended link's: the new one starts at a description.
        for (const signal of dropLeadingCandidates(pending)) listener(signal);
        pending = [];
        return () => {
          if (forward === listener) forward = undefined;
        };
      },
    };
    return { key, via, code, peer, session, signaller, stopBuffer, link: 'none', restarts: 0 };
  }

  private connect(device: Device): void {
    const link = connectPeer({
      signaller: device.signaller,
      polite: device.session.polite(device.peer),
      iceServers: this.options.iceServers,
      relayOnly: this.options.relayOnly,
    });
    device.current = link;
    device.link = 'connecting';
    link.onState((state) => {
      if (device.current !== link) return;
      device.link = state;
      if (state === 'connected') {
        void link.route().then((route) => {
          device.route = route?.kind;
          this.emit();
        });
      }
      if (state === 'failed' || state === 'closed') {
        device.current = undefined;
        endTransport(device);
        device.route = undefined;
        if (this.devices.get(device.key) === device && device.restarts < MAX_RESTARTS && !this.closed) {
          device.restarts++;
          setTimeout(() => {
            if (this.devices.get(device.key) === device && !device.current) this.connect(device);
          }, RESTART_DELAY_MS);
        }
      }
      this.emit();
    });
    link.ready.then(
      (transport) => {
        if (device.current !== link) return;
        device.transport = transport;
        device.restarts = 0;
        this.options.onTransport(view(device), transport);
        this.emit();
      },
      () => undefined,
    );
  }

  private drop(device: Device): void {
    this.devices.delete(device.key);
    device.stopBuffer();
    const link = device.current;
    device.current = undefined;
    endTransport(device);
    link?.close();
  }

  private emit(): void {
    if (!this.closed) this.options.onChange([...this.devices.values()].map(view));
  }
}

/**
 * Tells the link's transfers at once that it has ended: the data channel's own close event may come
 * late, or not at all when the connection is closed under it, and a transfer still "active" on the
 * dead link would be passed over when the device's next link comes (the resume then never starts).
 */
function endTransport(device: Device): void {
  const transport = device.transport;
  device.transport = undefined;
  transport?.close();
}

const view = (device: Device): DeviceView => ({
  key: device.key,
  via: device.via,
  code: device.code,
  card: device.card,
  link: device.link,
  route: device.route,
});
