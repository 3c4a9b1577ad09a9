import { WorkerClient } from '@/lib/worker-client';
import type { RenderedBlock } from './render';
import type { RenderWorkerApi } from './render.worker';

const worker = new WorkerClient<RenderWorkerApi>(
  () => new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name: 'md-render' }),
);

interface Job {
  markdown: string;
  resolve: (blocks: RenderedBlock[] | null) => void;
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
    .renderBlocks(job.markdown)
    .then(job.resolve, job.reject)
    .finally(() => {
      running = false;
      pump();
    });
}

/**
 * Renders in the worker, one document at a time with at most one waiting: a newer text replaces the
 * waiting one (which resolves to null), so fast typing renders the latest text, not every keystroke.
 */
export function renderInWorker(markdown: string): Promise<RenderedBlock[] | null> {
  return new Promise((resolve, reject) => {
    waiting?.resolve(null);
    waiting = { markdown, resolve, reject };
    pump();
  });
}

/** The whole document's (unsanitised) HTML, for export. */
export function renderHtmlInWorker(markdown: string): Promise<string> {
  return worker.api.renderHtml(markdown);
}
