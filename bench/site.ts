// What every bench of the real website shares: the website built (or BENCH_WEB_DIR reused), served
// by the real server in a process of its own, and the Chromium the e2e use. A bench that builds a
// page of its own instead serves it with ./serve.ts.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromiumArgs } from '../playwright.config';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Runs a command to its end; its output is dropped but for errors. */
export function run(command: string, args: string[], env: Record<string, string>, cwd = repoRoot): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * The page-view post is a keepalive fetch, which Chromium never reports as finished to the page:
 * sent before the network went quiet, it kept "networkidle" from ever coming. No bench measures it,
 * so the bench answers it itself.
 */
export async function answerPageViews(target: BrowserContext | Page): Promise<void> {
  await target.route('**/api/system/action-stat/log', (route) => route.fulfill({ status: 204 }));
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
}

/** A port nobody listens on now: fixed ports collide when two benches (or a bench and an e2e run) share the machine. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

export interface Site {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  origin: string;
  close: () => void;
}

export interface SiteOptions {
  /** Holds the build (unless reused) and the server's data folder; the caller removes it. */
  work: string;
  /** Prefixes the progress line, e.g. `bench:excel`. */
  label: string;
  /** The checkout to build and serve (default this one). */
  root?: string;
  /** Use BENCH_WEB_DIR when set instead of building (default true). */
  reuse?: boolean;
}

/**
 * Builds the website into `<work>/web` (or takes BENCH_WEB_DIR) and starts the real server on it,
 * in production mode with compression, caching headers and a data folder of its own.
 */
export async function startSite({ work, label, root = repoRoot, reuse = true }: SiteOptions): Promise<Site> {
  let webDir = reuse ? process.env.BENCH_WEB_DIR : undefined;
  if (!webDir) {
    webDir = join(work, 'web');
    console.log(`${label}: building ${root} into ${webDir}`);
    await run('npm', ['run', 'build:web'], { WEB_OUT_DIR: webDir }, root);
  }
  const port = await freePort();
  // node itself, not npx: killing npx would leave the server running and holding our stdio.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIR: webDir,
      DATA_DIR: join(work, 'data'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`${label}: the server exited with ${server.exitCode}`);
    const up = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { origin, close: () => server.kill() };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error(`${label}: the server did not start`);
}
