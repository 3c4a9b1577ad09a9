import type { IpcContext } from './handle';

/**
 * Long-running calls that the renderer can cancel by a job id it chose. Ids are scoped per
 * window, and a job also stops when its window goes away.
 */
export class Jobs {
  private readonly running = new Map<string, AbortController>();

  async run<T>(context: IpcContext, jobId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const key = `${context.senderId}:${jobId}`;
    if (this.running.has(key)) throw new Error(`job ${jobId} is already running`);
    const controller = new AbortController();
    this.running.set(key, controller);
    try {
      return await work(AbortSignal.any([controller.signal, context.signal]));
    } finally {
      this.running.delete(key);
    }
  }

  /** Cancelling a job that already ended is not an error: the renderer cannot know it ended. */
  cancel(context: IpcContext, jobId: string): void {
    this.running.get(`${context.senderId}:${jobId}`)?.abort();
  }

  get size(): number {
    return this.running.size;
  }
}
