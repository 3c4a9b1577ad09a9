import { P2P_MAX_MESSAGE_BYTES, type P2pTransport } from '../p2p/transport';

type Side = 'a' | 'b';

export interface TransportPairOptions {
  /** Bytes one side may have queued before `send` waits, as an RTCDataChannel's bufferedAmount. */
  highWaterMark?: number;
  /** Sees (and may replace) each message as it is delivered: counting, corrupting, cutting the link. */
  onDeliver?: (from: Side, data: string | Uint8Array) => string | Uint8Array;
}

export interface TransportPair {
  a: P2pTransport;
  b: P2pTransport;
  /** The link drops: queued messages are lost, both sides hear onClose, sends reject. */
  drop(): void;
  /** The most bytes either side ever had queued: backpressure keeps it near the high-water mark. */
  maxBuffered(): number;
}

/**
 * Two in-memory transports joined to each other, for protocol tests: messages arrive whole, in
 * order and asynchronously (a timer per batch), with the size limit and backpressure of a data
 * channel.
 */
export function createTransportPair(options: TransportPairOptions = {}): TransportPair {
  const highWaterMark = options.highWaterMark ?? 256 * 1024;
  let closed = false;
  let maxBuffered = 0;
  const make = (side: Side) => ({
    side,
    queue: [] as (string | Uint8Array)[],
    buffered: 0,
    scheduled: false,
    waiters: [] as { resolve: () => void; reject: (error: Error) => void }[],
    messageListeners: new Set<(data: string | Uint8Array) => void>(),
    closeListeners: new Set<(reason?: string) => void>(),
  });
  const ends = { a: make('a'), b: make('b') };
  const other = (side: Side) => ends[side === 'a' ? 'b' : 'a'];
  const size = (data: string | Uint8Array) => (typeof data === 'string' ? new TextEncoder().encode(data).length : data.byteLength);

  const deliver = (side: Side): void => {
    const end = ends[side];
    end.scheduled = false;
    // One batch per timer tick: up to the high-water mark, so the sender sees its queue drain in steps.
    let budget = highWaterMark;
    while (!closed && end.queue.length > 0 && budget > 0) {
      let data = end.queue.shift()!;
      const bytes = size(data);
      end.buffered -= bytes;
      budget -= bytes;
      if (options.onDeliver) data = options.onDeliver(side, data);
      if (closed) return;
      for (const listener of [...other(side).messageListeners]) listener(data);
    }
    const waiters = end.waiters;
    end.waiters = [];
    for (const waiter of waiters) {
      if (end.buffered < highWaterMark) waiter.resolve();
      else end.waiters.push(waiter);
    }
    if (end.queue.length > 0) schedule(side);
  };
  const schedule = (side: Side): void => {
    if (ends[side].scheduled || closed) return;
    ends[side].scheduled = true;
    setTimeout(() => deliver(side), 0);
  };

  const drop = (): void => {
    if (closed) return;
    closed = true;
    for (const end of [ends.a, ends.b]) {
      end.queue = [];
      for (const waiter of end.waiters) waiter.reject(new Error('closed'));
      end.waiters = [];
    }
    setTimeout(() => {
      for (const end of [ends.a, ends.b]) for (const listener of [...end.closeListeners]) listener('dropped');
    }, 0);
  };

  const transport = (side: Side): P2pTransport => {
    const end = ends[side];
    return {
      send(data) {
        if (closed) return Promise.reject(new Error('closed'));
        const bytes = size(data);
        if (bytes > P2P_MAX_MESSAGE_BYTES) return Promise.reject(new RangeError(`message of ${bytes} bytes`));
        // A copy: the sender may reuse its buffer, and the receiver must not see it change.
        end.queue.push(typeof data === 'string' ? data : data.slice());
        end.buffered += bytes;
        maxBuffered = Math.max(maxBuffered, end.buffered);
        schedule(side);
        if (end.buffered < highWaterMark) return Promise.resolve();
        return new Promise((resolve, reject) => end.waiters.push({ resolve, reject }));
      },
      onMessage(listener) {
        end.messageListeners.add(listener);
        return () => end.messageListeners.delete(listener);
      },
      onClose(listener) {
        end.closeListeners.add(listener);
        return () => end.closeListeners.delete(listener);
      },
      close: drop,
    };
  };

  return { a: transport('a'), b: transport('b'), drop, maxBuffered: () => maxBuffered };
}
