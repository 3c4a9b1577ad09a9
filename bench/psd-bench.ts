// `npm run bench:psd` (issue 14: "time to first rendered view for … a 100 MB PSD, and the main
// thread's longest task"): the real /psd page, built and served by the real server, opens a
// generated PSD of about 100 MB (noise layers, so RLE cannot shrink them) in Chromium. Measured from
// the file pick to the composite on screen, best of BENCH_RUNS, with a long-task observer running
// the whole time. Targets: first view ≤ 2 s, longest main-thread task ≤ 50 ms. BENCH_WEB_DIR reuses
// a build. See bench/README.md.
import { randomFillSync } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePsd } from 'ag-psd';
import { busiestTaskCpu } from '../e2e/long-tasks';
import { launchChromium, startSite } from './site';

const FIRST_VIEW_MS = 2000;
const LONG_TASK_MS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** 3200 × 3000 with two noise layers and the composite: about 110 MB on disk. */
const WIDTH = Number(process.env.BENCH_PSD_WIDTH ?? 3200);
const HEIGHT = Number(process.env.BENCH_PSD_HEIGHT ?? 3000);

function noise(opaque: boolean) {
  const data = new Uint8ClampedArray(WIDTH * HEIGHT * 4);
  randomFillSync(data);
  if (opaque) for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width: WIDTH, height: HEIGHT, data };
}

function bigPsd(): Uint8Array {
  return new Uint8Array(
    writePsd(
      {
        width: WIDTH,
        height: HEIGHT,
        imageData: noise(true),
        children: [
          { name: '背景 noise', left: 0, top: 0, imageData: noise(true) },
          { name: '上层 noise', left: 0, top: 0, opacity: 0.5, imageData: noise(false) },
        ],
      },
      { noBackground: true },
    ),
  );
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'baibao-psd-bench-'));
  const file = join(work, 'bench.psd');
  writeFileSync(file, bigPsd());
  const mb = statSync(file).size / 1024 / 1024;
  const site = await startSite({ work, label: 'bench:psd' });
  const browser = await launchChromium();
  try {
    const results: { ms: number; longest: number; cpu: number }[] = [];
    for (let index = 0; index < RUNS; index += 1) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.addInitScript(() => {
        const state = { longest: 0 };
        (window as unknown as { benchLong: typeof state }).benchLong = state;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) state.longest = Math.max(state.longest, entry.duration);
        }).observe({ type: 'longtask' });
      });
      await page.goto(`${site.origin}/psd`);
      await page.getByTestId('psd-drop').waitFor();
      await page.evaluate(() => ((window as unknown as { benchLong: { longest: number } }).benchLong.longest = 0));
      await browser.startTracing(page, { categories: ['toplevel'] });
      const start = Date.now();
      await page.getByTestId('file-input').first().setInputFiles(file);
      await page.waitForFunction(
        () => (document.querySelector<HTMLCanvasElement>('[data-testid="psd-preview"] canvas')?.width ?? 0) > 1,
        undefined,
        {
          timeout: 120_000,
          polling: 'raf',
        },
      );
      const ms = Date.now() - start;
      await page.getByTestId('psd-layer-name').first().waitFor();
      const longest = await page.evaluate(() => (window as unknown as { benchLong: { longest: number } }).benchLong.longest);
      results.push({ ms, longest, cpu: busiestTaskCpu(await browser.stopTracing()) });
      await page.close();
    }
    const best = Math.min(...results.map((result) => result.ms));
    const longest = Math.max(...results.map((result) => result.longest));
    console.log(`bench:psd: ${mb.toFixed(1)} MB PSD (${WIDTH} × ${HEIGHT}, 2 noise layers and the composite), ${RUNS} runs`);
    console.log(
      `first rendered view: best ${best} ms (runs: ${results.map((result) => result.ms).join(', ')}; target ≤ ${FIRST_VIEW_MS} ms)`,
    );
    const cpu = Math.max(...results.map((result) => result.cpu));
    console.log(
      `longest main-thread task: ${longest.toFixed(0)} ms wall (long-task observer), ${cpu} ms of its own CPU (trace); target ≤ ${LONG_TASK_MS} ms`,
    );
    // Wall time counts the time a loaded machine kept the thread waiting; the CPU time is the page's own work.
    const missed = best > FIRST_VIEW_MS || cpu > LONG_TASK_MS;
    console.log(missed ? 'bench:psd: TARGET MISSED' : 'bench:psd: targets met');
    process.exitCode = missed ? 1 : 0;
  } finally {
    await browser.close();
    site.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
