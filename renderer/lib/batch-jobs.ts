/** Where one job of a batch stands; `BatchList` shows the same five. */
export type JobStatus = 'queued' | 'running' | 'done' | 'error' | 'cancelled';

/** What the engine tells the page about one job. Each job's updates arrive in order and stop at its end (until a retry). */
export type JobUpdate<Result> =
  | { status: 'queued' | 'running' | 'cancelled'; progress: number }
  | { status: 'done'; progress: 1; result: Result }
  | { status: 'error'; progress: number; error: unknown };

/** What a running job gets from the engine. */
export interface JobContext {
  readonly id: string;
  /** Aborted when the job is cancelled, removed or cleared. */
  readonly signal: AbortSignal;
  /** 0…1. Reports after the job ended are dropped; with `progressInterval`, so are reports closer together than that. */
  progress(fraction: number): void;
}

export interface BatchJobsOptions<Input, Result> {
  /** Jobs running at once; the rest wait in the order they were added. */
  concurrency: number;
  /** The job itself: hand the work to a worker, pool or capability and resolve with its result. */
  run(input: Input, job: JobContext): Promise<Result>;
  onUpdate(id: string, update: JobUpdate<Result>): void;
  /**
   * When a job counts as running: when the engine calls `run` ('start'), or at its first progress
   * report ('progress') — for capabilities that queue jobs themselves (the hash pool), where a
   * called job may still be waiting for a worker.
   */
  runningFrom?: 'start' | 'progress';
  /** Least time (ms) between two progress updates of one job, so a batch of small files cannot flood the page with renders. */
  progressInterval?: number;
  /**
   * Whether a failed job is queued again (`tries`: how often it ran). Retries run one at a time: after
   * a worker crash, a script that cannot load fails each quickly, and a file that brings the worker
   * down fails alone instead of taking the jobs retried beside it down again.
   */
  retry?: (error: unknown, tries: number) => boolean;
}

interface Job<Input> {
  readonly id: string;
  input: Input;
  tries: number;
  controller?: AbortController;
  state: 'queued' | 'running' | 'ended';
  retrying: boolean;
}

/**
 * The one batch-job engine of the renderer: a queue with a concurrency cap, per-job status,
 * progress, result or error, cancel one or all, retry, and `idle()` for what must wait for the
 * whole batch (a zip of all results). It only keeps books on the page's thread: the work is `run`'s,
 * which hands it to a Web Worker (WorkerClient, WorkerPool) or a capability. A job that fails —
 * its worker crashed (WorkerCrashed), its file is bad — ends in 'error' alone; the rest go on.
 *
 * The engine keeps no rows: the page keeps its items where it likes (a zustand store) and applies
 * `onUpdate`'s changes to them.
 */
export class BatchJobs<Input, Result> {
  private readonly jobs = new Map<string, Job<Input>>();
  private readonly queue: Job<Input>[] = [];
  private readonly retries: Job<Input>[] = [];
  private running = 0;
  private retryRunning = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: BatchJobsOptions<Input, Result>) {}

  /** Queues a job under the caller's id (the row's). An id still in the batch is replaced. */
  add(id: string, input: Input): void {
    this.remove(id);
    const job: Job<Input> = { id, input, tries: 0, state: 'queued', retrying: false };
    this.jobs.set(id, job);
    this.queue.push(job);
    this.options.onUpdate(id, { status: 'queued', progress: 0 });
    this.pump();
  }

  /** Runs an ended job again (done, failed or cancelled), with new input if given. False while it is still queued or running. */
  retry(id: string, input?: Input): boolean {
    const job = this.jobs.get(id);
    if (!job || job.state !== 'ended') return false;
    this.add(id, input ?? job.input);
    return true;
  }

  /** A queued job ends at once; a running one is aborted and ends now, whenever its work stops. */
  cancel(id: string): void {
    const job = this.jobs.get(id);
    if (!job || job.state === 'ended') return;
    this.end(job, { status: 'cancelled', progress: 0 });
  }

  cancelAll(): void {
    for (const job of [...this.jobs.values()]) this.cancel(job.id);
  }

  /** Cancels the job and forgets it: no more updates for this id. */
  remove(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.delete(id);
    if (job.state !== 'ended') this.end(job);
  }

  clear(): void {
    for (const id of [...this.jobs.keys()]) this.remove(id);
  }

  /** Jobs queued or running. */
  get pending(): number {
    let count = 0;
    for (const job of this.jobs.values()) if (job.state !== 'ended') count += 1;
    return count;
  }

  /** Resolves once no job is queued or running (at once when none is): what a "download all" waits for. */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Ends a job that has not ended: out of the queues, its work aborted, the page told (unless it was removed). */
  private end(job: Job<Input>, update?: JobUpdate<Result>): void {
    const wasQueued = job.state === 'queued';
    job.state = 'ended';
    if (wasQueued) {
      const lane = job.retrying ? this.retries : this.queue;
      const at = lane.indexOf(job);
      if (at >= 0) lane.splice(at, 1);
    }
    job.controller?.abort();
    if (update && this.jobs.get(job.id) === job) this.options.onUpdate(job.id, update);
    this.settleIdle();
  }

  private pump(): void {
    while (this.running < this.options.concurrency) {
      const job = !this.retryRunning && this.retries.length > 0 ? this.retries.shift() : this.queue.shift();
      if (!job) break;
      this.start(job);
    }
  }

  private start(job: Job<Input>): void {
    const { run, onUpdate, runningFrom = 'start', progressInterval = 0, retry } = this.options;
    const controller = new AbortController();
    const retrying = job.retrying;
    job.controller = controller;
    job.state = 'running';
    job.tries += 1;
    this.running += 1;
    if (retrying) this.retryRunning = true;
    const live = () => job.state === 'running' && job.controller === controller && this.jobs.get(job.id) === job;
    let reported = -Infinity;
    let started = runningFrom === 'start';
    if (started) onUpdate(job.id, { status: 'running', progress: 0 });
    const context: JobContext = {
      id: job.id,
      signal: controller.signal,
      progress: (fraction) => {
        if (!live()) return;
        const now = performance.now();
        if (!started) {
          started = true;
          onUpdate(job.id, { status: 'running', progress: 0 });
        }
        if (now - reported < progressInterval && fraction < 1) return;
        reported = now;
        onUpdate(job.id, { status: 'running', progress: Math.min(1, Math.max(0, fraction)) });
      },
    };
    let work: Promise<Result>;
    try {
      work = run(job.input, context);
    } catch (error) {
      work = Promise.reject(error);
    }
    work
      .then(
        (result) => {
          if (live()) this.end(job, { status: 'done', progress: 1, result });
        },
        (error: unknown) => {
          if (!live()) return;
          if (retry?.(error, job.tries)) {
            job.state = 'queued';
            job.retrying = true;
            job.controller = undefined;
            this.retries.push(job);
            onUpdate(job.id, { status: 'queued', progress: 0 });
            return;
          }
          this.end(job, { status: 'error', progress: 0, error });
        },
      )
      .finally(() => {
        this.running -= 1;
        if (retrying) this.retryRunning = false;
        this.pump();
        this.settleIdle();
      });
  }

  private settleIdle(): void {
    if (this.idleWaiters.length === 0 || this.pending > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }
}
