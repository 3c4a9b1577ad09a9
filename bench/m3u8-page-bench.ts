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
import { launchChromium, run } from './site';
import { adminTokens, logIn, startApi } from '../e2e/live-api-kit';
import { SEGMENT_BYTES, startHlsHost } from './m3u8-host';

const MB = 1024 * 1024;
const STREAM_MB = Number(process.env.BENCH_MB ?? 1024);
const MEMORY_TARGET_MB = 200;
const SAMPLE_MS = 250;

/** The renderers' RSS (from /proc) and the page's JS heap, sampled until stopped; peaks kept. */
function sampler(browserCdp: CDPSession, pageCdp: CDPSession) {
  const rssPeak = new Map<number, { rss: number; own: number }>();
  let heapPeak = 0;
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
      for (const { type, id } of processInfo) {
        if (type !== 'renderer') continue;
        try {
          const status = readFileSync(`/proc/${id}/status`, 'utf8');
          const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
          const peak = rssPeak.get(id) ?? { rss: 0, own: 0 };
          // RssFile is Chromium's own code and fonts mapped from disk, the same with any page.
          rssPeak.set(id, { rss: Math.max(peak.rss, kb('VmRSS')), own: Math.max(peak.own, kb('RssAnon') + kb('RssShmem')) });
        } catch {
          // The process ended between the list and the read.
        }
      }
      const { metrics } = await pageCdp.send('Performance.getMetrics');
      heapPeak = Math.max(heapPeak, metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0);
    } finally {
      busy = false;
    }
  };
  void sample();
  const timer = setInterval(() => void sample(), SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      // The page's renderer is the biggest one (a spare renderer may also exist, near empty).
      const [pid, { rss, own }] = [...rssPeak].sort((a, b) => b[1].own - a[1].own)[0] ?? [0, { rss: 0, own: 0 }];
      return { pid, rss, own, heap: heapPeak };
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

async function measure(browser: Browser, site: string, host: string) {
  const context = await browser.newContext();
  await logIn(context, site);
  const { accessToken } = await adminTokens(site);
  const page = await context.newPage();
  await page.addInitScript({ content: OPFS_PICKER });
  const browserCdp = await browser.newBrowserCDPSession();
  const pageCdp = await context.newCDPSession(page);
  await pageCdp.send('Performance.enable');
  const segments = Math.round((STREAM_MB * MB) / SEGMENT_BYTES);
  const bytes = segments * SEGMENT_BYTES;

  const step = (what: string) => process.env.BENCH_VERBOSE && console.log(`  … ${what}`);
  if (process.env.BENCH_VERBOSE) {
    page.on('console', (message) => message.type() === 'error' && step(`console: ${message.text()}`));
    page.on('pageerror', (error) => step(`page error: ${error.message}`));
  }
  step('opening the page');
  await page.goto(`${site}/m3u8/downloader`);
  await page.getByTestId('m3u8-url').fill(`${host}/${segments}/index.m3u8`);
  await page.getByTestId('m3u8-open').click();
  await page.getByTestId('m3u8-start').waitFor();
  step('idle');
  // The reference: the same page with the playlist open, idle for 3 s.
  const idle = sampler(browserCdp, pageCdp);
  await page.waitForTimeout(3000);
  const reference = await idle.stop();

  step('downloading');
  const busy = sampler(browserCdp, pageCdp);
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
  const pageSeconds = (performance.now() - started) / 1000;
  const download = await busy.stop();
  const outcome = await page.getByTestId('m3u8-ended').getAttribute('data-outcome');
  if (outcome !== 'complete') throw new Error(`the page's download ended ${outcome}`);
  const pageBytes = await opfsSize(page, 'bench-page.ts');
  if (pageBytes !== bytes) throw new Error(`the page saved ${pageBytes} bytes, not ${bytes}`);

  // The same bytes as one file through the same proxy, streamed into an OPFS file, in the same page.
  step('one file');
  const whole = sampler(browserCdp, pageCdp);
  const wholeSeconds = await page.evaluate(
    async ({ url, token }) => {
      const begun = performance.now();
      const response = await fetch(`/api/proxy/m3u8?url=${encodeURIComponent(url)}`, { headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok || !response.body) throw new Error(`proxy answered ${response.status}`);
      const handle = await (await navigator.storage.getDirectory()).getFileHandle('bench-whole.bin', { create: true });
      await response.body.pipeTo(await handle.createWritable());
      return (performance.now() - begun) / 1000;
    },
    { url: `${host}/${segments}/whole.bin`, token: accessToken },
  );
  const wholeMemory = await whole.stop();
  const wholeBytes = await opfsSize(page, 'bench-whole.bin');
  if (wholeBytes !== bytes) throw new Error(`the one file had ${wholeBytes} bytes, not ${bytes}`);
  await context.close();
  return { bytes, segments, reference, download, pageSeconds, wholeSeconds, wholeMemory };
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
  const api = await startApi(work);
  const browser = await launchChromium();
  try {
    console.log(`bench:m3u8-page — ${STREAM_MB} MB in 2 MB segments, TS output, through the proxy; load average ${load()}`);
    const r = await measure(browser, api.url, host.origin);
    const rate = (seconds: number) => (r.bytes / MB / seconds).toFixed(0);
    console.log(
      `  idle page (playlist open): renderer RSS ${mb(r.reference.rss)} MB (anonymous + shared ${mb(r.reference.own)} MB), JS heap ${mb(r.reference.heap)} MB`,
    );
    console.log(
      `  page download, ${r.segments} segments: ${r.pageSeconds.toFixed(1)} s (${rate(r.pageSeconds)} MB/s); ` +
        `peak renderer RSS ${mb(r.download.rss)} MB (anonymous + shared ${mb(r.download.own)} MB, pid ${r.download.pid}), peak JS heap ${mb(r.download.heap)} MB`,
    );
    console.log(
      `  one file through the proxy: ${r.wholeSeconds.toFixed(1)} s (${rate(r.wholeSeconds)} MB/s); ` +
        `peak renderer RSS ${mb(r.wholeMemory.rss)} MB (anonymous + shared ${mb(r.wholeMemory.own)} MB), peak JS heap ${mb(r.wholeMemory.heap)} MB`,
    );
    const ratio = r.wholeSeconds / r.pageSeconds;
    console.log(`  page / one file = ${ratio.toFixed(2)}×; peak RSS target ≤ ${MEMORY_TARGET_MB} MB; load average after ${load()}`);
    if (r.download.rss / MB > MEMORY_TARGET_MB) {
      console.log('  missed: peak renderer RSS');
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
