// The archive part of `npm run bench` (BENCH_ONLY=archive): the website's zip writer and reader
// (fflate in our fixed worker pool) against JSZip in the same Chromium, and
// against node:zlib level 6 for size, on a generated ~100 MB mixed corpus. See bench/README.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { sharedAliases } from '../vite.config';
import { makeCorpus } from './archive-corpus';
import type { ArchiveBenchApi } from './archive-page/main';
import { serve } from './serve';

const TARGET_ZIP_VS_JSZIP = 1.6;
const TARGET_UNZIP_VS_JSZIP = 1.5;
const TARGET_POOL_VS_ONE = 1.4;
/** Percentage points of compressed/original size. */
const TARGET_SIZE_POINTS = 1.5;
const here = fileURLToPath(new URL('.', import.meta.url));
const MB = 1024 * 1024;

/** What a zip of the corpus at zlib level 6 would weigh: raw deflate per file (stored when it does not shrink) plus the same headers ours writes. */
function zlibZip(): { ms: number; size: number } {
  const corpus = makeCorpus();
  const start = performance.now();
  let size = 22;
  const folders = new Set<string>();
  for (const { path, bytes } of corpus) {
    const packed = deflateRawSync(bytes, { level: 6 }).length;
    const name = Buffer.byteLength(path);
    size += Math.min(packed, bytes.length) + 30 + 46 + name * 2;
    const parts = path.split('/');
    for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join('/'));
  }
  for (const folder of folders) size += 30 + 46 + (Buffer.byteLength(folder) + 1) * 2;
  return { ms: performance.now() - start, size };
}

/** Returns true when a target was missed. */
export async function archiveBench(browser: Browser, runs: number): Promise<boolean> {
  const outDir = mkdtempSync(join(tmpdir(), 'baibao-archive-bench-'));
  await build({
    configFile: false,
    logLevel: 'warn',
    root: join(here, 'archive-page'),
    resolve: { alias: sharedAliases },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const server = await serve(outDir);
  const page = await browser.newPage();
  try {
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.goto(server.url);
    await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 120_000 });
    const call = <K extends keyof ArchiveBenchApi>(name: K, ...args: Parameters<ArchiveBenchApi[K]>) =>
      page.evaluate(
        ([n, a]) => (window as unknown as { bench: Record<string, (...x: unknown[]) => unknown> }).bench[n as string]!(...(a as unknown[])),
        [name, args] as const,
      ) as Promise<Awaited<ReturnType<ArchiveBenchApi[K]>>>;

    const info = await call('info');
    const mb = info.bytes / MB;
    console.log(
      `\nbench: archive — ${info.files} files, ${mb.toFixed(1)} MB (text, already-compressed, many small + few big), level 6, best of ${runs} runs; ` +
        `page pool ${info.poolSize} workers on ${info.cores} cores (Node sees ${availableParallelism()}, load ${loadavg()[0]!.toFixed(1)})\n`,
    );
    await call('warm', info.poolSize);
    await call('warm', 1);
    if (info.poolSize !== 2) await call('warm', 2);
    // Rounds run every configuration once, so a burst of load from elsewhere hits each alike;
    // each figure is its best round.
    type Timed = { ms: number };
    const rounds: Record<'ours' | 'jszip' | 'one' | 'two' | 'unzip' | 'jsunzip' | 'targz', Timed[]> = {
      ours: [],
      jszip: [],
      one: [],
      two: [],
      unzip: [],
      jsunzip: [],
      targz: [],
    };
    let targzSize = 0;
    let sizes = { ours: 0, jszip: 0 };
    let unpacked = { ours: 0, jszip: 0 };
    for (let round = 0; round < runs; round++) {
      const zipped = await call('zip', info.poolSize);
      rounds.ours.push(zipped);
      const js = await call('jszipZip');
      rounds.jszip.push(js);
      sizes = { ours: zipped.size, jszip: js.size };
      rounds.one.push(await call('zip', 1));
      if (info.poolSize !== 2) rounds.two.push(await call('zip', 2));
      // Unzip the pool's zip (the last one made was the same bytes from another pool size).
      const unzipped = await call('unzip');
      rounds.unzip.push(unzipped);
      const jsUnzipped = await call('jszipUnzip');
      rounds.jsunzip.push(jsUnzipped);
      unpacked = { ours: unzipped.bytes, jszip: jsUnzipped.bytes };
      const targz = await call('targz');
      rounds.targz.push(targz);
      targzSize = targz.size;
    }
    // fflate's JavaScript gzip (tar.gz before it went native) is slow: once is enough to compare.
    const fflateTargz = await call('fflateTargz');
    const fastest = (list: Timed[]) => Math.min(...list.map(({ ms }) => ms));
    const ours = { ms: fastest(rounds.ours), size: sizes.ours };
    const jszip = { ms: fastest(rounds.jszip), size: sizes.jszip };
    const one = { ms: fastest(rounds.one), size: sizes.ours };
    const two = info.poolSize === 2 ? ours : { ms: fastest(rounds.two), size: sizes.ours };
    const unzip = { ms: fastest(rounds.unzip), bytes: unpacked.ours };
    const jsunzip = { ms: fastest(rounds.jsunzip), bytes: unpacked.jszip };
    const zlib = zlibZip();
    if (unzip.bytes !== info.bytes || jsunzip.bytes !== info.bytes)
      throw new Error(`unzip lost bytes: ours ${unzip.bytes}, jszip ${jsunzip.bytes}, corpus ${info.bytes}`);

    const rate = (ms: number) => (mb * 1000) / ms;
    const points = (size: number) => (size / info.bytes) * 100;
    console.log('                                              MB/s        ms   size (% of input)');
    const row = (label: string, ms: number, size?: number) =>
      console.log(
        `${label.padEnd(44)}${rate(ms).toFixed(1).padStart(6)}${ms.toFixed(0).padStart(10)}${size === undefined ? '' : `${points(size).toFixed(2).padStart(10)} %`}`,
      );
    row(`zip: ours, pool of ${info.poolSize}`, ours.ms, ours.size);
    if (info.poolSize !== 2) row('zip: ours, pool of 2', two.ms, two.size);
    row('zip: ours, 1 worker', one.ms, one.size);
    row('zip: JSZip (generateAsync, DEFLATE 6)', jszip.ms, jszip.size);
    row('zip: node:zlib deflateRawSync 6 (Node)', zlib.ms, zlib.size);
    row('unzip: ours (fflate in the pool)', unzip.ms);
    row('unzip: JSZip (loadAsync + async)', jsunzip.ms);
    row('tar.gz: ours (native gzip, level 6)', fastest(rounds.targz), targzSize);
    row('tar.gz: fflate Gzip level 6 (JS, one run)', fflateTargz.ms, fflateTargz.size);

    const zipRatio = jszip.ms / ours.ms;
    const unzipRatio = jsunzip.ms / unzip.ms;
    const poolRatio = one.ms / two.ms;
    const sizePoints = points(ours.size) - points(zlib.size);
    console.log(`\nload average after: ${loadavg()[0]!.toFixed(1)}`);
    console.log(`zip:   ours / JSZip             = ${zipRatio.toFixed(2)}× (target ≥ ${TARGET_ZIP_VS_JSZIP}×)`);
    console.log(`unzip: ours / JSZip             = ${unzipRatio.toFixed(2)}× (target ≥ ${TARGET_UNZIP_VS_JSZIP}×)`);
    console.log(`pool of 2 / one worker          = ${poolRatio.toFixed(2)}× (target ≥ ${TARGET_POOL_VS_ONE}× on 2 cores)`);
    console.log(
      `size vs zlib level 6            = ${sizePoints >= 0 ? '+' : ''}${sizePoints.toFixed(2)} points (target within ±${TARGET_SIZE_POINTS})`,
    );
    console.log(`tar.gz: ours / fflate gzip      = ${(fflateTargz.ms / fastest(rounds.targz)).toFixed(2)}× (measured, no target)`);
    return (
      zipRatio < TARGET_ZIP_VS_JSZIP ||
      unzipRatio < TARGET_UNZIP_VS_JSZIP ||
      poolRatio < TARGET_POOL_VS_ONE ||
      Math.abs(sizePoints) > TARGET_SIZE_POINTS
    );
  } finally {
    await page.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
