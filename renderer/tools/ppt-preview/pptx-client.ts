import type { Remote } from 'comlink';
import { WorkerClient } from '@/lib/worker-client';
import type { PptxWorkerApi } from './pptx.worker';

const client = new WorkerClient<PptxWorkerApi>(
  () => new Worker(new URL('./pptx.worker.ts', import.meta.url), { type: 'module', name: 'pptx' }),
);

/** One worker for the page, started on first use; a crashed one fails its call (WorkerCrashed) and the next call starts afresh. */
export function pptxWorker(): Remote<PptxWorkerApi> {
  return client.api;
}
