import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HASH_ALGORITHMS, HashCancelledError } from '@shared/contracts/hash';
import type { HashProgress } from '@shared/contracts/hash';
import { hashFile } from './hash';
import { wasmSm3Digester } from './hash-digesters';

const CORPUS = process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../../shared/corpus');

function expected(data: Buffer) {
  const node = (algorithm: string) => createHash(algorithm).update(data).digest('hex');
  return {
    md5: node('md5'),
    sha1: node('sha1'),
    sha256: node('sha256'),
    sha512: node('sha512'),
    sm3: node('sm3'),
    crc32: crc32(data).toString(16).padStart(8, '0'),
  };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-hash-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fixture(name: string, data: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
}

describe('hashFile', () => {
  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', Buffer.from('百宝箱 Baibao\n', 'utf8')],
    ['one byte over a read chunk', randomBytes(1024 * 1024 + 1)],
  ])('matches one-shot node:crypto and zlib.crc32 digests for a %s file', async (name, data) => {
    const digests = await hashFile(fixture(`${name}.bin`, data), HASH_ALGORITHMS);
    expect(digests).toEqual(expected(data));
  });

  it('returns only the requested algorithms', async () => {
    const data = Buffer.from('abc');
    const digests = await hashFile(fixture('abc.txt', data), ['sha256', 'crc32']);
    expect(digests).toEqual({ sha256: expected(data).sha256, crc32: '352441c2' });
  });

  it('gives the same SM3 through the WebAssembly fallback used where node:crypto lacks it', async () => {
    const data = randomBytes(300_000);
    const digester = await wasmSm3Digester();
    digester.update(data.subarray(0, 1000));
    digester.update(data.subarray(1000));
    expect(digester.digest()).toBe(expected(data).sm3);
    // The GB/T 32905-2016 example: SM3("abc").
    expect(createHash('sm3').update('abc').digest('hex')).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
  });

  it('reports throttled, monotonic progress that ends at the file size', async () => {
    const size = 48 * 1024 * 1024 + 123;
    const data = randomBytes(size);
    const events: HashProgress[] = [];
    const started = performance.now();
    const digests = await hashFile(fixture('big.bin', data), ['md5', 'sha256'], { onProgress: (p) => events.push(p) });
    const elapsed = performance.now() - started;

    expect(digests).toEqual({ md5: expected(data).md5, sha256: expected(data).sha256 });
    expect(events.length).toBeGreaterThan(0);
    for (const [i, event] of events.entries()) {
      expect(event.total).toBe(size);
      if (i > 0) expect(event.loaded).toBeGreaterThanOrEqual(events[i - 1]!.loaded);
    }
    expect(events.at(-1)).toEqual({ loaded: size, total: size });
    // ~100 ms apart, plus the first and the final report; 49 chunks unthrottled would exceed this.
    expect(events.length).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 2);
  });

  it('stops reading and rejects with HashCancelledError when cancelled mid-way', async () => {
    const size = 32 * 1024 * 1024;
    const path = fixture('cancel.bin', randomBytes(size));
    const controller = new AbortController();
    const seen: number[] = [];
    const result = hashFile(path, ['sha512'], {
      signal: controller.signal,
      progressIntervalMs: 0,
      onProgress: ({ loaded }) => {
        seen.push(loaded);
        if (seen.length === 2) controller.abort();
      },
    });
    await expect(result).rejects.toBeInstanceOf(HashCancelledError);
    expect(Math.max(...seen)).toBeLessThan(size);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const path = fixture('pre-aborted.bin', Buffer.from('x'));
    await expect(hashFile(path, ['md5'], { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(HashCancelledError);
  });

  it('names the missing file', async () => {
    const path = join(dir, 'does-not-exist.bin');
    await expect(hashFile(path, ['md5'])).rejects.toThrow(`File not found: ${path}`);
  });

  it('refuses a directory', async () => {
    await expect(hashFile(dir, ['md5'])).rejects.toThrow(`Not a file (it is a directory): ${dir}`);
  });

  it.skipIf(process.getuid?.() === 0)('reports an unreadable file as permission denied', async () => {
    const path = fixture('locked.bin', Buffer.from('secret'));
    chmodSync(path, 0o000);
    await expect(hashFile(path, ['md5'])).rejects.toThrow(`Permission denied reading: ${path}`);
  });
});

describe('hashFile against the shared corpus', () => {
  const manifest = join(CORPUS, 'MANIFEST.tsv');
  const present = existsSync(manifest);
  if (!present) console.warn(`hash corpus test skipped: ${manifest} not found`);

  it.runIf(present)('matches MANIFEST.tsv md5/sha1/sha256/crc32 for a handful of corpus files', async () => {
    const [header, ...rows] = readFileSync(manifest, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    const column = (name: string) => {
      const index = header!.indexOf(name);
      expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const [pathAt, md5At, sha1At, sha256At, crc32At] = ['path', 'md5', 'sha1', 'sha256', 'crc32'].map(column);
    // Spread across categories rather than the first few rows, which are all small zips.
    const step = Math.max(1, Math.floor(rows.length / 8));
    const picked = rows.filter((_, i) => i % step === 0).slice(0, 8);
    expect(picked.length).toBeGreaterThan(0);
    for (const row of picked) {
      const digests = await hashFile(join(CORPUS, row[pathAt!]!), ['md5', 'sha1', 'sha256', 'crc32']);
      expect(digests, row[pathAt!]).toEqual({ md5: row[md5At!], sha1: row[sha1At!], sha256: row[sha256At!], crc32: row[crc32At!] });
    }
  });
});
