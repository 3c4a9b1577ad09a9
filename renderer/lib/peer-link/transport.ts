import { P2P_MAX_MESSAGE_BYTES, type P2pTransport } from '@shared/p2p/transport';

/** The parts of an RTCDataChannel the transport uses, so tests can hand it a fake. */
export type DataChannelLike = Pick<
  RTCDataChannel,
  | 'bufferedAmount'
  | 'bufferedAmountLowThreshold'
  | 'binaryType'
  | 'readyState'
  | 'send'
  | 'close'
  | 'addEventListener'
  | 'removeEventListener'
>;

export interface BackpressureOptions {
  /** `send` waits while more than this many bytes are queued in the channel. */
  highWaterMark: number;
  /** …until the queue has drained to this (the channel's `bufferedamountlow` threshold). */
  lowWaterMark: number;
}

/**
 * Measured with `npm run bench:p2p` (bench/README.md): 1 MiB / 256 KiB keeps the SCTP queue busy
 * while both ends share two cores; larger marks gained nothing and only hold more memory, smaller
 * ones lost throughput to wake-ups. Chromium errors out past a 16 MiB queue.
 */
export const DEFAULT_BACKPRESSURE: BackpressureOptions = { highWaterMark: 1024 * 1024, lowWaterMark: 256 * 1024 };

// UTF-8 takes at most 3 bytes per UTF-16 unit, so short strings need no encoding to be measured.
const byteLength = (data: string | Uint8Array): number =>
  typeof data !== 'string'
    ? data.byteLength
    : data.length * 3 <= P2P_MAX_MESSAGE_BYTES
      ? data.length
      : new TextEncoder().encode(data).byteLength;

/**
 * A P2pTransport over an open, ordered, reliable data channel: `send` queues at once and waits
 * only while the channel's buffer is over the high-water mark, so a sender loop never piles up
 * more than that in memory; binary messages arrive as Uint8Array, text as string.
 */
export function dataChannelTransport(channel: DataChannelLike, options: BackpressureOptions = DEFAULT_BACKPRESSURE): P2pTransport {
  if (options.lowWaterMark > options.highWaterMark) throw new RangeError('lowWaterMark must not exceed highWaterMark');
  channel.binaryType = 'arraybuffer';
  channel.bufferedAmountLowThreshold = options.lowWaterMark;
  const messageListeners = new Set<(data: string | Uint8Array) => void>();
  const closeListeners = new Set<(reason?: string) => void>();
  let closedReason: string | undefined;
  let closed = false;
  // One drain shared by every waiting sender: settled by bufferedamountlow or by the close.
  let drain: { promise: Promise<void>; resolve: () => void; reject: (error: Error) => void } | undefined;

  const closedError = () => new Error(`peer link closed${closedReason ? `: ${closedReason}` : ''}`);

  // Messages before anyone listens (the peer's channel opened first and spoke at once) are kept for
  // the listeners that subscribe together, once the link is handed over.
  let early: (string | Uint8Array)[] | undefined = [];
  const onMessage = (event: Event) => {
    const data = (event as MessageEvent<string | ArrayBuffer>).data;
    const message = typeof data === 'string' ? data : new Uint8Array(data);
    if (early) early.push(message);
    // A listener added by another while this message is dispatched (a receiver made on the offer)
    // starts with the next one, as with DOM events.
    else for (const listener of [...messageListeners]) listener(message);
  };
  const flushEarly = () => {
    const kept = early ?? [];
    early = undefined;
    for (const message of kept) for (const listener of [...messageListeners]) listener(message);
  };
  const onLow = () => {
    drain?.resolve();
    drain = undefined;
  };
  const finish = (reason: string) => {
    if (closed) return;
    closed = true;
    closedReason = reason;
    channel.removeEventListener('message', onMessage);
    channel.removeEventListener('bufferedamountlow', onLow);
    channel.removeEventListener('close', onChannelClose);
    channel.removeEventListener('error', onError);
    drain?.reject(closedError());
    drain = undefined;
    for (const listener of closeListeners) listener(reason);
    closeListeners.clear();
  };
  const onChannelClose = () => finish('the data channel closed');
  const onError = (event: Event) => finish((event as RTCErrorEvent).error?.message ?? 'data channel error');

  channel.addEventListener('message', onMessage);
  channel.addEventListener('bufferedamountlow', onLow);
  channel.addEventListener('close', onChannelClose);
  channel.addEventListener('error', onError);
  if (channel.readyState === 'closing' || channel.readyState === 'closed') finish('the data channel was already closed');

  return {
    send(data) {
      if (closed) return Promise.reject(closedError());
      const size = byteLength(data);
      if (size > P2P_MAX_MESSAGE_BYTES) return Promise.reject(new RangeError(`message of ${size} bytes is over ${P2P_MAX_MESSAGE_BYTES}`));
      try {
        // The DOM typings want an ArrayBuffer-backed view; the protocol never hands a shared one.
        if (typeof data === 'string') channel.send(data);
        else channel.send(data as Uint8Array<ArrayBuffer>);
      } catch (error) {
        finish(error instanceof Error ? error.message : 'send failed');
        return Promise.reject(closedError());
      }
      if (channel.bufferedAmount <= options.highWaterMark) return Promise.resolve();
      if (!drain) {
        let resolve!: () => void;
        let reject!: (error: Error) => void;
        const promise = new Promise<void>((res, rej) => {
          resolve = res;
          reject = rej;
        });
        drain = { promise, resolve, reject };
      }
      return drain.promise;
    },
    onMessage(listener) {
      messageListeners.add(listener);
      if (early?.length === 0) early = undefined;
      else if (early && messageListeners.size === 1) queueMicrotask(flushEarly);
      return () => messageListeners.delete(listener);
    },
    onClose(listener) {
      if (closed) {
        queueMicrotask(() => listener(closedReason));
        return () => {};
      }
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
    close() {
      if (closed) return;
      finish('closed here');
      channel.close();
    },
  };
}
