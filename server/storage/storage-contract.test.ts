import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { startS3rverProcess } from '../testing/s3rver';
import type { S3rverProcess } from '../testing/s3rver';
import { createS3Storage, partSizeFor } from './s3-storage';
import type { Storage } from './storage';
import { StorageTooLargeError } from './storage';

/** A full collection before each memory sample, so what is counted is what the upload still holds. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const MIB = 1024 * 1024;
/** Several S3 parts, and far more than the few parts an upload may hold at once. */
const LARGE_FILE_BYTES = 96 * MIB;

/**
 * LARGE_FILE_BYTES of random bytes made on demand, 1 MiB at a time, recording the most memory held
 * in buffers (after a collection) beyond what was held before the first one.
 */
function generatedFile() {
  const hash = createHash('sha256');
  let baseline = 0;
  let peak = 0;
  async function* chunks() {
    collectGarbage();
    baseline = process.memoryUsage().arrayBuffers;
    for (let made = 0; made < LARGE_FILE_BYTES; made += MIB) {
      if (made % (4 * MIB) === 0) {
        collectGarbage();
        peak = Math.max(peak, process.memoryUsage().arrayBuffers - baseline);
      }
      const chunk = randomBytes(MIB);
      hash.update(chunk);
      yield chunk;
    }
  }
  // Byte mode with a one-chunk buffer: Readable.from's default would read 16 chunks ahead on its own.
  return { stream: Readable.from(chunks(), { objectMode: false, highWaterMark: MIB }), digest: () => hash.digest('hex'), peak: () => peak };
}

let folder: string;
// In a process of its own, so the memory the large-file test measures is the upload's alone.
let s3rver: S3rverProcess;
const backends: Record<'local disk' | 'S3 (s3rver on loopback)', () => Storage> = {
  'local disk': () => createLocalStorage(join(folder, 'local')),
  'S3 (s3rver on loopback)': () =>
    createS3Storage({
      endpoint: s3rver.endpoint,
      bucket: s3rver.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    }),
};

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'baibao-storage-contract-'));
  s3rver = await startS3rverProcess(join(folder, 's3'));
}, 30_000);

afterAll(async () => {
  await s3rver.close();
  await rm(folder, { recursive: true, force: true });
});

describe.each(Object.entries(backends))('storage on %s', (_name, open) => {
  it('stores, reads whole and by range, lists by prefix and deletes', async () => {
    const storage = open();
    expect(await storage.put('notes/a/one.txt', Buffer.from('hello world'), { maxBytes: 100 })).toEqual({ size: 11 });
    await storage.put('notes/two.txt', Readable.from([Buffer.from('ab'), Buffer.from('cd')]), { maxBytes: 4 });
    await storage.put('other/three.txt', Buffer.from('x'), { maxBytes: 4 });

    const whole = await storage.get('notes/a/one.txt');
    expect(whole && { size: whole.size, totalSize: whole.totalSize, text: await text(whole.body) }).toEqual({
      size: 11,
      totalSize: 11,
      text: 'hello world',
    });
    const part = await storage.get('notes/a/one.txt', { start: 6, end: 10 });
    expect(part && { size: part.size, totalSize: part.totalSize, text: await text(part.body) }).toEqual({
      size: 5,
      totalSize: 11,
      text: 'world',
    });
    expect(await storage.get('notes/missing.txt')).toBeUndefined();

    const listed = await storage.list('notes/');
    expect(listed.map((object) => [object.key, object.size]).sort()).toEqual([
      ['notes/a/one.txt', 11],
      ['notes/two.txt', 4],
    ]);
    expect(listed.every((object) => Date.now() - object.modified.getTime() < 60_000)).toBe(true);
    await storage.delete('notes/two.txt');
    await storage.delete('notes/two.txt');
    expect((await storage.list('notes/')).map((object) => object.key)).toEqual(['notes/a/one.txt']);
  });

  it('refuses a body over the cap and keeps the object it would have replaced', async () => {
    const storage = open();
    await storage.put('capped/keep.bin', Buffer.from('old'), { maxBytes: 10 });
    await expect(storage.put('capped/keep.bin', Readable.from([randomBytes(8), randomBytes(8)]), { maxBytes: 10 })).rejects.toBeInstanceOf(
      StorageTooLargeError,
    );
    const kept = await storage.get('capped/keep.bin');
    expect(kept && (await text(kept.body))).toBe('old');
  });

  it('stores nothing when the body fails half-way', async () => {
    const storage = open();
    const failing = new Readable({
      read() {
        this.push(randomBytes(1024));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('broken/cut.bin', failing, { maxBytes: 1_000_000 })).rejects.toThrow('connection reset');
    expect(await storage.list('broken/')).toEqual([]);
  });

  it(`streams a ${LARGE_FILE_BYTES / MIB} MiB file (over ${partSizeFor(LARGE_FILE_BYTES) / MIB} MiB parts) in and out without holding it in memory`, async () => {
    const storage = open();
    const file = generatedFile();
    expect(await storage.put('large/file.bin', file.stream, { maxBytes: LARGE_FILE_BYTES })).toEqual({ size: LARGE_FILE_BYTES });
    expect(file.peak()).toBeLessThan(LARGE_FILE_BYTES / 2);

    const stored = await storage.get('large/file.bin');
    expect(stored?.size).toBe(LARGE_FILE_BYTES);
    const readBack = createHash('sha256');
    for await (const chunk of stored?.body ?? []) readBack.update(chunk as Buffer);
    expect(readBack.digest('hex')).toBe(file.digest());
    const middle = await storage.get('large/file.bin', { start: 10 * MIB - 3, end: 10 * MIB + 2 });
    expect(middle?.size).toBe(6);
    await storage.delete('large/file.bin');
  }, 120_000);

  it('refuses a large body at the cap, parts already sent or not, and stores nothing', async () => {
    const storage = open();
    const file = generatedFile();
    await expect(storage.put('large-capped/file.bin', file.stream, { maxBytes: 3 * partSizeFor(0) + 1 })).rejects.toBeInstanceOf(
      StorageTooLargeError,
    );
    expect(await storage.list('large-capped/')).toEqual([]);
  }, 120_000);

  it('refuses keys that could leave its folder', async () => {
    const storage = open();
    for (const key of ['../escape.txt', 'notes/../../x', '/etc/passwd', 'notes/.hidden', 'notes']) {
      await expect(storage.put(key, Buffer.from('x'), { maxBytes: 4 })).rejects.toThrow(/Invalid storage key/);
    }
  });
});
