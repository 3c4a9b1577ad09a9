import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { IdentifyWorkerApi } from './identify.worker';

let api: Remote<IdentifyWorkerApi> | undefined;

/** One worker for the page, started on first use: each file costs a few small reads, so one thread keeps up. */
export function identifyWorker(): Remote<IdentifyWorkerApi> {
  api ??= wrap<IdentifyWorkerApi>(new Worker(new URL('./identify.worker.ts', import.meta.url), { type: 'module', name: 'file-type' }));
  return api;
}
