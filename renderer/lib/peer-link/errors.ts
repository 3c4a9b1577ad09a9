/** Why a peer link could not be made or was lost; the page maps each code to a translated message. */
export type PeerLinkErrorCode =
  /** The data channel did not open within the connect timeout (peer absent, signalling lost, no route). */
  | 'connect-timeout'
  /** ICE failed and every allowed restart failed too (the network between the two is gone). */
  | 'ice-failed'
  /** The link was closed (by either side) before it opened. */
  | 'closed'
  /** The browser refused a description or candidate the other side sent. */
  | 'signalling';

export class PeerLinkError extends Error {
  override readonly name = 'PeerLinkError';
  constructor(
    readonly code: PeerLinkErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
