import { proxy } from 'comlink';
import type { Remote } from 'comlink';
import { ImageError } from '@shared/contracts/image-base';
import type { ImageProcessOptions } from '@shared/contracts/image';
import { WorkerPool } from '@/lib/worker-pool';
import type { ImageWorkerApi } from './image.worker';
import { imageWorkerCount } from './pool-size';

const MAX_WORKERS = imageWorkerCount(globalThis.navigator?.hardwareConcurrency);

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
