import { proxy } from 'comlink';
import type { Remote } from 'comlink';
import { ImageError } from '@shared/contracts/image';
import type { ImageProcessOptions } from '@shared/contracts/image';
import { WorkerPool } from '@/lib/worker-pool';
import type { ImageWorkerApi } from './image.worker';

/**
 * One worker per core but one, at most four. The core left over is the page's: with every core
 * encoding (wasm AVIF runs seconds per photo), the UI thread waited its turn and a batch froze the
 * page for up to a second at a time; with one free, no main-thread task passes 50 ms (compress e2e).
 * At most four because each holds up to two full-size surfaces of its image (a 50 MP photo is 200 MB
 * per surface): more workers would trade speed for crashed tabs.
 */
const MAX_WORKERS = Math.max(1, Math.min(4, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1));

const pool = new WorkerPool<ImageWorkerApi>({
  create: () => new Worker(new URL('./image.worker.ts', import.meta.url), { type: 'module', name: 'image' }),
  size: MAX_WORKERS,
  // Canvas and wasm work cannot be interrupted; ending the worker is the only way to free the core and its memory at once.
  cancelRunning: 'terminate',
  cancelled: () => new ImageError('cancelled'),
});

/** Queues work for the next free worker; waiting work can be cancelled too. */
export function inWorker<T>(work: (api: Remote<ImageWorkerApi>) => Promise<T>, signal?: ImageProcessOptions['signal']): Promise<T> {
  return pool.run((api) => work(api), signal);
}

/** Wraps a progress callback so the worker can call it across the thread boundary. */
export const progressProxy = (onProgress?: (fraction: number) => void) => (onProgress ? proxy(onProgress) : undefined);
