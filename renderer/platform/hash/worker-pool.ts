import { proxy } from 'comlink';
import { HashCancelledError } from '@shared/contracts/hash';
import type { HashDigests, HashFileOptions, ReadableFile } from '@shared/contracts/hash';
import { WorkerPool } from '@/lib/worker-pool';
import type { HashWorkerApi } from './hash.worker';

/**
 * Hashing is bound by one core per file and by the disk. Two workers keep a second core busy on a
 * batch while leaving the machine usable; more only makes spinning disks seek between files.
 */
const MAX_WORKERS = Math.max(1, Math.min(2, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1));

const pool = new WorkerPool<HashWorkerApi>({
  create: () => new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module', name: 'hash' }),
  size: MAX_WORKERS,
  // The worker stops at its next slice boundary and frees the slot then.
  cancelRunning: (api, jobId) => void api.cancel(jobId),
  cancelled: () => new HashCancelledError(),
});

/** Comlink rebuilds errors thrown in the worker as plain `Error`s carrying the original `name`; make cancels typed again. */
function revive(error: unknown): unknown {
  return error instanceof Error && error.name === 'HashCancelledError' ? new HashCancelledError() : error;
}

/** Queues a file for hashing in a worker; jobs beyond the pool size wait their turn (and can be cancelled while waiting). */
export function hashInWorker(file: ReadableFile, options: HashFileOptions): Promise<HashDigests> {
  if (!(file instanceof Blob)) return Promise.reject(new TypeError('browser hashing needs a File or Blob'));
  // Comlink frees the callback's channel once the worker side drops it (FinalizationRegistry).
  const onProgress = options.onProgress ? proxy(options.onProgress) : undefined;
  return pool.run(
    (api, jobId) =>
      api.hashFile(jobId, file, options.algorithms, onProgress).catch((error: unknown) => {
        throw revive(error);
      }),
    options.signal,
  );
}
