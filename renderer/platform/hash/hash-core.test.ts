import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HASH_ALGORITHMS, HashCancelledError } from '@shared/contracts/hash';
import type { HashAlgorithm, HashProgress } from '@shared/contracts/hash';
import { hashSource } from './hash-core';

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
    const spy = { name: 'x', size, slice: (start?: number, end?: number) => (sliceSizes.push((end ?? 0) - (start ?? 0)), blob.slice(start, end)) };
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
    const gone = { name: 'gone', size: 10, slice: () => ({ arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotReadableError')) }) };
    await expect(hashSource(gone, { algorithms: ['md5'] })).rejects.toMatchObject({ name: 'NotReadableError' });
  });

  it('refuses a file whose size changed while reading', async () => {
    const shrunk = { name: 's', size: 10, slice: () => new Blob(['12345']) };
    await expect(hashSource(shrunk, { algorithms: ['md5'] })).rejects.toMatchObject({ name: 'NotReadableError' });
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
      expect(digests, col(row, 'path')).toEqual({ md5: col(row, 'md5'), sha1: col(row, 'sha1'), sha256: col(row, 'sha256'), crc32: col(row, 'crc32') });
    }
  });
});
