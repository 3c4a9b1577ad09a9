import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { peerSignalSchema, type PeerSignal } from '../shared/contracts/p2p-signal';
import type { BackpressureOptions, PeerLinkState, PeerRoute } from '../renderer/lib/peer-link';
import { serve } from '../bench/serve';
import { turnCredentials } from '../server/modules/p2p/p2p-config';
import { chromiumArgs } from '../playwright.config';
import { sharedAliases } from '../vite.config';

/**
 * What e2e/peer-link.e2e.ts and bench/p2p-throughput.ts share: the harness page (the real
 * renderer/lib/peer-link bundled by Vite), a signal relay between two pages, and Debian's coturn.
 */

/** Loopback candidates are off in Chromium by default, and mDNS names would hide the addresses. */
export const peerChromiumArgs = [...chromiumArgs, '--allow-loopback-in-peer-connection', '--disable-features=WebRtcHideLocalIpsWithMdns'];

export interface HarnessStart {
  polite: boolean;
  iceServers?: RTCIceServer[];
  relayOnly?: boolean;
  connectTimeoutMs?: number;
  restartPolicy?: { disconnectedGraceMs?: number; restartTimeoutMs?: number; maxRestarts?: number };
  backpressure?: BackpressureOptions;
}
export interface SendResult {
  hash: string;
  startAt: number;
  queuedAt: number;
}
export interface ReceiveResult {
  bytes: number;
  hash: string;
  firstAt: number;
  lastAt: number;
}
export interface HarnessApi {
  deliver(signal: PeerSignal): void;
  start(options: HarnessStart): Promise<{ ok: boolean; error?: string; code?: string }>;
  expectBytes(size: number): void;
  receivedBytes(): Promise<ReceiveResult>;
  sendBytes(size: number, chunkBytes: number, seed: number): Promise<SendResult>;
  /** The connection's states and ICE ufrags as JSON, for a failing test's message. */
  diagnose(): string;
  route(): Promise<PeerRoute | null>;
  states(): { state: PeerLinkState; at: number; code?: string }[];
  closeReason(): string | undefined;
  close(): void;
}

const here = dirname(fileURLToPath(import.meta.url));

/** Builds the harness page and serves it on a random loopback port. */
export async function serveHarness(): Promise<{ url: string; close: () => void }> {
  const outDir = mkdtempSync(join(tmpdir(), 'baibao-peer-link-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: join(here, 'peer-link-page'),
    resolve: { alias: sharedAliases },
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: false },
  });
  const server = await serve(outDir);
  return {
    url: server.url,
    close: () => {
      server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

/**
 * Relays each page's signals to the other, in order, checking each against the contract the
 * server enforces (so a signal too big or malformed for the real relay fails here too).
 */
export async function relaySignals(
  a: Page,
  b: Page,
): Promise<{ offers: () => number; answers: () => number; sent: { from: 'a' | 'b'; signal: PeerSignal }[] }> {
  let offers = 0;
  let answers = 0;
  const sent: { from: 'a' | 'b'; signal: PeerSignal }[] = [];
  const wire = async (from: Page, to: Page) => {
    let queue = Promise.resolve();
    await from.exposeFunction('relaySignal', (signal: unknown) => {
      const parsed = peerSignalSchema.parse(signal);
      sent.push({ from: from === a ? 'a' : 'b', signal: parsed });
      if (parsed.kind === 'description') {
        if (parsed.description.type === 'offer') offers += 1;
        else answers += 1;
      }
      queue = queue.then(() => to.evaluate((s) => window.harness.deliver(s), parsed)).catch(() => {});
    });
  };
  await wire(a, b);
  await wire(b, a);
  return { offers: () => offers, answers: () => answers, sent };
}

export { hasCoturn, startCoturn } from '../server/testing/coturn';

/** coturn's REST credentials as the server hands them out (`/api/p2p/hello`), `ttlSeconds` from now (negative: expired). */
export const turnCredentialsFor = (secret: string, ttlSeconds: number) =>
  turnCredentials(secret, Math.floor(Date.now() / 1000) + ttlSeconds);
