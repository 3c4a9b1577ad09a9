import { WorkerClient } from '@/lib/worker-client';
import type { SketchWorkerApi } from './sketch.worker';

export { WorkerCrashed } from '@/lib/worker-client';

const client = new WorkerClient<SketchWorkerApi>(
  () => new Worker(new URL('./sketch.worker.ts', import.meta.url), { type: 'module', name: 'sketch' }),
);

// Comlink's Remote type cannot follow the Outcome unions; the worker's own signatures are the truth.
const calls: SketchWorkerApi = client.api as unknown as SketchWorkerApi;

/** The page's one Sketch worker: it keeps the open file, so every call goes to the same one. */
export function sketchWorker(): SketchWorkerApi {
  return calls;
}

/** Ends the worker and the file it holds (a new file, or leaving the page). */
export function closeSketchWorker(): void {
  client.terminate('closed');
}
