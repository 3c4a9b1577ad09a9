import { expose } from 'comlink';
import type { HashAlgorithm, HashDigests } from '@shared/contracts/hash';
import { startHashers } from './hash-core';
import type { RunningHashers } from './hash-core';

let running: RunningHashers | undefined;

/**
 * The hashing half of a hash worker's pipeline: the hash worker reads the file and transfers each
 * piece here, so reading (which needs its own thread free to take in the blob pipe's data) and
 * hashing run on two cores at once. Messages arrive in order, so a job's `start` always follows
 * the pieces of any job cancelled before it.
 */
export const hashComputeApi = {
  async start(algorithms: readonly HashAlgorithm[]): Promise<void> {
    running = await startHashers(algorithms);
  },
  update(piece: ArrayBuffer): void {
    if (!running) throw new Error('hash compute worker: update before start');
    running.update(new Uint8Array(piece));
  },
  digest(): HashDigests {
    if (!running) throw new Error('hash compute worker: digest before start');
    const digests = running.digest();
    running = undefined;
    return digests;
  },
};

export type HashComputeApi = typeof hashComputeApi;

expose(hashComputeApi);
