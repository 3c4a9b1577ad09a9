import { proxy } from 'comlink';
import { WorkerClient } from '@/lib/worker-client';
import type { DigestWorkerApi } from './digest.worker';
import type { DigestProgress, PartDigests } from './part-digest';

/**
 * Digests parts in a worker of their own. Each job gets a fresh worker that is ended when the job
 * ends, which is also how a cancel stops it at once, mid-chunk. A worker script that fails to load
 * (a stale page after a deploy) fails the job with WorkerCrashed instead of hanging it.
 */
export function digestInWorker(
  parts: readonly Blob[],
  onProgress: (progress: DigestProgress) => void,
  signal: AbortSignal,
): Promise<PartDigests> {
  if (signal.aborted) return Promise.reject(new DOMException('cancelled', 'AbortError'));
  const client = new WorkerClient<DigestWorkerApi>(
    () => new Worker(new URL('./digest.worker.ts', import.meta.url), { type: 'module', name: 'file-cutmerge' }),
  );
  return new Promise<PartDigests>((resolve, reject) => {
    const abort = () => {
      reject(new DOMException('cancelled', 'AbortError'));
      client.terminate('cancelled');
    };
    signal.addEventListener('abort', abort, { once: true });
    client.api
      .digestParts([...parts], proxy(onProgress))
      .then(resolve, reject)
      .finally(() => {
        signal.removeEventListener('abort', abort);
        client.terminate();
      });
  });
}
