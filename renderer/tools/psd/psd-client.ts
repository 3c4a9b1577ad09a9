import { WorkerClient } from '@/lib/worker-client';
import type { PsdWorkerApi } from './psd.worker';

export { WorkerCrashed } from '@/lib/worker-client';

const client = new WorkerClient<PsdWorkerApi>(
  () => new Worker(new URL('./psd.worker.ts', import.meta.url), { type: 'module', name: 'psd' }),
);

// Comlink's Remote type cannot follow the Outcome unions; the worker's own signatures are the truth.
const calls: PsdWorkerApi = client.api as unknown as PsdWorkerApi;

/** The page's one PSD worker: it keeps the open document, so every call goes to the same one. */
export function psdWorker(): PsdWorkerApi {
  return calls;
}

/** Ends the worker and the document it holds (a new file, or leaving the page). */
export function closePsdWorker(): void {
  client.terminate('closed');
}
