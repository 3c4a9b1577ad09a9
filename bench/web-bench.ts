// `npm run bench:web` (issue 12 §1): the first load as a new visitor gets it. Builds the website,
// starts the real server (compression, caching headers and all), and opens /, /en, /image/compress
// and /file/hasher in Chromium, each in a fresh context (empty cache, no service worker yet). Prints
// what went over the wire (compressed bytes, all and JavaScript only), the number of scripts, first
// contentful paint and largest contentful paint, and the JavaScript's ratio to the budget of
// scripts/first-load-budget.ts. Timings are the best of BENCH_RUNS (default 3) loads.
//
// BENCH_WEB_ROOT=/path/to/an/other/checkout measures that tree with its own server (how the
// figures before issue 12 were taken: a worktree of the old commit). See bench/README.md.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { chromiumArgs } from '../playwright.config';
import { BUDGET, KB } from '../scripts/first-load-budget';

const root = resolve(process.env.BENCH_WEB_ROOT ?? fileURLToPath(new URL('..', import.meta.url)));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_WEB_PORT ?? 4391);
/** Issue 12's target for the home page on loopback. */
const HOME_LCP_MS = 650;
const PAGES = [
  { path: '/', budget: BUDGET.home },
  { path: '/en', budget: BUDGET.home },
  { path: '/image/compress', budget: BUDGET.tool },
  { path: '/file/hasher', budget: BUDGET.tool },
] as const;

/**
 * First and largest contentful paint, both through buffered observers (an entry can be missing from
 * getEntries() this early). A string: tsx would wrap named functions in a helper the page lacks.
 */
const PAINT_TIMES = `new Promise((done) => {
  const latest = (type, name) => new Promise((found) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries().filter((entry) => !name || entry.name === name);
      if (entries.length) found(entries[entries.length - 1].startTime);
    }).observe({ type, buffered: true });
    setTimeout(() => found(Number.NaN), 3000);
  });
  Promise.all([latest('paint', 'first-contentful-paint'), latest('largest-contentful-paint')]).then(([fcp, lcp]) => done({ fcp, lcp }));
})`;

interface Load {
  bytes: number;
  scriptBytes: number;
  scripts: number;
  fcp: number;
  lcp: number;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function startServer(webDir: string, dataDir: string): Promise<ChildProcess> {
  // node itself, not npx: killing npx would leave the server running.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      WEB_DIR: webDir,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 500));
  }
  server.kill();
  throw new Error('bench:web: the server did not start');
}

async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The page-view post is a keepalive fetch, which Chromium never reports as finished to the page:
  // sent before the network went quiet (a tool page that shows within ~2 s), it kept "networkidle"
  // from ever coming. It is no part of the first load, so the bench answers it itself.
  await context.route('**/api/system/action-stat/log', (route) => route.fulfill({ status: 204 }));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  let bytes = 0;
  let scriptBytes = 0;
  let scripts = 0;
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') {
      scripts += 1;
      scriptBytes += event.encodedDataLength;
    }
  });
  await page.goto(url, { waitUntil: 'load' });
  // Lazy route chunks and texts arrive after `load`; the page is done when the network is quiet.
  await page.waitForLoadState('networkidle');
  const { fcp, lcp } = (await page.evaluate(PAINT_TIMES)) as { fcp: number; lcp: number };
  await context.close();
  return { bytes, scriptBytes, scripts, fcp, lcp };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'baibao-web-bench-'));
  const webDir = join(work, 'web');
  let server: ChildProcess | undefined;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs });
  try {
    console.log(`bench:web: building ${root} into ${webDir}`);
    await run('npm', ['run', 'build:web'], { WEB_OUT_DIR: webDir });
    server = await startServer(webDir, join(work, 'data'));
    console.log(`bench:web: Chromium ${browser.version()}, best of ${RUNS} fresh loads per page, loopback\n`);
    console.log('page               transferred   of it JS  scripts  JS / budget      FCP      LCP');
    let missed = false;
    for (const { path, budget } of PAGES) {
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i += 1) loads.push(await load(browser, `http://127.0.0.1:${PORT}${path}`));
      const first = loads[0]!;
      const best = (values: number[]) => Math.min(...values.filter(Number.isFinite));
      const fcp = best(loads.map((entry) => entry.fcp));
      const lcp = best(loads.map((entry) => entry.lcp));
      const ratio = first.scriptBytes / budget;
      console.log(
        `${path.padEnd(17)}${kb(first.bytes).padStart(12)}${kb(first.scriptBytes).padStart(11)}${String(first.scripts).padStart(9)}${`${ratio.toFixed(2)}× of ${kb(budget)}`.padStart(19)}${`${fcp.toFixed(0)} ms`.padStart(9)}${`${lcp.toFixed(0)} ms`.padStart(9)}`,
      );
      if (path === '/' && !(lcp <= HOME_LCP_MS)) missed = true;
    }
    console.log(`\ntarget: home LCP ≤ ${HOME_LCP_MS} ms on loopback — ${missed ? 'MISSED' : 'met'}`);
    console.log('(budgets are for the JavaScript before the page is interactive; the tool pages here also load their own chunk)');
    process.exitCode = missed ? 1 : 0;
  } finally {
    await browser.close();
    server?.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
