import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { StegoWorkerApi } from './stego.worker';

let api: Remote<StegoWorkerApi> | undefined;

/** One worker for the page, started on first use: the work is one image at a time, on demand. */
export function stegoWorker(): Remote<StegoWorkerApi> {
  api ??= wrap<StegoWorkerApi>(new Worker(new URL('./stego.worker.ts', import.meta.url), { type: 'module', name: 'steganography' }));
  return api;
}
