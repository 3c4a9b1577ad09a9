import { proxy, wrap } from 'comlink';
import type { Remote } from 'comlink';
import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveWorkerApi } from './archive.worker';
import type { CancelSignal } from './types';

interface Slot {
  worker: Worker;
  api: Remote<ArchiveWorkerApi>;
  busy: boolean;
}

interface Task<T> {
  work: (api: Remote<ArchiveWorkerApi>, jobId: string) => Promise<T>;
  signal?: CancelSignal;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/** Deflate is CPU-bound: one worker per core, but at most 4 (memory: each holds a file's output), and 1 core stays for the page. */
export const DEFAULT_POOL_SIZE = Math.max(1, Math.min(4, globalThis.navigator?.hardwareConcurrency ?? 2));

/**
 * A fixed pool of archive workers. fflate's async `zip()` starts a new worker per file, which
 * costs more than it saves on folders of small files; here the workers are started once and kept,
 * and each job is a whole file. Jobs wait in a queue and can be cancelled while waiting or running.
 */
export class ArchivePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Task<unknown>[] = [];

  constructor(readonly size = DEFAULT_POOL_SIZE) {}

  run<T>(work: Task<T>['work'], signal?: CancelSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new ArchiveError('cancelled'));
    return new Promise<T>((resolve, reject) => {
      const task: Task<T> = { work, signal, resolve, reject };
      signal?.addEventListener('abort', () => {
        const index = this.queue.indexOf(task as Task<unknown>);
        if (index >= 0) {
          this.queue.splice(index, 1);
          reject(new ArchiveError('cancelled'));
        }
      });
      this.queue.push(task as Task<unknown>);
      this.pump();
    });
  }

  /** A callback the worker may call back (progress); Comlink frees it when the worker drops it. */
  static callback<A extends unknown[]>(fn: (...args: A) => void): (...args: A) => void {
    return proxy(fn);
  }

  terminate(): void {
    for (const slot of this.slots) slot.worker.terminate();
    this.slots.length = 0;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => !candidate.busy);
      if (!slot && this.slots.length < this.size) {
        const worker = new Worker(new URL('./archive.worker.ts', import.meta.url), { type: 'module', name: 'archive' });
        slot = { worker, api: wrap<ArchiveWorkerApi>(worker), busy: false };
        this.slots.push(slot);
      }
      if (!slot) return;
      const task = this.queue.shift()!;
      this.start(slot, task);
    }
  }

  private start(slot: Slot, task: Task<unknown>): void {
    slot.busy = true;
    const jobId = crypto.randomUUID();
    let settled = false;
    task.signal?.addEventListener('abort', () => {
      if (settled) return;
      void slot.api.cancel(jobId);
      task.reject(new ArchiveError('cancelled'));
    });
    task
      .work(slot.api, jobId)
      .then(task.resolve, task.reject)
      .finally(() => {
        settled = true;
        slot.busy = false;
        this.pump();
      });
  }
}

let shared: ArchivePool | null = null;

/** The page's pool, started on first use. */
export function archivePool(): ArchivePool {
  shared ??= new ArchivePool();
  return shared;
}
