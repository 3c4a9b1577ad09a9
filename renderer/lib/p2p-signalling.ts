import { p2pRoomMessageSchema } from '@shared/contracts/p2p';
import type { P2pRoomMessage, PresenceCard } from '@shared/contracts/p2p';
import type { PeerSignal } from '@shared/contracts/p2p-signal';
import type { LiveErrorReason } from '@shared/contracts/live';
import type { LiveRoom, LiveRoomHandlers } from './live-client';

/** The part of LiveClient a P2P room needs (tests pass an in-memory one). */
export interface LiveJoiner {
  join(room: string, handlers: LiveRoomHandlers): LiveRoom;
}

/** Another device in the room; `card` once it has introduced itself. */
export interface P2pRoomPeer {
  peer: string;
  card?: PresenceCard;
}

/** What renderer/lib/peer-link's connectPeer takes to exchange WebRTC signals with one peer. */
export interface RoutedSignaller {
  send(signal: PeerSignal): void;
  onSignal(listener: (signal: PeerSignal) => void): () => void;
}

export interface P2pRoomSession {
  readonly room: string;
  /** This page's peer id in the room now (it changes when the connection is made again). */
  readonly self: string | undefined;
  peers(): P2pRoomPeer[];
  /** Called with the whole list whenever someone comes, goes or shows a card. */
  onPeers(listener: (peers: P2pRoomPeer[]) => void): () => void;
  onError(listener: (reason: LiveErrorReason) => void): () => void;
  /** Signals to and from one peer; the room carries them, addressed with `to`. */
  signaller(remote: string): RoutedSignaller;
  /**
   * Perfect negotiation needs one polite side per pair: both derive it from the two peer ids, so
   * they agree without a message.
   */
  polite(remote: string): boolean;
  leave(): void;
}

/**
 * A device's presence in a P2P room (`p2p:net-<id>` or `p2p:pair-<code>`): it shows its card to
 * everyone on arrival and to each newcomer, keeps the list of the others with their cards, and routes
 * WebRTC signals by peer. Rooms broadcast, so what is addressed to another peer is dropped here.
 */
export function joinP2pRoom(live: LiveJoiner, room: string, card: PresenceCard): P2pRoomSession {
  const peers = new Map<string, P2pRoomPeer>();
  const peerListeners = new Set<(peers: P2pRoomPeer[]) => void>();
  const errorListeners = new Set<(reason: LiveErrorReason) => void>();
  const signalListeners = new Map<string, Set<(signal: PeerSignal) => void>>();
  let self: string | undefined;

  const list = () => [...peers.values()];
  const changed = () => {
    const now = list();
    for (const listener of peerListeners) listener(now);
  };
  const publish = (message: P2pRoomMessage) => handle.publish(message);

  const handle = live.join(room, {
    onJoined(members, me) {
      self = me;
      peers.clear();
      for (const member of members) if (member.peer !== me) peers.set(member.peer, { peer: member.peer });
      changed();
      publish({ card });
    },
    onPresence(member, present) {
      if (present) {
        peers.set(member.peer, { peer: member.peer });
        publish({ to: member.peer, card });
      } else {
        peers.delete(member.peer);
      }
      changed();
    },
    onMessage(data, from) {
      const parsed = p2pRoomMessageSchema.safeParse(data);
      if (!parsed.success || from.peer === self) return;
      const message = parsed.data;
      if (message.to !== undefined && message.to !== self) return;
      if ('card' in message) {
        peers.set(from.peer, { peer: from.peer, card: message.card });
        return changed();
      }
      for (const listener of signalListeners.get(from.peer) ?? []) listener(message.signal);
    },
    onError(reason) {
      for (const listener of errorListeners) listener(reason);
    },
  });

  return {
    room,
    get self() {
      return self;
    },
    peers: list,
    onPeers(listener) {
      peerListeners.add(listener);
      return () => peerListeners.delete(listener);
    },
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    signaller(remote) {
      return {
        send: (signal) => void publish({ to: remote, signal }),
        onSignal(listener) {
          let listeners = signalListeners.get(remote);
          if (!listeners) signalListeners.set(remote, (listeners = new Set()));
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      };
    },
    polite: (remote) => (self ?? '') > remote,
    leave: () => handle.leave(),
  };
}
