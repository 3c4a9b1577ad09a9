import { WorkerClient } from '@/lib/worker-client';
import type { Remote } from 'comlink';
import type { StitchWorkerApi } from './stitch.worker';

const client = new WorkerClient<StitchWorkerApi>(
  () => new Worker(new URL('./stitch.worker.ts', import.meta.url), { type: 'module', name: 'subtitle-stitch' }),
);

/**
 * One worker for the tool: it keeps the preview bitmaps, so every call must reach the same one. A
 * crashed worker fails its calls (WorkerCrashed) instead of leaving them pending; the fresh worker
 * the next call starts knows no screenshots, so those calls fail as for an unknown id.
 */
export function stitchWorker(): Remote<StitchWorkerApi> {
  return client.api;
}
