/**
 * What the transfer protocol needs of a connection: an RTCDataChannel on the page
 * (renderer/lib/peer-link adapts one), an in-memory pair in tests. Messages arrive whole and in
 * order; a message is at most `P2P_MAX_MESSAGE_BYTES`.
 */
export interface P2pTransport {
  /** Resolves once the data is queued below the transport's high-water mark (backpressure); rejects once closed. */
  send(data: string | Uint8Array): Promise<void>;
  onMessage(listener: (data: string | Uint8Array) => void): () => void;
  /** Called once, when either side closes or the connection drops; `reason` for logs only. */
  onClose(listener: (reason?: string) => void): () => void;
  close(): void;
}

/** Chromium's SCTP stack takes up to 256 KiB per message; 64 KiB keeps every browser happy. */
export const P2P_MAX_MESSAGE_BYTES = 64 * 1024;
