// `npm run bench:m3u8` (issue 18: "download of a 300 MB stream from loopback vs fetching the same
// bytes as one file (ratio ≥ 0.9×), peak memory ≤ 200 MB for a 1 GB stream"). In Node, as the
// desktop app runs it: the m3u8 core (plan, loader, scheduler with 6 in parallel) over main's own
// fetch (electron/main/adapters/hls-fetch.ts), each segment streamed in order into a file. The
// reference, measured in the same run: the same bytes fetched as one file and streamed into a file.
// The host (./m3u8-host.ts, shared with bench:m3u8-page) is a child process serving synthetic 2 MB
// segments from one buffer. The memory run is a child of its own (`--memory`), so nothing the
// throughput runs left behind is in its figures.
// BENCH_RUNS (default 5): best of; BENCH_MB (300) and BENCH_MEMORY_MB (1024) change the sizes.
import { fork } from 'node:child_process';
import { open, rm } from 'node:fs/promises';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScheduler, createSegmentLoader, parsePlaylist, planDownload } from '@shared/m3u8';
import type { FetchLike, M3u8Media } from '@shared/m3u8';
import { createHlsFetcher } from '../electron/main/adapters/hls-fetch';
import { SEGMENT_BYTES, startHlsHost } from './m3u8-host';

const MB = 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const STREAM_MB = Number(process.env.BENCH_MB ?? 300);
const MEMORY_MB = Number(process.env.BENCH_MEMORY_MB ?? 1024);
const RATIO_TARGET = 0.9;
const MEMORY_TARGET_MB = 200;
const PARALLEL = 6;

const fetcher = createHlsFetcher();
const fetchLike: FetchLike = async (url, init) => {
  const answer = await fetcher(url, init.signal ? { signal: init.signal } : {});
  return { ok: answer.status < 300, status: answer.status, arrayBuffer: async () => answer.bytes.buffer as ArrayBuffer };
};

/** The core's download of `<origin>/<n>/index.m3u8` into `file`; returns the seconds and bytes. */
async function downloadWithCore(origin: string, segments: number, file: string, onTick?: () => void) {
  const started = performance.now();
  const playlistUrl = `${origin}/${segments}/index.m3u8`;
  const playlist = await fetcher(playlistUrl);
  const plan = planDownload(parsePlaylist(new TextDecoder().decode(playlist.bytes), playlistUrl) as M3u8Media);
  const handle = await open(file, 'w');
  let bytes = 0;
  try {
    const scheduler = createScheduler({
      segments: plan.segments,
      load: createSegmentLoader(fetchLike),
      parallel: PARALLEL,
      write: async (data) => {
        await handle.write(data);
        bytes += data.length;
        onTick?.();
      },
    });
    const result = await scheduler.finished;
    if (result.status !== 'complete') throw new Error(`download ended ${result.status}: ${result.error?.message}`);
  } finally {
    await handle.close();
  }
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/** The reference: the same bytes as one file, streamed into `file`. */
async function downloadWhole(origin: string, segments: number, file: string) {
  const started = performance.now();
  const response = await fetch(`${origin}/${segments}/whole.bin`);
  const handle = await open(file, 'w');
  let bytes = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      await handle.write(chunk);
      bytes += chunk.length;
    }
  } finally {
    await handle.close();
  }
  return { seconds: (performance.now() - started) / 1000, bytes };
}

/**
 * In a fresh child: the core downloads MEMORY_MB, RSS and heap sampled every 50 ms and after every
 * write. With `collect` (the child runs with --expose-gc) every timed sample first runs a full
 * collection, so the buffers left are those still referenced, not garbage V8 has yet to free.
 */
async function memoryRun(origin: string, dir: string, collect: boolean): Promise<void> {
  const segments = Math.round((MEMORY_MB * MB) / SEGMENT_BYTES);
  const file = join(dir, 'memory.ts');
  const baseline = process.memoryUsage();
  // `external` includes the ArrayBuffers' backing stores.
  const peak = { rss: baseline.rss, heap: baseline.heapUsed, external: baseline.external };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.heap = Math.max(peak.heap, now.heapUsed);
    peak.external = Math.max(peak.external, now.external);
  };
  const timer = setInterval(() => {
    if (collect) (globalThis as { gc?: () => void }).gc?.();
    sample();
  }, 50);
  const { seconds, bytes } = await downloadWithCore(origin, segments, file, sample);
  clearInterval(timer);
  await rm(file, { force: true });
  process.send?.({ seconds, bytes, baselineRss: baseline.rss, ...peak });
}

function inChild(
  origin: string,
  dir: string,
  collect: boolean,
): Promise<{ seconds: number; bytes: number; baselineRss: number; rss: number; heap: number; external: number }> {
  const child = fork(fileURLToPath(import.meta.url), ['--memory', origin, dir, collect ? 'collect' : 'natural'], {
    execArgv: [...process.execArgv, '--expose-gc'],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as never));
    child.once('exit', (code) => code !== 0 && reject(new Error(`memory run exited with ${code}`)));
  });
}

const mb = (bytes: number) => (bytes / MB).toFixed(0);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'baibao-m3u8-bench-'));
  const { origin, child } = await startHlsHost();
  try {
    const segments = Math.round((STREAM_MB * MB) / SEGMENT_BYTES);
    console.log(
      `bench: m3u8 — ${segments} × 2 MB segments (${mb(segments * SEGMENT_BYTES)} MB) from a loopback host, ${PARALLEL} in parallel, ` +
        `best of ${RUNS}; load average ${loadavg()
          .map((load) => load.toFixed(1))
          .join(' ')}`,
    );
    let core = Infinity;
    let whole = Infinity;
    for (let run = 0; run < RUNS; run += 1) {
      // Alternating which goes first, and each file deleted at once, so neither inherits the other's
      // disk writeback (600 MB a round on a shared disk) or a burst of load from elsewhere.
      const measure = async (which: 'whole' | 'core') => {
        const file = join(dir, `${which}.bin`);
        const result = which === 'whole' ? await downloadWhole(origin, segments, file) : await downloadWithCore(origin, segments, file);
        await rm(file, { force: true });
        if (result.bytes !== segments * SEGMENT_BYTES) throw new Error(`${which}: ${result.bytes} bytes`);
        return result.seconds;
      };
      const order: ('whole' | 'core')[] = run % 2 === 0 ? ['whole', 'core'] : ['core', 'whole'];
      const times = { whole: 0, core: 0 };
      for (const which of order) times[which] = await measure(which);
      console.log(`  run ${run + 1}: one file ${times.whole.toFixed(2)} s, core ${times.core.toFixed(2)} s`);
      whole = Math.min(whole, times.whole);
      core = Math.min(core, times.core);
    }
    const ratio = whole / core;
    const rate = (seconds: number) => ((segments * SEGMENT_BYTES) / MB / seconds).toFixed(0);
    console.log(`  one file: ${whole.toFixed(2)} s (${rate(whole)} MB/s)`);
    console.log(`  m3u8 core: ${core.toFixed(2)} s (${rate(core)} MB/s)`);
    console.log(`  ratio ${ratio.toFixed(2)}× (target ≥ ${RATIO_TARGET}×)`);

    const memory = await inChild(origin, dir, false);
    const collected = await inChild(origin, dir, true);
    for (const [label, run] of [
      ['collected as V8 pleases', memory],
      ['gc() every 50 ms', collected],
    ] as const)
      console.log(
        `  memory, ${mb(run.bytes)} MB with the core in ${run.seconds.toFixed(1)} s, ${label}: peak RSS ${mb(run.rss)} MB ` +
          `(${mb(run.baselineRss)} MB before it started), peak heap ${mb(run.heap)} MB, peak external + ArrayBuffers ${mb(run.external)} MB`,
      );
    console.log(`  target: peak RSS ≤ ${MEMORY_TARGET_MB} MB as V8 collects`);
    console.log(
      `  load average after: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
    );
    const missed = [ratio < RATIO_TARGET && 'throughput ratio', memory.rss / MB > MEMORY_TARGET_MB && 'peak RSS'].filter(Boolean);
    if (missed.length > 0) {
      console.log(`  missed: ${missed.join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === '--memory')
  void memoryRun(rest[0]!, rest[1]!, rest[2] === 'collect').then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
else await main();
