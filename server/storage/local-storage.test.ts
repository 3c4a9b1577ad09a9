import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountTinyDisk } from '../testing/tiny-disk';
import { TEMP_DIR, createLocalStorage } from './local-storage';
import { StorageFullError, StorageTooLargeError } from './storage';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'baibao-storage-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const everyFile = async (folder: string) =>
  (await readdir(folder, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);

/** What only local disk has: temp files, their sweep, a file system that fills up. The shared contract is storage-contract.test.ts. */
describe('local storage', () => {
  it('stops a body over the cap while streaming and leaves nothing, not even a temp file', async () => {
    const storage = createLocalStorage(root);
    await storage.put('capped/keep.bin', Buffer.from('old'), { maxBytes: 10 });
    await expect(storage.put('capped/keep.bin', Readable.from([randomBytes(8), randomBytes(8)]), { maxBytes: 10 })).rejects.toBeInstanceOf(
      StorageTooLargeError,
    );
    const kept = await storage.get('capped/keep.bin');
    expect(kept && (await text(kept.body))).toBe('old');
    expect(await readdir(join(root, TEMP_DIR))).toEqual([]);
  });

  it('leaves nothing when the body fails half-way', async () => {
    const storage = createLocalStorage(root);
    const failing = new Readable({
      read() {
        this.push(randomBytes(1024));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('broken/cut.bin', failing, { maxBytes: 1_000_000 })).rejects.toThrow('connection reset');
    expect(await storage.list('broken/')).toEqual([]);
    expect(await readdir(join(root, TEMP_DIR))).toEqual([]);
  });

  it('sweeps temp files an interrupted process left', async () => {
    const storage = createLocalStorage(root);
    await mkdir(join(root, TEMP_DIR), { recursive: true });
    await writeFile(join(root, TEMP_DIR, '123-abc.part'), 'half');
    expect(await storage.sweepUnfinished()).toBe(1);
    expect(await readdir(join(root, TEMP_DIR))).toEqual([]);
  });
});

describe('local storage on a full disk', () => {
  it('answers StorageFullError and leaves no file, neither a 0-byte object nor a temp file', async (context) => {
    const tiny = await mountTinyDisk('1m');
    if (!tiny) return context.skip();
    const disk = tiny.path;
    try {
      const storage = createLocalStorage(disk);
      await storage.put('files/first.bin', randomBytes(600_000), { maxBytes: 2_000_000 });
      await expect(storage.put('files/second.bin', randomBytes(600_000), { maxBytes: 2_000_000 })).rejects.toBeInstanceOf(StorageFullError);
      expect(await storage.get('files/second.bin')).toBeUndefined();
      expect(await everyFile(disk)).toEqual(['first.bin']);
    } finally {
      await tiny.remove();
    }
  });
});
