import { HashCancelledError } from '@shared/contracts/hash';
import type { HashCapability } from '@shared/contracts/hash';
import type { NativeApi } from '@shared/contracts/native';
import { randomHexId } from '@/lib/ids';

/**
 * Hashing in the Electron main process with node:crypto: the file is read from disk there, so
 * nothing is copied into the page. Cancelling through `options.signal` stops the read in main and
 * rejects at once with `HashCancelledError`, without waiting for main to acknowledge.
 */
export function createNativeHash(native: NativeApi): HashCapability {
  return {
    engine: 'native',
    hashFile(file, { algorithms, onProgress, signal }) {
      if (signal?.aborted) return Promise.reject(new HashCancelledError());
      const jobId = randomHexId();
      return new Promise((resolve, reject) => {
        let settled = false;
        signal?.addEventListener('abort', () => {
          if (settled) return;
          settled = true;
          reject(new HashCancelledError());
          // The job may have finished in main meanwhile; a failed cancel changes nothing for the caller.
          native.hash.cancel(jobId).catch(() => undefined);
        });
        native.hash
          .hashFile(file, algorithms, jobId, (progress) => {
            if (!settled) onProgress?.(progress);
          })
          .then(
            (digests) => {
              if (settled) return;
              settled = true;
              resolve(digests);
            },
            (error: unknown) => {
              if (settled) return;
              settled = true;
              reject(error);
            },
          );
      });
    },
  };
}
