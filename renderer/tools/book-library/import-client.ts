import { WorkerClient } from '@/lib/worker-client';
import type { ImportWorkerApi } from './import.worker';

export { WorkerCrashed } from '@/lib/worker-client';

const client = new WorkerClient<ImportWorkerApi>(
  () => new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'book-import' }),
);

/**
 * One worker for the page, started on the first import: reading a book's metadata touches only its
 * OPF or record 0 (the id of a book without an identifier hashes its bytes, in 4 MB slices), so one
 * keeps up with a folder of books; calls queue in order and reject with WorkerCrashed if it breaks.
 */
export function importWorker(): ImportWorkerApi {
  return client.api as unknown as ImportWorkerApi;
}
