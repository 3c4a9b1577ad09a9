import { proxy, wrap } from 'comlink';
import type { Remote } from 'comlink';
import { HashCancelledError } from '@shared/contracts/hash';
import type { HashDigests, HashFileOptions, ReadableFile } from '@shared/contracts/hash';
import type { HashWorkerApi } from './hash.worker';

interface Slot {
  worker: Worker;
  api: Remote<HashWorkerApi>;
  busy: boolean;
}

interface Job {
  file: Blob;
  options: HashFileOptions;
  resolve: (digests: HashDigests) => void;
  reject: (reason: unknown) => void;
}

/**
 * Hashing is bound by one core per file and by the disk. Two workers keep a second core busy on a
 * batch while leaving the machine usable; more only makes spinning disks seek between files.
 */
const MAX_WORKERS = Math.max(1, Math.min(2, (globalThis.navigator?.hardwareConcurrency ?? 2) - 1));

const slots: Slot[] = [];
const queue: Job[] = [];

function createSlot(): Slot {
  const worker = new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module', name: 'hash' });
  return { worker, api: wrap<HashWorkerApi>(worker), busy: false };
}

/** Comlink rebuilds errors thrown in the worker as plain `Error`s carrying the original `name`; make cancels typed again. */
function revive(error: unknown): unknown {
  return error instanceof Error && error.name === 'HashCancelledError' ? new HashCancelledError() : error;
}

function run(slot: Slot, job: Job): void {
  slot.busy = true;
  const jobId = crypto.randomUUID();
  // Comlink frees the callback's channel once the worker side drops it (FinalizationRegistry).
  const onProgress = job.options.onProgress ? proxy(job.options.onProgress) : undefined;
  let settled = false;
  job.options.signal?.addEventListener('abort', () => {
    if (settled) return;
    void slot.api.cancel(jobId);
    // Answer the caller at once; the worker stops at its next slice boundary and frees the slot then.
    job.reject(new HashCancelledError());
  });
  slot.api
    .hashFile(jobId, job.file, job.options.algorithms, onProgress)
    .then(job.resolve, (error: unknown) => job.reject(revive(error)))
    .finally(() => {
      settled = true;
      slot.busy = false;
      pump();
    });
}

function pump(): void {
  while (queue.length > 0) {
    let slot = slots.find((candidate) => !candidate.busy);
    if (!slot && slots.length < MAX_WORKERS) {
      slot = createSlot();
      slots.push(slot);
    }
    if (!slot) return;
    const job = queue.shift();
    if (!job) return;
    if (job.options.signal?.aborted) {
      job.reject(new HashCancelledError());
      continue;
    }
    run(slot, job);
  }
}

/** Queues a file for hashing in a worker; jobs beyond the pool size wait their turn (and can be cancelled while waiting). */
export function hashInWorker(file: ReadableFile, options: HashFileOptions): Promise<HashDigests> {
  if (!(file instanceof Blob)) return Promise.reject(new TypeError('browser hashing needs a File or Blob'));
  if (options.signal?.aborted) return Promise.reject(new HashCancelledError());
  return new Promise<HashDigests>((resolve, reject) => {
    const job: Job = { file, options, resolve, reject };
    options.signal?.addEventListener('abort', () => {
      const index = queue.indexOf(job);
      if (index >= 0) {
        queue.splice(index, 1);
        reject(new HashCancelledError());
      }
    });
    queue.push(job);
    pump();
  });
}
