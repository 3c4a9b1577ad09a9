import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import { ArchiveError } from '@shared/contracts/archive';
import type { SevenZipWorkerApi } from './sevenzip.worker';
import type { CancelSignal } from './types';

let worker: Worker | null = null;
let api: Remote<SevenZipWorkerApi> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function remote(): Remote<SevenZipWorkerApi> {
  if (!api) {
    worker = new Worker(new URL('./sevenzip.worker.ts', import.meta.url), { type: 'module', name: '7zip' });
    api = wrap<SevenZipWorkerApi>(worker);
  }
  return api;
}

/** Drops the worker (and its wasm heap); the next call starts a fresh one. */
function reset(): void {
  worker?.terminate();
  worker = null;
  api = null;
}

/**
 * Runs one call in the 7-Zip worker, one call at a time (7-Zip's in-memory FS is per worker).
 * 7-Zip cannot be interrupted from outside, so cancelling terminates the worker.
 */
export function with7z<T>(work: (api: Remote<SevenZipWorkerApi>) => Promise<T>, signal?: CancelSignal): Promise<T> {
  const result = queue.then(() => {
    if (signal?.aborted) throw new ArchiveError('cancelled');
    const call = work(remote());
    if (!signal) return call;
    return new Promise<T>((resolve, reject) => {
      signal.addEventListener('abort', () => {
        reset();
        reject(new ArchiveError('cancelled'));
      });
      call.then(resolve, reject);
    });
  });
  queue = result.catch(() => undefined);
  return result;
}

/** The worker holds the last opened archive; a new archive key makes it reopen. */
export function release7z(): void {
  reset();
}
