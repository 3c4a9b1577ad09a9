// `npm run bench:web` (issue 12 §1): the first load as a new visitor gets it. Builds the website,
// starts the real server (compression, caching headers and all), and opens /, /en, /image/compress
// and /file/hasher in Chromium, each in a fresh context (empty cache, no service worker yet). Prints
// what went over the wire (compressed bytes, all and JavaScript only), the number of scripts, first
// contentful paint and largest contentful paint, and the JavaScript's ratio to the budget of
// scripts/first-load-budget.ts. Timings are the best of BENCH_RUNS (default 3) loads. BENCH_WEB_DIR=<built
// site> skips the build.
//
// BENCH_WEB_ROOT=/path/to/an/other/checkout measures that tree with its own server (how the
// figures before issue 12 were taken: a worktree of the old commit). See bench/README.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { BUDGET, KB } from '../scripts/first-load-budget';
import { answerPageViews, launchChromium, repoRoot, startSite } from './site';
import type { Site } from './site';

const root = resolve(process.env.BENCH_WEB_ROOT ?? repoRoot);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Issue 12's target for the home page on loopback. */
const HOME_LCP_MS = 650;
const PAGES = [
  { path: '/', budget: BUDGET.home },
  { path: '/en', budget: BUDGET.home },
  { path: '/image/compress', budget: BUDGET.page },
  { path: '/file/hasher', budget: BUDGET.page },
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

async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // No part of the first load, and it would keep "networkidle" from coming.
  await answerPageViews(context);
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
  let site: Site | undefined;
  const browser = await launchChromium();
  try {
    // Another checkout is measured with its own build, never with BENCH_WEB_DIR's.
    site = await startSite({ work, label: 'bench:web', root, reuse: !process.env.BENCH_WEB_ROOT });
    console.log(`bench:web: Chromium ${browser.version()}, best of ${RUNS} fresh loads per page, loopback\n`);
    console.log('page               transferred   of it JS  scripts  JS / budget      FCP      LCP');
    let missed = false;
    for (const { path, budget } of PAGES) {
      const loads: Load[] = [];
      for (let i = 0; i < RUNS; i += 1) loads.push(await load(browser, `${site.origin}${path}`));
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
    site?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
