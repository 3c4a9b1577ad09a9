import { proxy, wrap } from 'comlink';
import type { DigestWorkerApi } from './digest.worker';
import type { DigestProgress, PartDigests } from './part-digest';

/**
 * Digests parts in a worker of their own. Each job gets a fresh worker that is terminated when the
 * job ends, which is also how a cancel stops it at once, mid-chunk.
 */
export function digestInWorker(parts: readonly Blob[], onProgress: (progress: DigestProgress) => void, signal: AbortSignal): Promise<PartDigests> {
  if (signal.aborted) return Promise.reject(new DOMException('cancelled', 'AbortError'));
  const worker = new Worker(new URL('./digest.worker.ts', import.meta.url), { type: 'module', name: 'file-cutmerge' });
  const api = wrap<DigestWorkerApi>(worker);
  return new Promise<PartDigests>((resolve, reject) => {
    const abort = () => {
      worker.terminate();
      reject(new DOMException('cancelled', 'AbortError'));
    };
    signal.addEventListener('abort', abort, { once: true });
    // A worker script that fails to load (e.g. a stale page after a deploy) must fail the job, not hang it.
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(event.message || 'the checksum worker failed to start'));
    });
    api.digestParts([...parts], proxy(onProgress)).then(resolve, reject).finally(() => {
      signal.removeEventListener('abort', abort);
      worker.terminate();
    });
  });
}
