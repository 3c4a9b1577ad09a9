import { WorkerClient } from '@/lib/worker-client';
import type { EncodingWorkerApi } from './encoding.worker';

export { WorkerCrashed } from '@/lib/worker-client';

const client = new WorkerClient<EncodingWorkerApi>(
  () => new Worker(new URL('./encoding.worker.ts', import.meta.url), { type: 'module', name: 'file-encoding' }),
);

// Comlink's Remote type cannot follow the Outcome unions; the worker's own signatures are the truth.
const calls: EncodingWorkerApi = client.api as unknown as EncodingWorkerApi;

/**
 * One worker for the page, started on first use. Detection reads 64 KB per file and takes a few
 * milliseconds, so one worker keeps up with any batch; calls queue in order. A call rejects with
 * WorkerCrashed when the worker breaks instead of waiting for ever.
 */
export function encodingWorker(): EncodingWorkerApi {
  return calls;
}
