// `npm run bench:m3u8-page` (issue 18: "peak memory of the page (≤ 200 MB for a 1 GB stream)"). The
// built website's /m3u8/downloader in headless Chromium, logged in, downloads a synthetic 1 GB HLS
// stream (TS output: no remux) from a loopback host through the real API's guarded proxy into a
// File System Access save target. The target is a real one: `showSaveFilePicker` is replaced by an
// init script that returns a file handle in the origin-private file system (OPFS), so the page's
// writable stream goes to disk through the browser process as a picked file's would; the file is
// removed after each run. The page's renderer process (pid from CDP SystemInfo.getProcessInfo, RSS
// from /proc) and its JS heap (CDP Performance.getMetrics) are sampled every 250 ms: idle after load
// (the reference), then during the download. In the same page, the same bytes as one file through the
// same proxy, streamed into an OPFS file, for the throughput ratio.
//
// The host (./m3u8-host.ts, shared with bench:m3u8) serves 2 MB synthetic segments from a child
// process: 512 of them stay under the proxy's 600 requests a minute. The API runs with
// PROXY_ALLOW_PRIVATE (as the e2e's do, e2e/live-api-kit.ts) so it may reach loopback.
// BENCH_WEB_DIR=<built site> skips the build; BENCH_MB (default 1024) changes the size.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { chromiumArgs } from '../playwright.config';
import { run } from './site';
import { adminTokens, logIn, startApi } from '../e2e/live-api-kit';
import { SEGMENT_BYTES, startHlsHost } from './m3u8-host';

const MB = 1024 * 1024;
const STREAM_MB = Number(process.env.BENCH_MB ?? 1024);
const MEMORY_TARGET_MB = 200;
const SAMPLE_MS = 250;

interface Peaks {
  /** The page's renderer process (the biggest one: a spare renderer may also exist, near empty). */
  pid: number;
  /** VmRSS of that renderer. */
  rss: number;
  /** RssAnon + RssShmem: VmRSS without RssFile, Chromium's code and fonts mapped from disk, the same with any page. */
  own: number;
  /** V8's used heap, from CDP Runtime.getHeapUsage. */
  heap: number;
  /** What the page holds: V8's used heap + Blink's (Oilpan) heap + ArrayBuffer backing stores, live or not yet collected. */
  held: number;
}

/**
 * Samples every 250 ms until stopped and keeps the peaks: the renderers' memory from /proc (pids
 * from CDP SystemInfo.getProcessInfo) and the page's heaps from Runtime.getHeapUsage. With
 * `collect`, each sample first runs a full collection in the page (`gc()`, Chromium started with
 * --expose-gc), so what is left is what the page still references.
 */
function sampler(browserCdp: CDPSession, pageCdp: CDPSession, collect: boolean) {
  const rssPeak = new Map<number, { rss: number; own: number }>();
  let heap = 0;
  let held = 0;
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      if (collect) await pageCdp.send('Runtime.evaluate', { expression: 'gc()' });
      const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
      for (const { type, id } of processInfo) {
        if (type !== 'renderer') continue;
        try {
          const status = readFileSync(`/proc/${id}/status`, 'utf8');
          const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
          const peak = rssPeak.get(id) ?? { rss: 0, own: 0 };
          rssPeak.set(id, { rss: Math.max(peak.rss, kb('VmRSS')), own: Math.max(peak.own, kb('RssAnon') + kb('RssShmem')) });
        } catch {
          // The process ended between the list and the read.
        }
      }
      const usage = (await pageCdp.send('Runtime.getHeapUsage')) as {
        usedSize: number;
        embedderHeapUsedSize: number;
        backingStorageSize: number;
      };
      heap = Math.max(heap, usage.usedSize);
      held = Math.max(held, usage.usedSize + usage.embedderHeapUsedSize + usage.backingStorageSize);
    } finally {
      busy = false;
    }
  };
  void sample();
  const timer = setInterval(() => void sample(), SAMPLE_MS);
  return {
    async stop(): Promise<Peaks> {
      clearInterval(timer);
      while (busy) await new Promise((resolve) => setTimeout(resolve, 10));
      await sample();
      const [pid, { rss, own }] = [...rssPeak].sort((a, b) => b[1].own - a[1].own)[0] ?? [0, { rss: 0, own: 0 }];
      return { pid, rss, own, heap, held };
    },
  };
}

/**
 * The save picker returns an OPFS file, so the page writes a real FileSystemWritableFileStream. A
 * string: tsx would wrap the functions in a `__name` helper the page lacks.
 */
const OPFS_PICKER = `window.showSaveFilePicker = async () =>
  (await navigator.storage.getDirectory()).getFileHandle('bench-page.ts', { create: true });`;

async function opfsSize(page: Page, name: string): Promise<number> {
  return page.evaluate(async (file) => {
    const root = await navigator.storage.getDirectory();
    const size = (await (await root.getFileHandle(file)).getFile()).size;
    await root.removeEntry(file);
    return size;
  }, name);
}

interface Round {
  idle: Peaks;
  download: Peaks;
  pageSeconds: number;
  whole: Peaks;
  wholeSeconds: number;
  segmentsEndedAt: number;
  bytes: number;
  segments: number;
}

/**
 * One round in a fresh load of the page: idle 3 s with the playlist open (the reference), the
 * page's download, then the same bytes as one file through the same proxy with a bare
 * `pipeTo` into an OPFS file — code of ours plays no part in that one.
 */
async function round(
  page: Page,
  cdp: { browser: CDPSession; page: CDPSession },
  options: { site: string; host: string; token: string; collect: boolean },
) {
  const { site, host, token, collect } = options;
  const segments = Math.round((STREAM_MB * MB) / SEGMENT_BYTES);
  const bytes = segments * SEGMENT_BYTES;
  const step = (what: string) => process.env.BENCH_VERBOSE && console.log(`  … ${what}`);
  step(`round${collect ? ' with gc() every sample' : ''}: opening the page`);
  await page.goto(`${site}/m3u8/downloader`);
  await page.getByTestId('m3u8-url').fill(`${host}/${segments}/index.m3u8`);
  await page.getByTestId('m3u8-open').click();
  await page.getByTestId('m3u8-start').waitFor();
  const idleSampler = sampler(cdp.browser, cdp.page, collect);
  await page.waitForTimeout(3000);
  const idle = await idleSampler.stop();

  step('downloading');
  const busy = sampler(cdp.browser, cdp.page, collect);
  const started = performance.now();
  await page.getByTestId('m3u8-start').click();
  const progress = setInterval(() => {
    void page
      .getByTestId('m3u8-run')
      .evaluate((run) => `${run.getAttribute('data-status')}: ${run.textContent?.slice(0, 200)}`)
      .then(step, () => undefined);
  }, 5000);
  await page
    .locator('[data-testid="m3u8-ended"][data-outcome]')
    .waitFor({ timeout: 600_000 })
    .finally(() => clearInterval(progress));
  const segmentsEndedAt = performance.now();
  const pageSeconds = (segmentsEndedAt - started) / 1000;
  const download = await busy.stop();
  const outcome = await page.getByTestId('m3u8-ended').getAttribute('data-outcome');
  if (outcome !== 'complete') throw new Error(`the page's download ended ${outcome}`);
  const pageBytes = await opfsSize(page, 'bench-page.ts');
  if (pageBytes !== bytes) throw new Error(`the page saved ${pageBytes} bytes, not ${bytes}`);

  step('one file');
  const wholeSampler = sampler(cdp.browser, cdp.page, collect);
  const wholeSeconds = await page.evaluate(
    async ({ url, token }) => {
      const begun = performance.now();
      const response = await fetch(`/api/proxy/m3u8?url=${encodeURIComponent(url)}`, { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok || !response.body) throw new Error(`proxy answered ${response.status}`);
      const handle = await (await navigator.storage.getDirectory()).getFileHandle('bench-whole.bin', { create: true });
      await response.body.pipeTo(await handle.createWritable());
      return (performance.now() - begun) / 1000;
    },
    { url: `${host}/${segments}/whole.bin`, token },
  );
  const whole = await wholeSampler.stop();
  const wholeBytes = await opfsSize(page, 'bench-whole.bin');
  if (wholeBytes !== bytes) throw new Error(`the one file had ${wholeBytes} bytes, not ${bytes}`);
  return { idle, download, pageSeconds, whole, wholeSeconds, segmentsEndedAt, bytes, segments } satisfies Round;
}

async function measure(browser: Browser, site: string, host: string) {
  const context = await browser.newContext();
  await logIn(context, site);
  const { accessToken } = await adminTokens(site);
  const page = await context.newPage();
  await page.addInitScript({ content: OPFS_PICKER });
  if (process.env.BENCH_VERBOSE) {
    page.on('console', (message) => message.type() === 'error' && console.log(`  … console: ${message.text()}`));
    page.on('pageerror', (error) => console.log(`  … page error: ${error.message}`));
  }
  const cdp = { browser: await browser.newBrowserCDPSession(), page: await context.newCDPSession(page) };
  const options = { site, host, token: accessToken };
  const natural = await round(page, cdp, { ...options, collect: false });
  // The proxy allows 600 requests a minute: the second round's 512 wait until the first's have left its window.
  if (natural.segments * 2 > 590) await page.waitForTimeout(Math.max(0, 61_000 - (performance.now() - natural.segmentsEndedAt)));
  const collected = await round(page, cdp, { ...options, collect: true });
  await context.close();
  return { natural, collected };
}

const mb = (n: number) => (n / MB).toFixed(0);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'baibao-m3u8-page-bench-'));
  let webDir = process.env.BENCH_WEB_DIR;
  if (!webDir) {
    webDir = join(work, 'web');
    console.log(`bench:m3u8-page: building the website into ${webDir}`);
    await run('npm', ['run', 'build:web'], { WEB_OUT_DIR: webDir });
  }
  process.env.WEB_OUT_DIR = webDir;
  const host = await startHlsHost();
  // Two rounds of the stream and its one-file copy: 4 GB by default, over the 5 GB daily quota's comfort.
  const api = await startApi(work, { M3U8_DAILY_BYTES: String(64 * 1024 ** 3) });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...chromiumArgs, '--js-flags=--expose-gc'],
  });
  try {
    console.log(`bench:m3u8-page — ${STREAM_MB} MB in 2 MB segments, TS output, through the proxy; load average ${load()}`);
    const { natural, collected } = await measure(browser, api.url, host.origin);
    const rate = (r: Round, seconds: number) => (r.bytes / MB / seconds).toFixed(0);
    const peaks = (p: Peaks, idle: Peaks) =>
      `renderer RSS ${mb(p.rss)} MB, anonymous + shared ${mb(p.own)} MB (+${mb(p.own - idle.own)} over idle), ` +
      `held ${mb(p.held)} MB (JS heap ${mb(p.heap)} MB)`;
    for (const [label, r] of [
      ['collected as V8 pleases', natural],
      ['gc() before every sample', collected],
    ] as const) {
      console.log(`  ${label}:`);
      console.log(`    idle page, playlist open: ${peaks(r.idle, r.idle)}`);
      console.log(
        `    page download, ${r.segments} segments, ${r.pageSeconds.toFixed(1)} s (${rate(r, r.pageSeconds)} MB/s): ${peaks(r.download, r.idle)}`,
      );
      console.log(`    one file, pipeTo, ${r.wholeSeconds.toFixed(1)} s (${rate(r, r.wholeSeconds)} MB/s): ${peaks(r.whole, r.idle)}`);
    }
    const ratio = natural.wholeSeconds / natural.pageSeconds;
    const held = natural.download.held;
    console.log(
      `  page / one file = ${ratio.toFixed(2)}× (gc() round ${(collected.wholeSeconds / collected.pageSeconds).toFixed(2)}×); ` +
        `peak held by the page ${mb(held)} MB (target ≤ ${MEMORY_TARGET_MB} MB); load average after ${load()}`,
    );
    if (held / MB > MEMORY_TARGET_MB) {
      console.log('  missed: peak memory held by the page');
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    api.child.kill('SIGTERM');
    host.child.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
