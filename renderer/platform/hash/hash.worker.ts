import { expose, transfer, wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { HashAlgorithm, HashDigests, HashProgress } from '@shared/contracts/hash';
import { hashSource } from './hash-core';
import type { DigestSink } from './hash-core';
import { algorithmGroups } from '@shared/hash/algorithm-groups';
import type { HashComputeApi } from './hash-compute.worker';

const cancelled = new Set<string>();

class ComputeWorkerFailed extends Error {}

interface ComputeWorker {
  remote: Remote<HashComputeApi>;
  /** Rejects once the worker fails to load: Comlink would otherwise wait forever on its calls. */
  failure: Promise<never>;
}

const computeWorkers: ComputeWorker[] = [];
let computeFailed = false;

/** Hashing threads per file: the algorithms of a pass are split among them (shared/hash/algorithm-groups.ts). */
const MAX_COMPUTE_WORKERS = Math.max(1, Math.min(3, globalThis.navigator?.hardwareConcurrency ?? 2));

function computeWorker(index: number): ComputeWorker {
  let found = computeWorkers[index];
  if (!found) {
    const worker = new Worker(new URL('./hash-compute.worker.ts', import.meta.url), { type: 'module', name: 'hash-compute' });
    const failure = new Promise<never>((_, reject) =>
      worker.addEventListener('error', () => reject(new ComputeWorkerFailed('hash compute worker failed')), { once: true }),
    );
    failure.catch(() => undefined);
    found = { remote: wrap<HashComputeApi>(worker), failure };
    computeWorkers[index] = found;
  }
  return found;
}

const call = <T>(worker: ComputeWorker, pending: Promise<T>): Promise<T> => Promise.race([pending, worker.failure]);

/**
 * This worker reads; workers of its own hash (see DigestSink), each a group of the algorithms, so
 * all six in one pass use more than one core. The File itself never leaves this worker. Where
 * nested workers are missing or fail to load, hashing falls back to this thread.
 */
function computeSink(): DigestSink | undefined {
  if (typeof Worker === 'undefined' || computeFailed) return undefined;
  let active: ComputeWorker[] = [];
  return {
    async start(algorithms) {
      const groups = algorithmGroups(algorithms, MAX_COMPUTE_WORKERS);
      active = groups.map((_, index) => computeWorker(index));
      await Promise.all(active.map((worker, index) => call(worker, worker.remote.start(groups[index] ?? []))));
    },
    async update(part) {
      // Every worker but the last gets a copy of its own; the last takes the part itself.
      await Promise.all(
        active.map((worker, index) => {
          const own = index === active.length - 1 ? part : part.slice(0);
          return call(worker, worker.remote.update(transfer(own, [own])));
        }),
      );
    },
    async digest() {
      const digests = await Promise.all(active.map((worker) => call(worker, worker.remote.digest())));
      return Object.assign({}, ...digests) as HashDigests;
    },
  };
}

async function hashHere(
  file: Blob,
  algorithms: readonly HashAlgorithm[],
  onProgress: ((progress: HashProgress) => void) | undefined,
  isCancelled: () => boolean,
): Promise<HashDigests> {
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
  async hashFile(
    jobId: string,
    file: Blob,
    algorithms: readonly HashAlgorithm[],
    onProgress?: (progress: HashProgress) => void,
  ): Promise<HashDigests> {
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
