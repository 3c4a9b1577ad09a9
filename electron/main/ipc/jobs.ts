import type { IpcContext } from './handle';

/**
 * Long-running calls that the renderer can cancel by a job id it chose. Ids are scoped per
 * window, and a job also stops when its page goes away.
 */
export class Jobs {
  private readonly running = new Map<string, { controller: AbortController; settled: Promise<unknown> }>();

  async run<T>(context: IpcContext, jobId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const key = `${context.senderId}:${jobId}`;
    if (this.running.has(key)) throw new Error(`job ${jobId} is already running`);
    const controller = new AbortController();
    const result = work(AbortSignal.any([controller.signal, context.signal]));
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.running.set(key, { controller, settled });
    try {
      return await result;
    } finally {
      this.running.delete(key);
    }
  }

  /** Cancelling a job that already ended is not an error: the renderer cannot know it ended. */
  cancel(context: IpcContext, jobId: string): void {
    this.running.get(`${context.senderId}:${jobId}`)?.controller.abort();
  }

  /**
   * Cancels every job and waits (at most `graceMs`) until each has cleaned up after itself: stopped
   * its 7-Zip, removed its staging folder and partial file. Quitting without waiting would leave
   * `.baibao-extracting-*` folders and `.partial` files in the user's folders.
   */
  async stopAll(graceMs: number): Promise<void> {
    const jobs = [...this.running.values()];
    for (const job of jobs) job.controller.abort();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(jobs.map((job) => job.settled)), timeout]);
    clearTimeout(timer);
  }

  get size(): number {
    return this.running.size;
  }
}
