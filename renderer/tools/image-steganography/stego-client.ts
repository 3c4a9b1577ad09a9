import { isComponentUnavailable } from '@/lib/load-failure';
import { WorkerClient } from '@/lib/worker-client';
import type { Outcome, StegoWorkerApi } from './stego.worker';

const client = new WorkerClient<StegoWorkerApi>(
  () => new Worker(new URL('./stego.worker.ts', import.meta.url), { type: 'module', name: 'steganography' }),
);

/** A worker that crashed or never loaded answers like any failure, so the page never waits for ever. */
function settled<T>(call: Promise<Outcome<T>>): Promise<Outcome<T>> {
  return call.catch((error: unknown) =>
    isComponentUnavailable(error)
      ? { ok: false, error: 'componentUnavailable' }
      : { ok: false, error: 'unknown', message: error instanceof Error ? error.message : String(error) },
  );
}

/**
 * One worker for the page, started on first use: the work is one image at a time, on demand. A
 * crashed worker fails its calls and the next call starts a fresh one.
 */
export const stego = {
  analyse: (...args: Parameters<StegoWorkerApi['analyse']>) => settled(client.api.analyse(...args)),
  hide: (...args: Parameters<StegoWorkerApi['hide']>) => settled(client.api.hide(...args)),
  reveal: (...args: Parameters<StegoWorkerApi['reveal']>) => settled(client.api.reveal(...args)),
};
