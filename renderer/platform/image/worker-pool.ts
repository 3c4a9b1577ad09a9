import { proxy, wrap } from 'comlink';
import type { Remote } from 'comlink';
import { ImageError } from '@shared/contracts/image';
import type { ImageProcessOptions } from '@shared/contracts/image';
import type { ImageWorkerApi } from './image.worker';

interface Slot {
  worker: Worker;
  api: Remote<ImageWorkerApi>;
  busy: boolean;
}

interface Task<T> {
  work: (api: Remote<ImageWorkerApi>) => Promise<T>;
  signal?: ImageProcessOptions['signal'];
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/**
 * One worker per core, at most four: each holds up to two full-size surfaces of the image it works
 * on (a 50 MP photo is 200 MB per surface), so more workers would trade speed for crashed tabs.
 */
const MAX_WORKERS = Math.max(1, Math.min(4, globalThis.navigator?.hardwareConcurrency ?? 2));

const slots: Slot[] = [];
const queue: Task<unknown>[] = [];

function createSlot(): Slot {
  const worker = new Worker(new URL('./image.worker.ts', import.meta.url), { type: 'module', name: 'image' });
  return { worker, api: wrap<ImageWorkerApi>(worker), busy: false };
}

/** Comlink rebuilds worker errors as plain Errors; the `image:<code>` message keeps the code readable. */
function run(slot: Slot, task: Task<unknown>): void {
  slot.busy = true;
  let settled = false;
  const finish = () => {
    settled = true;
    slot.busy = false;
    pump();
  };
  task.signal?.addEventListener('abort', () => {
    if (settled) return;
    // Canvas and wasm work cannot be interrupted; ending the worker is the only way to free the core and its memory at once.
    slot.worker.terminate();
    slots.splice(slots.indexOf(slot), 1);
    settled = true;
    task.reject(new ImageError('cancelled'));
    pump();
  });
  task.work(slot.api).then(
    (value) => {
      if (settled) return;
      task.resolve(value);
      finish();
    },
    (error: unknown) => {
      if (settled) return;
      task.reject(error);
      finish();
    },
  );
}

function pump(): void {
  while (queue.length > 0) {
    let slot = slots.find((candidate) => !candidate.busy);
    if (!slot && slots.length < MAX_WORKERS) {
      slot = createSlot();
      slots.push(slot);
    }
    if (!slot) return;
    const task = queue.shift()!;
    if (task.signal?.aborted) {
      task.reject(new ImageError('cancelled'));
      continue;
    }
    run(slot, task);
  }
}

/** Queues work for the next free worker; waiting work can be cancelled too. */
export function inWorker<T>(work: Task<T>['work'], signal?: ImageProcessOptions['signal']): Promise<T> {
  if (signal?.aborted) return Promise.reject(new ImageError('cancelled'));
  return new Promise<T>((resolve, reject) => {
    const task: Task<T> = { work, signal, resolve, reject };
    signal?.addEventListener('abort', () => {
      const index = queue.indexOf(task as Task<unknown>);
      if (index >= 0) {
        queue.splice(index, 1);
        reject(new ImageError('cancelled'));
      }
    });
    queue.push(task as Task<unknown>);
    pump();
  });
}

/** Wraps a progress callback so the worker can call it across the thread boundary. */
export const progressProxy = (onProgress?: (fraction: number) => void) => (onProgress ? proxy(onProgress) : undefined);
