import { expose, transfer, wrap } from 'comlink';
import type { HashAlgorithm, HashDigests, HashProgress } from '@shared/contracts/hash';
import { hashSource } from './hash-core';
import type { DigestSink } from './hash-core';
import type { HashComputeApi } from './hash-compute.worker';

const cancelled = new Set<string>();

class ComputeWorkerFailed extends Error {}

let compute: DigestSink | undefined;
let computeFailed = false;

/**
 * This worker reads; a worker of its own hashes (see DigestSink). The File itself never leaves
 * this worker. Comlink would wait forever on a worker that failed to load (a CSP, a missing
 * chunk), so its error event fails the calls instead, and hashing falls back to this thread.
 */
function computeSink(): DigestSink | undefined {
  if (typeof Worker === 'undefined' || computeFailed) return undefined;
  if (compute) return compute;
  const worker = new Worker(new URL('./hash-compute.worker.ts', import.meta.url), { type: 'module', name: 'hash-compute' });
  const remote = wrap<HashComputeApi>(worker);
  const failure = new Promise<never>((_, reject) => worker.addEventListener('error', () => reject(new ComputeWorkerFailed('hash compute worker failed')), { once: true }));
  failure.catch(() => undefined);
  compute = {
    start: (algorithms) => Promise.race([remote.start(algorithms), failure]),
    update: (part) => Promise.race([remote.update(transfer(part, [part])), failure]),
    digest: () => Promise.race([remote.digest(), failure]),
  };
  return compute;
}

async function hashHere(file: Blob, algorithms: readonly HashAlgorithm[], onProgress: ((progress: HashProgress) => void) | undefined, isCancelled: () => boolean): Promise<HashDigests> {
  try {
    return await hashSource(file, { algorithms, onProgress, isCancelled, sink: computeSink() });
  } catch (error) {
    if (!(error instanceof ComputeWorkerFailed)) throw error;
    computeFailed = true;
    return hashSource(file, { algorithms, onProgress, isCancelled });
  }
}

/** What the hash worker offers the UI thread (through Comlink). One job runs at a time per worker. */
export const hashWorkerApi = {
  async hashFile(jobId: string, file: Blob, algorithms: readonly HashAlgorithm[], onProgress?: (progress: HashProgress) => void): Promise<HashDigests> {
    try {
      return await hashHere(file, algorithms, onProgress, () => cancelled.has(jobId));
    } finally {
      cancelled.delete(jobId);
    }
  },
  cancel(jobId: string): void {
    cancelled.add(jobId);
  },
};

export type HashWorkerApi = typeof hashWorkerApi;

expose(hashWorkerApi);
