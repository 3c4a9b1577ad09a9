import { WorkerClient } from '@/lib/worker-client';
import type { ExcelWorkerApi } from './excel.worker';

export { WorkerCrashed } from '@/lib/worker-client';

const client = new WorkerClient<ExcelWorkerApi>(
  () => new Worker(new URL('./excel.worker.ts', import.meta.url), { type: 'module', name: 'excel' }),
);

// Comlink's Remote type cannot follow every return type; the worker's own signatures are the truth.
type Async<Api> = { [K in keyof Api]: Api[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never };

/** One worker per page holds the open workbook; calls queue in order. */
export const excelWorker = client.api as unknown as Async<ExcelWorkerApi>;

/** Ends the worker (a file that takes too long, or leaving the page); the next call starts a fresh one. */
export function stopExcelWorker(): void {
  client.terminate();
}
