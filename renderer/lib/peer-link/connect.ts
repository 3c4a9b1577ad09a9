import type { PeerSignal } from '@shared/contracts/p2p-signal';
import type { P2pTransport } from '@shared/p2p/transport';
import { PeerLinkError } from './errors';
import { selectedRoute, type PeerRoute } from './route';
import { DEFAULT_RESTART_POLICY, IceRecovery, isFinalState, linkStateFor, type PeerLinkState, type RestartPolicy } from './state';
import { DEFAULT_BACKPRESSURE, dataChannelTransport, type BackpressureOptions } from './transport';

/** Carries signals to the other page and back (the live room's client, or the test relaying them). */
export interface PeerSignaller {
  send(signal: PeerSignal): void;
  onSignal(listener: (signal: PeerSignal) => void): () => void;
}

export interface ConnectPeerOptions {
  signaller: PeerSignaller;
  /** Exactly one side is polite: it yields when both offer at once (perfect negotiation). */
  polite: boolean;
  iceServers?: RTCIceServer[];
  /** Only TURN relay candidates (`iceTransportPolicy: 'relay'`): hides both addresses from each other. */
  relayOnly?: boolean;
  /** Until the data channel is open; then the link fails with `connect-timeout`. */
  connectTimeoutMs?: number;
  restartPolicy?: Partial<RestartPolicy>;
  backpressure?: BackpressureOptions;
}

export interface PeerLink {
  /** Resolves with the transport once the data channel is open; rejects with a PeerLinkError. */
  readonly ready: Promise<P2pTransport>;
  readonly connection: RTCPeerConnection;
  state(): PeerLinkState;
  /** Every state change; `failed` and `closed` are final. */
  onState(listener: (state: PeerLinkState, error?: PeerLinkError) => void): () => void;
  /** The candidate pair in use (direct or relay), undefined before there is one. */
  route(): Promise<PeerRoute | undefined>;
  close(): void;
}

/** Long enough for a TURN allocation on a slow network plus a user's device waking up; short enough to say so. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

/**
 * The same channel on both sides (negotiated id 0), so neither waits for a `datachannel` event. The
 * impolite side makes it at once and so makes the first offer; the polite side makes it when that
 * offer arrives. Both making it up front meant both offering at once, and in Chromium 156 the
 * polite side's ICE gathering sometimes never ended after rolling back its own offer (about 1 in
 * 10 connects hung until the timeout), so the first negotiation avoids glare altogether.
 */
const CHANNEL_ID = 0;

/**
 * Connects to the peer at the other end of `signaller`: the "perfect negotiation" pattern (either
 * side may offer; on glare the impolite side ignores the other's offer and the polite one rolls
 * back), trickle ICE, one ordered reliable data channel, ICE restarts when the path drops, and
 * timeouts so nothing waits forever.
 */
export function connectPeer(options: ConnectPeerOptions): PeerLink {
  const { signaller, polite } = options;
  const policy: RestartPolicy = { ...DEFAULT_RESTART_POLICY, ...options.restartPolicy };
  const connection = new RTCPeerConnection({
    iceServers: options.iceServers ?? [],
    iceTransportPolicy: options.relayOnly ? 'relay' : 'all',
  });
  let channel: RTCDataChannel | undefined;
  const stateListeners = new Set<(state: PeerLinkState, error?: PeerLinkError) => void>();
  let state: PeerLinkState = 'connecting';
  let everConnected = false;
  let makingOffer = false;
  let settingRemoteAnswer = false;
  let signals = Promise.resolve();

  let resolveReady!: (transport: P2pTransport) => void;
  let rejectReady!: (error: PeerLinkError) => void;
  const ready = new Promise<P2pTransport>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // Callers that only watch onState must not see an unhandled rejection.
  ready.catch(() => {});

  const setState = (next: PeerLinkState, error?: PeerLinkError) => {
    if (isFinalState(state) || next === state) return;
    state = next;
    for (const listener of [...stateListeners]) listener(next, error);
  };

  const end = (next: 'failed' | 'closed', error: PeerLinkError) => {
    if (isFinalState(state)) return;
    clearTimeout(connectTimer);
    recovery.dispose();
    stopSignals();
    rejectReady(error);
    setState(next, error);
    channel?.close();
    connection.close();
  };

  const recovery = new IceRecovery(policy, {
    // Only the impolite side restarts (its offer carries the new ICE credentials to the polite one):
    // two restarts at once would be the glare the first negotiation avoids.
    restart: () => {
      if (!polite) connection.restartIce();
    },
    giveUp: () =>
      end('failed', new PeerLinkError('ice-failed', 'the connection to the peer was lost and ICE restarts did not bring it back')),
  });

  const connectTimer = setTimeout(
    () =>
      end(
        'failed',
        new PeerLinkError(
          'connect-timeout',
          `no connection to the peer within ${options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS} ms`,
        ),
      ),
    options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
  );

  const refresh = () => {
    if (isFinalState(state)) return;
    let next = linkStateFor(connection.connectionState, channel?.readyState ?? 'connecting');
    if (next === 'closed') {
      end('closed', new PeerLinkError('closed', 'the peer closed the link'));
      return;
    }
    // ICE may still be restarted: `failed` is final only once the recovery gives up.
    if (next === 'failed') next = 'disconnected';
    if (next === 'disconnected' && !everConnected) next = 'connecting';
    setState(next);
    if (next === 'connected' && !everConnected) {
      everConnected = true;
      clearTimeout(connectTimer);
      if (transport) resolveReady(transport);
    }
  };

  const sendDescription = () => {
    const description = connection.localDescription;
    if (description && (description.type === 'offer' || description.type === 'answer')) {
      signaller.send({ kind: 'description', description: { type: description.type, sdp: description.sdp } });
    }
  };

  connection.addEventListener('negotiationneeded', async () => {
    try {
      makingOffer = true;
      await connection.setLocalDescription();
      sendDescription();
    } catch (error) {
      end('failed', new PeerLinkError('signalling', 'could not make an offer', { cause: error }));
    } finally {
      makingOffer = false;
    }
  });
  connection.addEventListener('icecandidate', ({ candidate }) => {
    // The end of candidates needs no message: the other side gathers and checks on its own.
    if (candidate?.candidate)
      signaller.send({ kind: 'candidate', candidate: candidate.toJSON() as Extract<PeerSignal, { kind: 'candidate' }>['candidate'] });
  });
  connection.addEventListener('iceconnectionstatechange', () => {
    if (!isFinalState(state)) recovery.onIceState(connection.iceConnectionState);
  });
  connection.addEventListener('connectionstatechange', refresh);
  // Wrapped at once: a message the peer sends as soon as its side opens may come before this side
  // counts the link as connected, and must not be lost.
  let transport: P2pTransport | undefined;
  const makeChannel = () => {
    channel = connection.createDataChannel('baibao', { negotiated: true, id: CHANNEL_ID, ordered: true });
    transport = dataChannelTransport(channel, options.backpressure ?? DEFAULT_BACKPRESSURE);
    channel.addEventListener('open', refresh);
    channel.addEventListener('close', refresh);
  };
  if (!polite) makeChannel();

  const handle = async (signal: PeerSignal) => {
    if (isFinalState(state)) return;
    if (signal.kind === 'description') {
      const { description } = signal;
      // An answer is only ever due to an offer of ours; any other is left over from an earlier link
      // between the same two pages (a resume reconnects over the same signaller) and is dropped.
      if (description.type === 'answer' && connection.signalingState !== 'have-local-offer') return;
      const readyForOffer = !makingOffer && (connection.signalingState === 'stable' || settingRemoteAnswer);
      const collision = description.type === 'offer' && !readyForOffer;
      // Impolite: our own offer wins, theirs is ignored (its candidates then fail to add, below).
      if (!polite && collision) return;
      settingRemoteAnswer = description.type === 'answer';
      try {
        // The polite side rolls back its own offer implicitly here (setRemoteDescription in have-local-offer).
        await connection.setRemoteDescription(description);
      } finally {
        settingRemoteAnswer = false;
      }
      if (description.type === 'offer') {
        if (!channel) makeChannel();
        await connection.setLocalDescription();
        sendDescription();
      }
    } else if (signal.candidate) {
      try {
        await connection.addIceCandidate(signal.candidate);
      } catch {
        // A candidate of an offer we ignored, or of an earlier link (other ICE credentials), cannot be
        // added. Dropping it is safe: a link that never gets a usable candidate ends by its timeout.
      }
    }
  };

  const stopSignals = signaller.onSignal((signal) => {
    signals = signals
      .then(() => handle(signal))
      .catch((error: unknown) =>
        end('failed', new PeerLinkError('signalling', 'the peer sent a description or candidate this browser refused', { cause: error })),
      );
  });

  return {
    ready,
    connection,
    state: () => state,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    route: () => selectedRoute(connection),
    close: () => end('closed', new PeerLinkError('closed', 'the link was closed here')),
  };
}
