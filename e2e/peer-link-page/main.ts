// The in-page half of e2e/peer-link.e2e.ts and bench/p2p-throughput.ts: the real renderer/lib/peer-link
// in Chromium, its signals relayed by the test through `window.relaySignal` (exposed by Playwright).
import type { PeerSignal } from '@shared/contracts/p2p-signal';
import type { P2pTransport } from '@shared/p2p/transport';
import { connectPeer, type PeerLink, type PeerLinkState } from '@/lib/peer-link';
import type { HarnessApi, HarnessStart, ReceiveResult, SendResult } from '../peer-link-kit';

declare global {
  interface Window {
    relaySignal(signal: PeerSignal): Promise<void>;
    harness: HarnessApi;
  }
}

const now = () => performance.timeOrigin + performance.now();

/** Pseudo-random bytes (xorshift32): incompressible and the same for a given seed. */
function makeBytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const words = new Uint32Array(Math.ceil(size / 4));
  let x = seed;
  for (let i = 0; i < words.length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x;
  }
  return new Uint8Array(words.buffer, 0, size);
}

async function sha256(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

let link: PeerLink | undefined;
let transport: P2pTransport | undefined;
const signalListeners = new Set<(signal: PeerSignal) => void>();
const states: { state: PeerLinkState; at: number; code?: string }[] = [];
let closeReason: string | undefined;
let expected:
  { size: number; buffer: Uint8Array<ArrayBuffer>; received: number; done: (result: ReceiveResult) => void; firstAt?: number } | undefined;
let received: Promise<ReceiveResult> | undefined;

window.harness = {
  deliver(signal) {
    for (const listener of signalListeners) listener(signal);
  },
  async start(options: HarnessStart) {
    link = connectPeer({
      ...options,
      signaller: {
        send: (signal) => void window.relaySignal(signal),
        onSignal(listener) {
          signalListeners.add(listener);
          return () => signalListeners.delete(listener);
        },
      },
    });
    link.onState((state, error) => states.push({ state, at: now(), code: error?.code }));
    try {
      transport = await link.ready;
    } catch (error) {
      return { ok: false, error: String(error), code: (error as { code?: string }).code };
    }
    transport.onClose((reason) => (closeReason = reason));
    transport.onMessage((data) => {
      if (!expected || typeof data === 'string') return;
      expected.firstAt ??= now();
      expected.buffer.set(data, expected.received);
      expected.received += data.byteLength;
      if (expected.received >= expected.size) {
        const { buffer, firstAt, done } = expected;
        const lastAt = now();
        void sha256(buffer).then((hash) => done({ bytes: buffer.byteLength, hash, firstAt: firstAt ?? lastAt, lastAt }));
      }
    });
    return { ok: true };
  },
  expectBytes(size) {
    received = new Promise((resolve) => {
      expected = { size, buffer: new Uint8Array(size), received: 0, done: resolve };
    });
  },
  receivedBytes: () => received!,
  async sendBytes(size, chunkBytes, seed): Promise<SendResult> {
    const bytes = makeBytes(size, seed);
    const hash = await sha256(bytes);
    const startAt = now();
    for (let offset = 0; offset < size; offset += chunkBytes) await transport!.send(bytes.subarray(offset, offset + chunkBytes));
    return { hash, startAt, queuedAt: now() };
  },
  diagnose() {
    const connection = link?.connection;
    if (!connection) return 'no link';
    const ufrag = (sdp?: string) => /a=ice-ufrag:(\S+)/.exec(sdp ?? '')?.[1];
    return JSON.stringify({
      signaling: connection.signalingState,
      ice: connection.iceConnectionState,
      gathering: connection.iceGatheringState,
      connection: connection.connectionState,
      local: [connection.localDescription?.type, ufrag(connection.localDescription?.sdp)],
      remote: [connection.remoteDescription?.type, ufrag(connection.remoteDescription?.sdp)],
      states,
    });
  },
  route: async () => (await link?.route()) ?? null,
  states: () => states,
  closeReason: () => closeReason,
  close: () => link?.close(),
};
document.title = 'ready';
