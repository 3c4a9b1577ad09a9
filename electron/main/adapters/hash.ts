import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { HashCancelledError } from '@shared/contracts/hash';
import type { HashAlgorithm, HashDigests, HashProgress } from '@shared/contracts/hash';
import { createDigester } from './hash-digesters';

export interface NodeHashOptions {
  signal?: AbortSignal;
  onProgress?: (progress: HashProgress) => void;
  /** Minimum gap between progress reports; the final report is always sent. */
  progressIntervalMs?: number;
}

const READ_CHUNK_BYTES = 1024 * 1024;

/** A failure worth showing to the user as is: only the message crosses the IPC boundary. */
export class HashFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HashFileError';
  }
}

function describeFsError(error: unknown, path: string): Error {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new HashFileError(`File not found: ${path}`);
    case 'EACCES':
    case 'EPERM':
      return new HashFileError(`Permission denied reading: ${path}`);
    case 'EISDIR':
      return new HashFileError(`Not a file (it is a directory): ${path}`);
    default:
      return error instanceof Error ? error : new HashFileError(`Could not read ${path}`);
  }
}

/**
 * Hashes the file at `path` with every requested algorithm in one read pass, so a 4 GB file is
 * read once however many digests the user ticked. Runs in the Electron main process and in plain
 * Node (tests, the desktop e2e harness), hence no `electron` import here.
 *
 * WARNING: `path` comes from the renderer. The IPC layer only checks its shape; reading any path
 * the renderer names is acceptable because our renderer is trusted app code that obtained it from
 * a file the user picked, and the sender frame is verified before this runs.
 */
export async function hashFile(
  path: string,
  algorithms: readonly HashAlgorithm[],
  { signal, onProgress, progressIntervalMs = 100 }: NodeHashOptions = {},
): Promise<HashDigests> {
  if (signal?.aborted) throw new HashCancelledError();
  const info = await stat(path).catch((error: unknown) => {
    throw describeFsError(error, path);
  });
  if (info.isDirectory()) throw new HashFileError(`Not a file (it is a directory): ${path}`);
  if (!info.isFile()) throw new HashFileError(`Not a regular file: ${path}`);

  const unique = [...new Set(algorithms)];
  const digesters = await Promise.all(unique.map(async (algorithm) => [algorithm, await createDigester(algorithm)] as const));
  const total = info.size;
  let loaded = 0;
  let lastReport = 0;

  const reportProgress = (force: boolean) => {
    const now = performance.now();
    if (!onProgress || (!force && now - lastReport < progressIntervalMs)) return;
    lastReport = now;
    onProgress({ loaded, total });
  };

  if (total > 0) {
    // `end` pins the read to the size reported above, so progress cannot run past `total` when the
    // file grows while we read it.
    const stream = createReadStream(path, { highWaterMark: READ_CHUNK_BYTES, end: total - 1, signal });
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        for (const [, digester] of digesters) digester.update(chunk);
        loaded += chunk.length;
        reportProgress(false);
      }
    } catch (error) {
      if (signal?.aborted) throw new HashCancelledError();
      throw describeFsError(error, path);
    } finally {
      stream.destroy();
    }
  }
  if (signal?.aborted) throw new HashCancelledError();
  reportProgress(true);
  return Object.fromEntries(digesters.map(([algorithm, digester]) => [algorithm, digester.digest()]));
}
