import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { DisorderOptions, DisorderResult } from './text-disorder.service';
import type { DisorderWorkerApi } from './text-disorder.worker';

let api: Remote<DisorderWorkerApi> | undefined;

function worker(): Remote<DisorderWorkerApi> {
  api ??= wrap<DisorderWorkerApi>(new Worker(new URL('./text-disorder.worker.ts', import.meta.url), { type: 'module', name: 'text-disorder' }));
  return api;
}

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
  worker()
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
