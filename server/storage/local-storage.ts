import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageFullError, StorageTooLargeError, checkKey, checkPrefix } from './storage';
import type { ListedObject, Storage } from './storage';

/** Below DATA_DIR, on the same file system as the objects, so the final rename is atomic. */
export const TEMP_DIR = '.storage-tmp';

/** Unique per write, so two uploads of the same key never share a temp file. */
const newTempName = () => `${Date.now()}-${randomBytes(8).toString('hex')}.part`;

/** Fails the stream once more than `maxBytes` went through, so a too-large body is never written whole. */
function byteCap(maxBytes: number): Transform & { bytes: () => number } {
  let bytes = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > maxBytes ? new StorageTooLargeError(`over ${maxBytes} bytes`) : null, chunk);
    },
  });
  return Object.assign(cap, { bytes: () => bytes });
}

const isNoSpace = (error: unknown) => ['ENOSPC', 'EDQUOT'].includes((error as NodeJS.ErrnoException).code ?? '');
const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/** Makes the rename itself durable: without it a power cut can forget the new name. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Objects are files at `<root>/<key>`. Writes go to a temp file that is flushed to disk and then
 * renamed over the key, so a reader sees the old object, the whole new one, or none, never part.
 */
export function createLocalStorage(root: string): Storage {
  const tempDir = join(root, TEMP_DIR);
  const pathOf = (key: string) => join(root, checkKey(key));

  async function walk(folder: string, prefix: string, found: ListedObject[]): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    });
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) await walk(join(folder, entry.name), `${key}/`, found);
      else if (entry.isFile()) {
        const info = await stat(join(folder, entry.name));
        found.push({ key, size: info.size, modified: info.mtime });
      }
    }
  }

  return {
    async put(key, body, { maxBytes }) {
      const target = pathOf(key);
      await mkdir(tempDir, { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      const temp = join(tempDir, newTempName());
      const cap = byteCap(maxBytes);
      try {
        const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
        // flush: fsync before close, so the rename below never publishes bytes still in the page cache.
        await pipeline(source, cap, createWriteStream(temp, { flags: 'wx', flush: true }));
        await rename(temp, target);
        await syncFolder(dirname(target));
        return { size: cap.bytes() };
      } catch (error) {
        await rm(temp, { force: true });
        if (isNoSpace(error)) throw new StorageFullError(`no space left for ${key}`, { cause: error });
        throw error;
      }
    },

    async get(key, range) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return undefined;
        const start = range ? Math.min(range.start, info.size) : 0;
        const end = range ? Math.min(range.end, info.size - 1) : info.size - 1;
        const size = Math.max(0, end - start + 1);
        // An empty range still needs a stream; createReadStream with end < start would read everything.
        const stream = size === 0 ? Readable.from([]) : createReadStream(path, { start, end });
        return { body: stream, size, totalSize: info.size };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await rm(pathOf(key), { force: true });
    },

    async list(prefix) {
      const found: ListedObject[] = [];
      await walk(join(root, checkPrefix(prefix)), prefix, found);
      return found;
    },

    async sweepUnfinished() {
      const names = await readdir(tempDir).catch(() => []);
      await Promise.all(names.map((name) => rm(join(tempDir, name), { force: true, recursive: true })));
      return names.length;
    },
  };
}
