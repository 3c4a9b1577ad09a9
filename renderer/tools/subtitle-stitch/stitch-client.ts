import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { StitchWorkerApi } from './stitch.worker';

let api: Remote<StitchWorkerApi> | undefined;

/** One worker for the tool: it keeps the preview bitmaps, so every call must reach the same one. */
export function stitchWorker(): Remote<StitchWorkerApi> {
  api ??= wrap<StitchWorkerApi>(new Worker(new URL('./stitch.worker.ts', import.meta.url), { type: 'module', name: 'subtitle-stitch' }));
  return api;
}
