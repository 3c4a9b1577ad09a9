import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { EncodingWorkerApi } from './encoding.worker';

let api: Remote<EncodingWorkerApi> | undefined;

/**
 * One worker for the page, started on first use. Detection reads 64 KB per file and takes a few
 * milliseconds, so one worker keeps up with any batch; calls queue in order.
 */
export function encodingWorker(): Remote<EncodingWorkerApi> {
  api ??= wrap<EncodingWorkerApi>(new Worker(new URL('./encoding.worker.ts', import.meta.url), { type: 'module', name: 'file-encoding' }));
  return api;
}
