import { proxy } from 'comlink';
import { ArchiveError } from '@shared/contracts/archive';
import { WorkerPool } from '@/lib/worker-pool';
import type { ArchiveWorkerApi } from './archive.worker';

/** Deflate is CPU-bound: one worker per core, but at most 4 (memory: each holds a file's output). */
export const DEFAULT_POOL_SIZE = Math.max(1, Math.min(4, globalThis.navigator?.hardwareConcurrency ?? 2));

export type ArchivePool = WorkerPool<ArchiveWorkerApi>;

/**
 * A fixed pool of archive workers. fflate's async `zip()` starts a new worker per file, which
 * costs more than it saves on folders of small files; here the workers are started once and kept,
 * and each job is a whole file. Jobs wait in a queue and can be cancelled while waiting or running.
 */
export function createArchivePool(size = DEFAULT_POOL_SIZE): ArchivePool {
  return new WorkerPool<ArchiveWorkerApi>({
    create: () => new Worker(new URL('./archive.worker.ts', import.meta.url), { type: 'module', name: 'archive' }),
    size,
    cancelRunning: (api, jobId) => void api.cancel(jobId),
    cancelled: () => new ArchiveError('cancelled'),
  });
}

/** A callback the worker may call back (progress); Comlink frees it when the worker drops it. */
export const workerCallback = <A extends unknown[]>(fn: (...args: A) => void): ((...args: A) => void) => proxy(fn);

let shared: ArchivePool | null = null;

/** The page's pool, started on first use. */
export function archivePool(): ArchivePool {
  shared ??= createArchivePool();
  return shared;
}
