import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';
import { StorageTooLargeError } from './storage';

let folder: string;
let s3rver: S3rver;
const backends: Record<'local disk' | 'S3 (s3rver on loopback)', () => Storage> = {
  'local disk': () => createLocalStorage(join(folder, 'local')),
  'S3 (s3rver on loopback)': () =>
    createS3Storage({ endpoint: s3Endpoint, bucket: 'baibao', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
};
let s3Endpoint = '';

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'baibao-storage-contract-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(folder, 's3'),
    configureBuckets: [{ name: 'baibao', configs: [] }],
  });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

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

  it('refuses keys that could leave its folder', async () => {
    const storage = open();
    for (const key of ['../escape.txt', 'notes/../../x', '/etc/passwd', 'notes/.hidden', 'notes']) {
      await expect(storage.put(key, Buffer.from('x'), { maxBytes: 4 })).rejects.toThrow(/Invalid storage key/);
    }
  });
});
