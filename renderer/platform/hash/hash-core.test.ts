import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HASH_ALGORITHMS, HashCancelledError } from '@shared/contracts/hash';
import type { HashAlgorithm, HashProgress } from '@shared/contracts/hash';
import { hashSource, startHashers } from './hash-core';
import type { DigestSink } from './hash-core';

const MB = 1024 * 1024;

function nodeDigest(algorithm: HashAlgorithm, bytes: Uint8Array): string {
  if (algorithm === 'crc32') return crc32(bytes).toString(16).padStart(8, '0');
  return createHash(algorithm).update(bytes).digest('hex');
}

/** Deterministic, non-repeating bytes (xorshift) so a slicing bug cannot hide behind a periodic pattern. */
function generated(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

describe('hashSource (hash-wasm, as run in the worker)', () => {
  for (const size of [0, 1, 1000, MB - 1, MB, 3 * MB + 17]) {
    it(`equals node:crypto for ${size} bytes, all algorithms in one pass`, async () => {
      const bytes = generated(size, size + 7);
      const digests = await hashSource(new Blob([bytes]), { algorithms: HASH_ALGORITHMS });
      for (const algorithm of HASH_ALGORITHMS) expect(digests[algorithm], algorithm).toBe(nodeDigest(algorithm, bytes));
    });
  }

  it('computes only the algorithms asked for', async () => {
    expect(Object.keys(await hashSource(new Blob(['abc']), { algorithms: ['sha1', 'crc32'] })).sort()).toEqual(['crc32', 'sha1']);
    await expect(hashSource(new Blob(['abc']), { algorithms: [] })).rejects.toThrow(RangeError);
  });

  it('reads a file of 1 MB or more in 100 slices and reports progress after each', async () => {
    const size = 2 * MB + 3;
    const progress: HashProgress[] = [];
    const sliceSizes: number[] = [];
    const blob = new Blob([generated(size, 1)]);
    const spy = {
      name: 'x',
      size,
      slice: (start?: number, end?: number) => (sliceSizes.push((end ?? 0) - (start ?? 0)), blob.slice(start, end)),
    };
    await hashSource(spy, { algorithms: ['md5'], onProgress: (p) => progress.push(p) });
    expect(sliceSizes).toHaveLength(100);
    expect(progress).toHaveLength(101);
    expect(progress.at(-1)).toEqual({ loaded: size, total: size });
    expect(progress.every((p, i) => i === 0 || p.loaded > (progress[i - 1]?.loaded ?? 0))).toBe(true);
  });

  it('stops with HashCancelledError when cancelled between slices', async () => {
    let reads = 0;
    const blob = new Blob([generated(2 * MB, 2)]);
    const file = { name: 'x', size: blob.size, slice: (s?: number, e?: number) => (reads++, blob.slice(s, e)) };
    await expect(hashSource(file, { algorithms: ['sha256'], isCancelled: () => reads > 10 })).rejects.toBeInstanceOf(HashCancelledError);
    expect(reads).toBeLessThan(100);
  });

  it('passes read errors through (a file deleted after picking)', async () => {
    const gone = {
      name: 'gone',
      size: 10,
      slice: () => ({ arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotReadableError')) }),
    };
    await expect(hashSource(gone, { algorithms: ['md5'] })).rejects.toMatchObject({ name: 'NotReadableError' });
  });

  it('refuses a file whose size changed while reading', async () => {
    const shrunk = { name: 's', size: 10, slice: () => new Blob(['12345']) };
    await expect(hashSource(shrunk, { algorithms: ['md5'] })).rejects.toMatchObject({ name: 'NotReadableError' });
  });
});

/**
 * A sink that behaves like the hash worker's compute worker: each part is transferred (detaching
 * the sender's buffer, as postMessage does) and hashed later, in order, on a later task.
 */
function threadLikeSink(options: { failAt?: number } = {}) {
  const stats = { sent: 0, hashed: 0, maxOutstanding: 0, parts: 0 };
  let queue = Promise.resolve();
  let running: Awaited<ReturnType<typeof startHashers>> | undefined;
  const sink: DigestSink = {
    async start(algorithms) {
      running = await startHashers(algorithms);
    },
    update(part) {
      const moved = structuredClone(part, { transfer: [part] });
      stats.sent += moved.byteLength;
      stats.maxOutstanding = Math.max(stats.maxOutstanding, stats.sent - stats.hashed);
      stats.parts += 1;
      const index = stats.parts;
      queue = queue.then(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (index === options.failAt) throw new Error('sink failed');
        running!.update(new Uint8Array(moved));
        stats.hashed += moved.byteLength;
      });
      return queue;
    },
    async digest() {
      await queue;
      return running!.digest();
    },
  };
  return { sink, stats };
}

describe('hashSource piped to a sink on another thread', () => {
  for (const size of [MB, 3 * MB + 17]) {
    it(`equals node:crypto for ${size} bytes`, async () => {
      const bytes = generated(size, size + 3);
      const { sink } = threadLikeSink();
      const digests = await hashSource(new Blob([bytes]), { algorithms: ['md5', 'sha256', 'crc32'], sink, readBytes: 100_000 });
      for (const algorithm of ['md5', 'sha256', 'crc32'] as const) expect(digests[algorithm], algorithm).toBe(nodeDigest(algorithm, bytes));
    });
  }

  it('reads several slices at once, yet reports progress per slice, only once the sink has hashed it', async () => {
    const size = 2 * MB + 3;
    const blob = new Blob([generated(size, 5)]);
    let reads = 0;
    const file = { name: 'x', size, slice: (s?: number, e?: number) => (reads++, blob.slice(s, e)) };
    const { sink, stats } = threadLikeSink();
    const progress: HashProgress[] = [];
    await hashSource(file, {
      algorithms: ['md5'],
      sink,
      readBytes: 200_000,
      minPartBytes: 1,
      onProgress: (p) => (progress.push(p), expect(stats.hashed).toBeGreaterThanOrEqual(p.loaded)),
    });
    // 100 slices of 20,972 bytes, 9 to a read of at most 200,000 bytes.
    expect(reads).toBe(12);
    expect(progress).toHaveLength(101);
    expect(progress.at(-1)).toEqual({ loaded: size, total: size });
    expect(progress.every((p, i) => i === 0 || p.loaded > (progress[i - 1]?.loaded ?? 0))).toBe(true);
  });

  it('hands small slices to the sink a megabyte at a time, with progress at each handoff', async () => {
    const size = 2 * MB + 3;
    const bytes = generated(size, 10);
    const { sink, stats } = threadLikeSink();
    const progress: HashProgress[] = [];
    const digests = await hashSource(new Blob([bytes]), { algorithms: ['md5'], sink, onProgress: (p) => progress.push(p) });
    expect(digests.md5).toBe(nodeDigest('md5', bytes));
    // 100 slices of 20,972 bytes in one 8 MB read: 50 of them make the first megabyte, the rest end the read.
    expect(stats.parts).toBe(2);
    expect(progress.map((p) => p.loaded)).toEqual([0, 50 * 20_972, size]);
  });

  it('keeps at most a few reads in flight when the sink is slower than reading', async () => {
    const { sink, stats } = threadLikeSink();
    await hashSource(new Blob([generated(3 * MB, 6)]), { algorithms: ['md5'], sink, readBytes: 64 * 1024 });
    expect(stats.maxOutstanding).toBeLessThanOrEqual(3 * 64 * 1024);
    expect(stats.hashed).toBe(3 * MB);
  });

  it('stops with HashCancelledError when cancelled', async () => {
    let reads = 0;
    const blob = new Blob([generated(2 * MB, 2)]);
    const file = { name: 'x', size: blob.size, slice: (s?: number, e?: number) => (reads++, blob.slice(s, e)) };
    const { sink, stats } = threadLikeSink();
    const progress: HashProgress[] = [];
    await expect(
      hashSource(file, { algorithms: ['md5'], sink, readBytes: 50_000, isCancelled: () => reads > 3, onProgress: (p) => progress.push(p) }),
    ).rejects.toBeInstanceOf(HashCancelledError);
    expect(reads).toBe(4);
    // Parts already handed over are still hashed, but report nothing for the cancelled job.
    const reported = progress.length;
    await sink.digest();
    expect(stats.hashed).toBe(stats.sent);
    expect(stats.sent).toBeGreaterThan(0);
    expect(progress).toHaveLength(reported);
  });

  it('passes a failure of the sink through', async () => {
    const { sink } = threadLikeSink({ failAt: 5 });
    await expect(hashSource(new Blob([generated(MB, 7)]), { algorithms: ['md5'], sink, readBytes: 30_000 })).rejects.toThrow('sink failed');
  });

  it('never hands the sink the buffer a read returned, only copies', async () => {
    // Chromium 156 shares that buffer's memory with a big in-memory Blob; transferring it away left
    // the Blob unreadable (bench/README.md). A slice bigger than a read gives one-part reads too.
    const blob = new Blob([generated(3 * MB, 9)]);
    const returned = new WeakSet<ArrayBuffer>();
    const file = {
      name: 'x',
      size: blob.size,
      slice: (s?: number, e?: number) => ({
        arrayBuffer: async () => {
          const buffer = await blob.slice(s, e).arrayBuffer();
          returned.add(buffer);
          return buffer;
        },
      }),
    };
    const { sink } = threadLikeSink();
    const update = sink.update.bind(sink);
    sink.update = (part) => (expect(returned.has(part)).toBe(false), update(part));
    for (const readBytes of [10_000, 100_000]) {
      expect((await hashSource(file, { algorithms: ['md5'], sink, readBytes })).md5).toBe(nodeDigest('md5', generated(3 * MB, 9)));
    }
  });

  it('refuses a file that shrank while being read', async () => {
    const blob = new Blob([generated(2 * MB, 8)]);
    const file = { name: 'x', size: blob.size, slice: (s?: number, e?: number) => blob.slice(s, Math.min(e ?? blob.size, MB)) };
    const { sink } = threadLikeSink();
    await expect(hashSource(file, { algorithms: ['md5'], sink })).rejects.toMatchObject({ name: 'NotReadableError' });
  });
});

const corpusDir = resolve(process.env.CORPUS_DIR ?? resolve(import.meta.dirname, '../../../../shared/corpus'));
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
if (!corpusPresent) console.info(`hash-core corpus checks skipped: no corpus at ${corpusDir} (set CORPUS_DIR)`);

describe.skipIf(!corpusPresent)('hashSource on real third-party files (corpus)', () => {
  it('matches MANIFEST.tsv md5/sha1/sha256/crc32 for files of several kinds and sizes', async () => {
    const [header = '', ...rows] = readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
    const columns = header.split('\t');
    const col = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    const records = rows.map((line) => line.split('\t'));
    const categories = new Set<string>();
    // One file per category plus the largest one, so sliced reading (≥ 1 MB) is covered too.
    const picked = records.filter((row) => !categories.has(col(row, 'category')) && categories.add(col(row, 'category')));
    const largest = records.reduce((a, b) => (Number(col(b, 'size')) > Number(col(a, 'size')) ? b : a));
    picked.push(largest);
    expect(Number(col(largest, 'size'))).toBeGreaterThanOrEqual(MB);
    for (const row of picked) {
      const bytes = readFileSync(join(corpusDir, col(row, 'path')));
      const digests = await hashSource(new Blob([bytes]), { algorithms: ['md5', 'sha1', 'sha256', 'crc32'] });
      expect(digests, col(row, 'path')).toEqual({
        md5: col(row, 'md5'),
        sha1: col(row, 'sha1'),
        sha256: col(row, 'sha256'),
        crc32: col(row, 'crc32'),
      });
    }
  });
});
