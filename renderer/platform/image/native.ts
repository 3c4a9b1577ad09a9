import { ImageError, imageErrorCode } from '@shared/contracts/image-base';
import type { ImageCapability } from '@shared/contracts/image';
import type { NativeApi } from '@shared/contracts/native';
import { randomHexId } from '@/lib/ids';

/**
 * Images on the desktop: sharp in the main process reads the file from its path, so the page never
 * decodes the pixels. A file without a path (pasted from the clipboard) goes to `fallback`, the
 * browser engine, and so does a file sharp cannot read (`unsupportedInput`: HEVC-coded HEIC, which
 * the prebuilt libvips leaves out, BMP, ICO), since the browser engine decodes those.
 * Cancelling rejects at once and tells main to stop between its stages.
 */
export function createNativeImage(native: NativeApi, fallback: ImageCapability): ImageCapability {
  return {
    engine: 'native',
    probe(file) {
      if (!native.image.hasPath(file)) return fallback.probe(file);
      return native.image.probe(file).catch((error: unknown) => {
        if (imageErrorCode(error) === 'unsupportedInput') return fallback.probe(file);
        throw error;
      });
    },
    process(file, job, options = {}) {
      if (!native.image.hasPath(file)) return fallback.process(file, job, options);
      const { signal, onProgress } = options;
      if (signal?.aborted) return Promise.reject(new ImageError('cancelled'));
      const jobId = randomHexId();
      return new Promise((resolve, reject) => {
        let settled = false;
        const settle = (finish: () => void) => {
          if (settled) return;
          settled = true;
          finish();
        };
        signal?.addEventListener('abort', () =>
          settle(() => {
            reject(new ImageError('cancelled'));
            // The job may have ended in main meanwhile; a failed cancel changes nothing for the caller.
            native.image.cancel(jobId).catch(() => undefined);
          }),
        );
        onProgress?.(0.1);
        native.image.process(file, job, jobId).then(
          (result) =>
            settle(() => {
              onProgress?.(1);
              resolve(result);
            }),
          (error: unknown) => {
            if (imageErrorCode(error) !== 'unsupportedInput' || signal?.aborted) {
              settle(() => reject(error));
              return;
            }
            fallback.process(file, job, options).then(
              (result) => settle(() => resolve(result)),
              (fallbackError: unknown) => settle(() => reject(fallbackError)),
            );
          },
        );
      });
    },
  };
}
