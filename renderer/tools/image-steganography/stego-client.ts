import { WorkerClient } from '@/lib/worker-client';
import type { Remote } from 'comlink';
import type { StegoWorkerApi } from './stego.worker';

const client = new WorkerClient<StegoWorkerApi>(
  () => new Worker(new URL('./stego.worker.ts', import.meta.url), { type: 'module', name: 'steganography' }),
);

/**
 * One worker for the page, started on first use: the work is one image at a time, on demand. A
 * crashed worker fails its calls (WorkerCrashed) and the next call starts a fresh one.
 */
export function stegoWorker(): Remote<StegoWorkerApi> {
  return client.api;
}
