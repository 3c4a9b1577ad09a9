import { WorkerClient } from '@/lib/worker-client';
import type { Remote } from 'comlink';
import type { IdentifyWorkerApi } from './identify.worker';

const client = new WorkerClient<IdentifyWorkerApi>(
  () => new Worker(new URL('./identify.worker.ts', import.meta.url), { type: 'module', name: 'file-type' }),
);

/**
 * One worker for the page, started on first use: each file costs a few small reads, so one thread
 * keeps up. A crashed worker fails its calls (WorkerCrashed) and the next call starts a fresh one.
 */
export function identifyWorker(): Remote<IdentifyWorkerApi> {
  return client.api;
}
