import { WorkerClient } from '@/lib/worker-client';
import type { DisorderOptions, DisorderResult } from './text-disorder.service';
import type { DisorderWorkerApi } from './text-disorder.worker';

/** A crashed worker fails the running shuffle (WorkerCrashed) instead of leaving the page waiting, and the next shuffle starts a fresh one. */
const worker = new WorkerClient<DisorderWorkerApi>(
  () => new Worker(new URL('./text-disorder.worker.ts', import.meta.url), { type: 'module', name: 'text-disorder' }),
);

interface Job {
  input: string;
  options: DisorderOptions;
  resolve: (result: DisorderResult | null) => void;
  reject: (reason: unknown) => void;
}

let running = false;
let waiting: Job | undefined;

function pump(): void {
  if (running || !waiting) return;
  const job = waiting;
  waiting = undefined;
  running = true;
  worker.api
    .disorder(job.input, job.options)
    .then(job.resolve, job.reject)
    .finally(() => {
      running = false;
      pump();
    });
}

/**
 * Shuffles in the worker, one call at a time with at most one waiting: a newer call replaces the
 * waiting one, whose promise resolves to null. Dragging the intensity slider over a long text so
 * computes the latest position, not every position in between.
 */
export function disorderInWorker(input: string, options: DisorderOptions): Promise<DisorderResult | null> {
  return new Promise((resolve, reject) => {
    waiting?.resolve(null);
    waiting = { input, options, resolve, reject };
    pump();
  });
}
