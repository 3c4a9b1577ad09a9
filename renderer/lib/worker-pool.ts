import { wrap } from 'comlink';
import type { Endpoint, Remote } from 'comlink';
import { randomHexId } from './ids';

/** What a pool needs of a worker: a Comlink endpoint it can end. */
export type PoolWorker = Endpoint & { terminate(): void };

/** The worker stopped (its script failed to load, or it died): every call it still owed fails with this. */
export class WorkerCrashed extends Error {
  constructor(
    detail: string,
    /** Its script (or a chunk it imports) could not be downloaded: offline, or an old tab after a release. */
    readonly loadFailed = false,
  ) {
    super(`worker stopped: ${detail}`);
    this.name = 'WorkerCrashed';
  }
}

/**
 * Calls `onCrash` once when the worker breaks. Comlink answers thrown errors itself, so an error
 * event means the worker cannot answer any more: a failed script load (an old page after a new
 * release, a network cut), an error outside any call, or a message it cannot read. Its pending
 * calls would never be answered, so the caller fails them and starts afresh.
 */
export function onWorkerCrash(worker: PoolWorker, onCrash: (error: WorkerCrashed) => void): void {
  let crashed = false;
  const stop = (event: Event) => {
    if (crashed) return;
    crashed = true;
    // Handled here: the browser must not also report it as an uncaught error of the page.
    event.preventDefault();
    worker.terminate();
    const message = (event as Partial<ErrorEvent>).message;
    // An error thrown inside the worker arrives as an ErrorEvent; a script that could not be fetched
    // as a bare 'error' Event (HTML's "fire an event named error at the worker").
    const loadFailed = event.type === 'error' && !('lineno' in event);
    onCrash(new WorkerCrashed(typeof message === 'string' && message ? message : event.type, loadFailed));
  };
  worker.addEventListener('error', stop as EventListener);
  worker.addEventListener('messageerror', stop as EventListener);
}

/** The part of an AbortSignal a pool listens to. */
export interface PoolSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
}

export interface WorkerPoolOptions<Api> {
  /**
   * Starts one worker. Each caller keeps its own `new Worker(new URL('./x.worker.ts', import.meta.url))`:
   * Vite finds and bundles workers by that literal.
   */
  create: () => PoolWorker;
  size: number;
  /**
   * What a cancel does to a running job. A function asks the worker to stop at its next check (the
   * caller is answered at once; the worker stays busy until the job returns). 'terminate' ends the
   * worker, for work that cannot be interrupted (canvas, wasm): the core and memory are free at once.
   */
  cancelRunning: 'terminate' | ((api: Remote<Api>, jobId: string) => void);
  /** The error a cancelled job rejects with (each capability has its own typed one). */
  cancelled: () => Error;
}

interface Slot<Api> {
  worker: PoolWorker;
  api: Remote<Api>;
  busy: boolean;
  /** Fails the job the slot runs, when its worker crashes. */
  crash?: (error: WorkerCrashed) => void;
}

interface Task<Api, T> {
  work: (api: Remote<Api>, jobId: string) => Promise<T>;
  signal?: PoolSignal;
  resolve: (value: T) => void;
  reject: (reason: unknown) => void;
}

/**
 * A fixed set of Comlink workers, started on demand and kept: jobs beyond the pool's size wait in
 * order, and can be cancelled while waiting or running. A worker that crashes fails the job it ran
 * with WorkerCrashed and is replaced for the next one. The hash, image and archive capabilities
 * each keep one; a tool with one worker uses WorkerClient (worker-client.ts).
 */
export class WorkerPool<Api> {
  private readonly slots: Slot<Api>[] = [];
  private readonly queue: Task<Api, unknown>[] = [];

  constructor(private readonly options: WorkerPoolOptions<Api>) {}

  get size(): number {
    return this.options.size;
  }

  run<T>(work: (api: Remote<Api>, jobId: string) => Promise<T>, signal?: PoolSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(this.options.cancelled());
    return new Promise<T>((resolve, reject) => {
      const task: Task<Api, T> = { work, signal, resolve, reject };
      signal?.addEventListener(
        'abort',
        () => {
          const index = this.queue.indexOf(task as Task<Api, unknown>);
          if (index < 0) return;
          this.queue.splice(index, 1);
          reject(this.options.cancelled());
        },
        { once: true },
      );
      this.queue.push(task as Task<Api, unknown>);
      this.pump();
    });
  }

  /** Ends every worker; running jobs never answer. For a page that goes away, and for benches. */
  terminate(): void {
    for (const slot of this.slots) slot.worker.terminate();
    this.slots.length = 0;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => !candidate.busy);
      if (!slot && this.slots.length < this.options.size) {
        const worker = this.options.create();
        const created: Slot<Api> = { worker, api: wrap<Api>(worker), busy: false };
        onWorkerCrash(worker, (error) => {
          const index = this.slots.indexOf(created);
          if (index < 0) return;
          this.slots.splice(index, 1);
          created.crash?.(error);
          this.pump();
        });
        slot = created;
        this.slots.push(slot);
      }
      if (!slot) return;
      this.start(slot, this.queue.shift()!);
    }
  }

  private start(slot: Slot<Api>, task: Task<Api, unknown>): void {
    slot.busy = true;
    // Not crypto.randomUUID: it is missing on plain-http LAN addresses (insecure contexts).
    const jobId = randomHexId();
    let settled = false;
    slot.crash = (error) => {
      if (settled) return;
      settled = true;
      task.reject(error);
    };
    const release = () => {
      slot.busy = false;
      this.pump();
    };
    task.signal?.addEventListener(
      'abort',
      () => {
        if (settled) return;
        settled = true;
        task.reject(this.options.cancelled());
        const { cancelRunning } = this.options;
        if (cancelRunning !== 'terminate') {
          cancelRunning(slot.api, jobId);
          return;
        }
        slot.worker.terminate();
        this.slots.splice(this.slots.indexOf(slot), 1);
        this.pump();
      },
      { once: true },
    );
    task.work(slot.api, jobId).then(
      (value) => {
        if (!settled) task.resolve(value);
        settled = true;
        if (this.slots.includes(slot)) release();
      },
      (error: unknown) => {
        if (!settled) task.reject(error);
        settled = true;
        if (this.slots.includes(slot)) release();
      },
    );
  }
}
