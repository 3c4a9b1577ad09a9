import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { EncodingWorkerApi } from './encoding.worker';

/** The worker stopped (its script failed to load, or it died): every call it still owed fails with this. */
export class WorkerCrashed extends Error {
  constructor(detail: string) {
    super(`encoding worker stopped: ${detail}`);
    this.name = 'WorkerCrashed';
  }
}

interface Slot {
  remote: Remote<EncodingWorkerApi>;
  /** Rejects when the worker reports an error it cannot answer for; never resolves. */
  crashed: Promise<never>;
}

let slot: Slot | undefined;

function start(): Slot {
  const worker = new Worker(new URL('./encoding.worker.ts', import.meta.url), { type: 'module', name: 'file-encoding' });
  let fail: (error: WorkerCrashed) => void = () => undefined;
  const crashed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  // Only calls racing it observe the rejection; an idle worker's crash must not be "unhandled".
  crashed.catch(() => undefined);
  const stop = (event: Event) => {
    // Comlink answers thrown errors itself, so an error event means the worker is broken: a failed
    // script load (an old page after a new release, a network cut) or an error outside any call.
    // Its pending calls would never be answered; fail them, and let the next call start afresh.
    if (slot?.crashed === crashed) slot = undefined;
    worker.terminate();
    fail(new WorkerCrashed(event instanceof ErrorEvent && event.message ? event.message : event.type));
  };
  worker.addEventListener('error', stop);
  worker.addEventListener('messageerror', stop);
  return { remote: wrap<EncodingWorkerApi>(worker), crashed };
}

function call<T>(work: (remote: Remote<EncodingWorkerApi>) => Promise<unknown>): Promise<T> {
  slot ??= start();
  // Comlink's Remote type cannot follow the Outcome unions; the worker's own signatures are the truth.
  return Promise.race([work(slot.remote) as Promise<T>, slot.crashed]);
}

const calls: EncodingWorkerApi = {
  identify: (file) => call((remote) => remote.identify(file)),
  preview: (file, encoding) => call((remote) => remote.preview(file, encoding)),
  convert: (file, encoding, bom) => call((remote) => remote.convert(file, encoding, bom)),
};

/**
 * One worker for the page, started on first use. Detection reads 64 KB per file and takes a few
 * milliseconds, so one worker keeps up with any batch; calls queue in order. A call rejects with
 * WorkerCrashed when the worker breaks instead of waiting for ever.
 */
export function encodingWorker(): EncodingWorkerApi {
  return calls;
}
