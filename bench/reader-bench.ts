// `npm run bench:reader` (issue 15: "open-to-first-page for a 2 MB EPUB and a 10 MB MOBI, page-turn
// latency, and full-text search over a 1 MB-of-text book; first page ≤ 1 s, page turn ≤ 100 ms,
// search ≤ 1 s, no main-thread task over 50 ms during search"): the real /book/library and
// /epub/reader pages, built and served by the real server, in Chromium. Both books are generated
// (shared/testing/books.ts): seeded pseudo-random English prose in 40 chapters, so the text neither
// compresses nor searches unrealistically well, and noise pictures (sharp) for the rest of the bytes.
//
// Measured per book: the import (drop on the library until its card shows; shown, not judged), then
// best of BENCH_RUNS opens — a click on the card until the reader says ready with the first page
// drawn —, 20 page turns (foliate's `next()` until its `relocate` event and the frame after it; the
// slowest is judged, so turns into a new chapter count) and a search for a word that occurs in every
// fourth chapter (Enter until the summary shows; the busiest main-thread task by CPU time from a
// trace, as the e2e judge it). `BENCH_WEB_DIR=<built site>` skips the build. See bench/README.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { busiestTaskCpu } from '../e2e/long-tasks';
import { makeEpub, makeMobi } from '../shared/testing/books';
import { answerPageViews, launchChromium, startSite } from './site';
import type { Site } from './site';

const FIRST_PAGE_TARGET_MS = 1000;
const TURN_TARGET_MS = 100;
const SEARCH_TARGET_MS = 1000;
const LONG_TASK_TARGET_MS = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TURNS = 20;
const CHAPTERS = 40;
/** Planted in every fourth chapter; the generated prose never makes it. */
const NEEDLE = 'lighthouse';
const VOCABULARY = (
  'the sea whale ship captain harbour wind sail rope deck storm night morning island crew voyage ' +
  'water wave salt bread letter journey silence window candle river mountain forest garden ' +
  'remember quietly suddenly because although distant ancient narrow heavy bright golden'
).split(' ');

/** Seeded prose: the same bytes in every run, words in an order no compressor guesses. */
function prose(seed: number, bytes: number): string {
  let x = seed;
  const words: string[] = [];
  let length = 0;
  while (length < bytes) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const word = VOCABULARY[(x >>> 0) % VOCABULARY.length]!;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ');
}

function chapterHtml(chapter: number, textBytes: number): string {
  const paragraphs = Array.from({ length: 20 }, (_, at) => `<p>${prose(chapter * 100 + at + 1, textBytes / 20)}.</p>`);
  if (chapter % 4 === 0) paragraphs.splice(10, 0, `<p>Far off stood the ${NEEDLE} of the bay.</p>`);
  return `<h1>Chapter ${chapter}</h1>${paragraphs.join('')}`;
}

/** An incompressible picture of about `bytes` bytes. */
function noisePicture(bytes: number, seed: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt(bytes / 3));
  return sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: { r: seed % 255, g: 90, b: 160 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function makeBooks(work: string): Promise<{ name: string; path: string; title: string; bytes: number }[]> {
  // EPUB: about 1.1 MB of text (the search's "1 MB-of-text book") and a cover picture up to 2 MB.
  const chapters = Array.from({ length: CHAPTERS }, (_, at) => ({ title: `Chapter ${at + 1}`, body: chapterHtml(at + 1, 28_000) }));
  const textOnly = makeEpub({ title: 'Bench EPUB', identifier: 'urn:bench:epub', chapters });
  const epub = makeEpub({
    title: 'Bench EPUB',
    identifier: 'urn:bench:epub',
    chapters,
    cover: await noisePicture(2 * 1024 * 1024 - textOnly.length, 1),
  });
  // MOBI: about 1.5 MB of text in uncompressed records and pictures up to 10 MB.
  const html = `<html><body>${Array.from({ length: CHAPTERS }, (_, at) => chapterHtml(at + 1, 38_000)).join('<mbp:pagebreak/>')}</body></html>`;
  const pictures = await Promise.all(Array.from({ length: 17 }, (_, at) => noisePicture(500_000, at + 2)));
  const mobi = makeMobi({ title: 'Bench MOBI', isbn: '9780000000099', html, cover: pictures[0], images: pictures.slice(1) });
  const books = [
    { name: 'bench.epub', title: 'Bench EPUB', bytes: epub },
    { name: 'bench.mobi', title: 'Bench MOBI', bytes: mobi },
  ];
  return books.map(({ name, title, bytes }) => {
    const path = join(work, name);
    writeFileSync(path, bytes);
    return { name, path, title, bytes: bytes.length };
  });
}

/** Waits, polling every frame, until the reader has drawn the book's first page. */
async function readerReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="reader"]')?.getAttribute('data-status') === 'ready', undefined, {
    polling: 'raf',
    timeout: 60_000,
  });
}

async function openFromLibrary(page: Page, site: Site, title: string): Promise<number> {
  await page.goto(`${site.origin}/book/library`);
  const open = page.locator(`[data-testid="book"][data-title="${title}"] [data-testid="book-open"]`);
  await open.waitFor({ timeout: 60_000 });
  const start = Date.now();
  await open.click();
  await readerReady(page);
  return Date.now() - start;
}

/**
 * The slowest and the middle of TURNS page turns, each from `next()` to the frame after foliate's
 * relocate. foliate drops a turn asked for while it is still moving (as a user's tap would be); such
 * a turn is asked again after 2 s, timed from the first ask, and counted.
 */
async function pageTurns(page: Page): Promise<{ slowest: number; median: number; dropped: number }> {
  const { times, dropped } = await page.evaluate(async (turns) => {
    type View = HTMLElement & { next(): Promise<void> };
    const view = document.querySelector('foliate-view') as View;
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const results: number[] = [];
    let drops = 0;
    for (let turn = 0; turn < turns; turn += 1) {
      // foliate ignores a turn within 100 ms of the one before (a held key must not race through the book).
      await new Promise((resolve) => setTimeout(resolve, 150));
      const start = performance.now();
      let moved = false;
      view.addEventListener('relocate', () => (moved = true), { once: true });
      for (let ask = 0; ask < 5 && !moved; ask += 1) {
        if (ask > 0) drops += 1;
        void view.next();
        const asked = performance.now();
        while (!moved && performance.now() - asked < 2000) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      if (!moved) throw new Error(`turn ${turn + 1}: no relocate after 5 asks`);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      results.push(performance.now() - start);
    }
    return { times: results, dropped: drops };
  }, TURNS);
  const sorted = [...times].sort((a, b) => a - b);
  return { slowest: Math.round(sorted.at(-1)!), median: Math.round(sorted[Math.floor(sorted.length / 2)]!), dropped };
}

async function search(page: Page, browser: Browser): Promise<{ ms: number; busiestCpu: number; summary: string }> {
  await page.getByTestId('reader-open-search').click();
  const input = page.getByTestId('reader-search-input').locator('input');
  await input.fill(NEEDLE);
  await browser.startTracing(page, { categories: ['toplevel'] });
  const start = Date.now();
  await input.press('Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="reader-search-summary"]'), undefined, {
    polling: 'raf',
    timeout: 60_000,
  });
  const ms = Date.now() - start;
  // A chapter's search resumes after the browser read its text (a microtask-only task): counted too.
  const busiestCpu = busiestTaskCpu(await browser.stopTracing(), { ignoreDevTools: true });
  const summary = (await page.getByTestId('reader-search-summary').textContent()) ?? '';
  return { ms, busiestCpu, summary };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'baibao-reader-bench-'));
  let site: Site | undefined;
  const browser = await launchChromium();
  let missed = false;
  try {
    console.log(`bench: reader — a 2 MB EPUB and a 10 MB MOBI in /book/library and /epub/reader, Chromium ${browser.version()}`);
    const books = await makeBooks(work);
    site = await startSite({ work, label: 'bench: reader' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await answerPageViews(context);
    const page = await context.newPage();
    for (const book of books) {
      await page.goto(`${site.origin}/book/library`);
      await page.getByTestId('file-input').waitFor({ state: 'attached', timeout: 60_000 });
      const importStart = Date.now();
      await page.getByTestId('file-input').setInputFiles(book.path);
      await page.locator(`[data-testid="book"][data-title="${book.title}"]`).waitFor({ timeout: 120_000 });
      const imported = Date.now() - importStart;
      console.log(`  ${book.name}: imported in ${imported} ms`);

      let firstPage = Infinity;
      for (let run = 0; run < RUNS; run += 1) firstPage = Math.min(firstPage, await openFromLibrary(page, site, book.title));
      console.log(`  ${book.name}: first page in ${firstPage} ms`);
      const turns = await pageTurns(page);
      console.log(`  ${book.name}: page turns measured`);
      let best = { ms: Infinity, busiestCpu: Infinity, summary: '' };
      for (let run = 0; run < RUNS; run += 1) {
        await openFromLibrary(page, site, book.title);
        const result = await search(page, browser);
        if (result.busiestCpu < best.busiestCpu || (result.busiestCpu === best.busiestCpu && result.ms < best.ms)) best = result;
      }
      const bookMissed =
        firstPage > FIRST_PAGE_TARGET_MS ||
        turns.slowest > TURN_TARGET_MS ||
        best.ms > SEARCH_TARGET_MS ||
        best.busiestCpu > LONG_TASK_TARGET_MS;
      missed ||= bookMissed;
      console.log(
        [
          `${book.name} (${(book.bytes / 1024 / 1024).toFixed(1)} MB): import ${imported} ms (shown, not judged)`,
          `  open to first page ${firstPage} ms (target ≤ ${FIRST_PAGE_TARGET_MS}, best of ${RUNS})`,
          `  page turn: slowest of ${TURNS} ${turns.slowest} ms (target ≤ ${TURN_TARGET_MS}), median ${turns.median} ms, ${turns.dropped} turns dropped and asked again`,
          `  search "${NEEDLE}": ${best.ms} ms (target ≤ ${SEARCH_TARGET_MS}), busiest main-thread task ${best.busiestCpu} ms CPU (target ≤ ${LONG_TASK_TARGET_MS}) — ${best.summary}`,
          bookMissed ? '  — MISSED' : '  — met',
        ].join('\n'),
      );
    }
    console.log(missed ? '\nbench: TARGET MISSED' : '\nbench: targets met');
    process.exitCode = missed ? 1 : 0;
  } finally {
    await browser.close();
    site?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
