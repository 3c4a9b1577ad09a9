// Desktop archive extraction speed (`npm run bench:desktop-archive`): the desktop adapter
// (electron/main/adapters/archive.ts, whatever engine it runs) extracting the archive bench's
// ~100 MB corpus from a zip and from a 7z onto disk, against node:zlib inflating the same entries in
// memory in the same run (the reference, so that runs on a loaded machine compare by ratio).
// See bench/README.md, "Desktop archive engine".
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { createSevenZip } from '../electron/main/adapters/archive';
import { makeCorpus } from './archive-corpus';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MB = 1024 * 1024;
const REFERENCE = 'node:zlib inflate, in memory';

const root = mkdtempSync(join(tmpdir(), 'baibao-desktop-archive-bench-'));
try {
  const corpus = makeCorpus();
  const total = corpus.reduce((sum, file) => sum + file.bytes.length, 0);
  const source = join(root, 'corpus');
  for (const { path, bytes } of corpus) {
    mkdirSync(dirname(join(source, path)), { recursive: true });
    writeFileSync(join(source, path), bytes);
  }
  const sevenZip = createSevenZip();
  const zip = join(root, 'corpus.zip');
  const sevenZ = join(root, 'corpus.7z');
  // Written once, outside the timings: only extraction is measured.
  writeFileSync(zip, zipSync(Object.fromEntries(corpus.map(({ path, bytes }) => [`corpus/${path}`, bytes])), { level: 6 }));
  await sevenZip.create([source], sevenZ, { format: '7z', level: 5 });
  const deflated = corpus.map(({ bytes }) => deflateRawSync(bytes, { level: 6 }));

  const best = new Map<string, number>();
  const time = async (name: string, work: () => Promise<unknown> | void) => {
    const started = performance.now();
    await work();
    best.set(name, Math.min(best.get(name) ?? Infinity, performance.now() - started));
  };
  for (let run = 0; run < RUNS; run++) {
    await time(REFERENCE, () => {
      for (const bytes of deflated) inflateRawSync(bytes);
    });
    for (const [name, archive] of [
      ['adapter: extract the zip', zip],
      ['adapter: extract the 7z', sevenZ],
    ] as const) {
      const out = mkdtempSync(join(root, 'out-'));
      await time(name, () => sevenZip.extract(archive, out));
      rmSync(out, { recursive: true, force: true });
    }
  }
  const reference = best.get(REFERENCE) ?? 1;
  console.log(
    `desktop archive extraction: ${(total / MB).toFixed(0)} MB in ${corpus.length} files, best of ${RUNS}, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  for (const [name, ms] of best) {
    const speed = (total / MB / (ms / 1000)).toFixed(0);
    console.log(
      `  ${name.padEnd(30)} ${ms.toFixed(0).padStart(6)} ms ${speed.padStart(6)} MB/s  ${(ms / reference).toFixed(2)}× the reference's time`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
