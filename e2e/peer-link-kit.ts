import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { build } from 'vite';
import { peerSignalSchema, type PeerSignal } from '../shared/contracts/p2p-signal';
import type { BackpressureOptions, PeerLinkState, PeerRoute } from '../renderer/lib/peer-link';
import { serve } from '../bench/serve';
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

export const hasTurnserver = (): boolean => spawnSync('sh', ['-c', 'command -v turnserver'], { stdio: 'ignore' }).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForTcp(port: number, child: ChildProcess, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`turnserver exited with ${child.exitCode}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`turnserver did not listen on ${port} within ${deadlineMs} ms`);
}

/** coturn's "TURN REST API" credentials: username `<expiry>:<id>`, password base64(HMAC-SHA1(secret, username)). */
export function turnCredentials(
  secret: string,
  id: string,
  ttlSeconds: number,
  nowMs = Date.now(),
): { username: string; credential: string } {
  const username = `${Math.floor(nowMs / 1000) + ttlSeconds}:${id}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/**
 * Debian's coturn on loopback, no config file: long-term credentials from a shared secret, plain
 * UDP/TCP only, peers on loopback allowed (they are here), no admin CLI (its fixed port would clash
 * between runs). Its log is kept for a failing test's message.
 */
export async function startCoturn(
  secret: string,
  fixedPort?: number,
): Promise<{ port: number; log: () => string; stop: () => Promise<void> }> {
  const port = fixedPort ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'baibao-coturn-'));
  let log = '';
  const child = spawn(
    'turnserver',
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${port}`,
      '--allow-loopback-peers',
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=baibao',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      `--pidfile=${join(dir, 'turnserver.pid')}`,
      `--userdb=${join(dir, 'turndb')}`,
      '--log-file=stdout',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForTcp(port, child, 10_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
  }
  return { port, log: () => log, stop };
}
