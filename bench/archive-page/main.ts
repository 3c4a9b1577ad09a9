// The in-browser half of `BENCH_ONLY=archive npm run bench`: our zip and unzip (the website's
// archive engine) against JSZip, on the generated corpus. Driven by bench/archive-bench.ts.
import { Gzip } from 'fflate';
import JSZip from 'jszip';
import { openInBrowser } from '@/platform/archive/browser-open';
import { createInBrowser, planEntries, zipWithPool } from '@/platform/archive/browser-create';
import { createArchivePool, DEFAULT_POOL_SIZE } from '@/platform/archive/pool';
import type { ArchivePool } from '@/platform/archive/pool';
import { makeCorpus } from '../archive-corpus';

const corpus = makeCorpus();
const sources = corpus.map(({ path, bytes }) => ({
  file: new File([bytes], path.split('/').pop()!),
  path,
  modified: Date.UTC(2024, 4, 1),
}));
const pools = new Map<number, ArchivePool>();
let ours: Blob | undefined;

const time = async <T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> => {
  const start = performance.now();
  const result = await work();
  return { ms: performance.now() - start, result };
};

function pool(size: number): ArchivePool {
  let found = pools.get(size);
  if (!found) {
    found = createArchivePool(size);
    pools.set(size, found);
  }
  return found;
}

const api = {
  info: () => ({
    files: corpus.length,
    bytes: corpus.reduce((sum, file) => sum + file.bytes.length, 0),
    poolSize: DEFAULT_POOL_SIZE,
    cores: navigator.hardwareConcurrency,
  }),
  /** Starts the pool's workers and their wasm before anything is timed. */
  async warm(size: number) {
    await zipWithPool(planEntries(sources.slice(-size * 2)), 6, {}, pool(size));
  },
  async zip(size: number) {
    const { ms, result } = await time(() => zipWithPool(planEntries(sources), 6, {}, pool(size)));
    ours = result;
    return { ms, size: result.size };
  },
  async jszipZip() {
    const zip = new JSZip();
    for (const { path, bytes } of corpus) zip.file(path, bytes, { date: new Date(Date.UTC(2024, 4, 1)) });
    const { ms, result } = await time(() =>
      zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 6 } }),
    );
    return { ms, size: result.length };
  },
  /** tar.gz as the website makes it (level 6: the tar gzipped by the browser's native zlib in a pool worker). */
  async targz() {
    const { ms, result } = await time(() => createInBrowser(sources, { format: 'tar.gz', level: 6 }, { baseName: 'bench' }));
    return { ms, size: result.kind === 'blob' ? result.blob.size : 0 };
  },
  /** The same tar through fflate's JavaScript gzip, level 6 (what tar.gz used before), on this thread. */
  async fflateTargz() {
    const tar = await createInBrowser(sources, { format: 'tar', level: 0 }, { baseName: 'bench' });
    if (tar.kind !== 'blob') throw new Error('no tar');
    const { ms, result } = await time(async () => {
      let size = 0;
      const gzip = new Gzip({ level: 6 }, (chunk) => (size += chunk.length));
      const step = 4 * 1024 * 1024;
      for (let offset = 0; offset < tar.blob.size; offset += step)
        gzip.push(new Uint8Array(await tar.blob.slice(offset, offset + step).arrayBuffer()), offset + step >= tar.blob.size);
      return size;
    });
    return { ms, size: result };
  },
  async unzip() {
    if (!ours) throw new Error('zip first');
    const file = new File([ours], 'bench.zip');
    let bytes = 0;
    const { ms } = await time(async () => {
      const opened = await openInBrowser(file);
      await opened.readAll((_path, data) => {
        bytes += data.length;
      });
    });
    return { ms, bytes };
  },
  async jszipUnzip() {
    if (!ours) throw new Error('zip first');
    const file = new File([ours], 'bench.zip');
    let bytes = 0;
    const { ms } = await time(async () => {
      const zip = await JSZip.loadAsync(await file.arrayBuffer());
      for (const entry of Object.values(zip.files)) if (!entry.dir) bytes += (await entry.async('uint8array')).length;
    });
    return { ms, bytes };
  },
};

export type ArchiveBenchApi = typeof api;
(window as unknown as { bench: ArchiveBenchApi }).bench = api;
document.title = 'ready';
