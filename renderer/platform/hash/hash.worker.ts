import { expose } from 'comlink';
import type { HashAlgorithm, HashDigests, HashProgress } from '@shared/contracts/hash';
import { hashSource } from './hash-core';

const cancelled = new Set<string>();

/** What the hash worker offers the UI thread (through Comlink). One job runs at a time per worker. */
export const hashWorkerApi = {
  async hashFile(jobId: string, file: Blob, algorithms: readonly HashAlgorithm[], onProgress?: (progress: HashProgress) => void): Promise<HashDigests> {
    try {
      return await hashSource(file, { algorithms, onProgress, isCancelled: () => cancelled.has(jobId) });
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
