/** What the page shows of a link; `disconnected` means lost for now while ICE restarts. */
export type PeerLinkState = 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

/** The link's state from the connection's and the data channel's: the channel must be open to send. */
export function linkStateFor(connection: RTCPeerConnectionState, channel: RTCDataChannelState): PeerLinkState {
  if (connection === 'closed' || channel === 'closed' || channel === 'closing') return 'closed';
  if (connection === 'failed') return 'failed';
  if (connection === 'disconnected') return 'disconnected';
  if (connection === 'connected' && channel === 'open') return 'connected';
  return 'connecting';
}

/** A state the link never leaves. */
export const isFinalState = (state: PeerLinkState): boolean => state === 'failed' || state === 'closed';

export interface RestartPolicy {
  /** How long a `disconnected` ICE state may last before an ICE restart (it often recovers by itself). */
  disconnectedGraceMs: number;
  /** How long one ICE restart may take to bring the connection back before the next is tried. */
  restartTimeoutMs: number;
  /** ICE restarts tried before the link gives up as failed. */
  maxRestarts: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { disconnectedGraceMs: 2_000, restartTimeoutMs: 10_000, maxRestarts: 2 };

/**
 * ICE restart before giving up: `failed` restarts at once, `disconnected` after the grace period
 * (it often recovers by itself); a restart that has not brought the connection back within
 * `restartTimeoutMs` is followed by the next, and after `maxRestarts` the link gives up. Back to
 * `connected`/`completed` cancels everything pending and refills the restarts.
 */
export class IceRecovery {
  private restartsDone = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private waitingForRestart = false;

  constructor(
    private readonly policy: RestartPolicy,
    private readonly hooks: { restart(): void; giveUp(): void },
  ) {}

  onIceState(state: RTCIceConnectionState): void {
    if (state === 'connected' || state === 'completed') {
      this.clear();
      this.restartsDone = 0;
      return;
    }
    // A restart in flight has its own timeout; the states ICE passes through meanwhile change nothing.
    if (this.waitingForRestart) return;
    if (state === 'failed') {
      this.clear();
      this.restartOrGiveUp();
    } else if (state === 'disconnected' && this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.restartOrGiveUp();
      }, this.policy.disconnectedGraceMs);
    }
  }

  dispose(): void {
    this.clear();
  }

  private restartOrGiveUp(): void {
    if (this.restartsDone >= this.policy.maxRestarts) {
      this.waitingForRestart = false;
      this.hooks.giveUp();
      return;
    }
    this.restartsDone += 1;
    this.waitingForRestart = true;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.restartOrGiveUp();
    }, this.policy.restartTimeoutMs);
    this.hooks.restart();
  }

  private clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.waitingForRestart = false;
  }
}
