import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import { WorkerCrashed, onWorkerCrash } from './worker-pool';
import type { PoolWorker } from './worker-pool';

export { WorkerCrashed } from './worker-pool';

interface Live<Api> {
  remote: Remote<Api>;
  worker: PoolWorker;
  /** Rejects when the worker breaks or is ended; never resolves. */
  stopped: Promise<never>;
  stop: (error: WorkerCrashed) => void;
}

/**
 * One Comlink worker for a tool, started on first use and kept (so a worker that holds state, such
 * as decoded previews, sees every call). A worker that crashes fails every call it still owed with
 * WorkerCrashed instead of leaving them waiting for ever, and the next call starts a fresh one.
 * For several workers sharing a queue of jobs, use WorkerPool.
 *
 * ```ts
 * const client = new WorkerClient<Api>(() => new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module', name: 'x' }));
 * const result = await client.api.method(args);
 * ```
 * The `new Worker(new URL(...))` literal stays with the caller: it is how Vite finds the worker.
 */
export class WorkerClient<Api> {
  private live: Live<Api> | undefined;

  /**
   * Calls the worker's methods; each call rejects with WorkerCrashed if the worker breaks first.
   * Only method calls are supported (no property reads), which is all our workers expose.
   */
  readonly api: Remote<Api>;

  constructor(private readonly create: () => PoolWorker) {
    this.api = new Proxy({} as Remote<Api>, {
      get:
        (_target, method) =>
        (...args: unknown[]) =>
          this.call((remote) => (remote as unknown as Record<PropertyKey, (...params: unknown[]) => Promise<unknown>>)[method]!(...args)),
    });
  }

  /** Runs `work` against the worker; rejects with WorkerCrashed if the worker breaks or is ended before it answers. */
  call<T>(work: (remote: Remote<Api>) => Promise<T>): Promise<T> {
    const live = (this.live ??= this.start());
    return Promise.race([work(live.remote), live.stopped]);
  }

  /**
   * Ends the worker now: the only way to stop work that cannot be interrupted (a runaway regex, a
   * wasm call). Calls it still owed fail with WorkerCrashed; the next call starts a fresh worker.
   */
  terminate(reason = 'terminated'): void {
    const live = this.live;
    if (!live) return;
    this.live = undefined;
    live.worker.terminate();
    live.stop(new WorkerCrashed(reason));
  }

  private start(): Live<Api> {
    const worker = this.create();
    let stop: (error: WorkerCrashed) => void = () => undefined;
    const stopped = new Promise<never>((_resolve, reject) => {
      stop = reject;
    });
    // Only calls racing it observe the rejection; an idle worker's crash must not be "unhandled".
    stopped.catch(() => undefined);
    const live: Live<Api> = { remote: wrap<Api>(worker), worker, stopped, stop };
    onWorkerCrash(worker, (error) => {
      if (this.live === live) this.live = undefined;
      stop(error);
    });
    return live;
  }
}
