import { WebdavError, webdavErrorCode } from '@shared/contracts/webdav';
import type { SecretStore } from '@shared/contracts/secrets';
import type { WebdavCapability } from '@shared/contracts/webdav';
import type { NativeApi } from '@shared/contracts/native';
import { randomHexId } from '@/lib/ids';

/**
 * The desktop's WebDAV: main calls the server (no CORS there, no proxy, no login to our API needed);
 * the passwords are the 'webdav' namespace of the platform's secrets (OS encryption, in main). Each
 * call is a main-process job: a cancel rejects at once and tells main to stop.
 */
export function createNativeWebdav(native: NativeApi, passwords: SecretStore): WebdavCapability {
  const api = native.webdav;

  function job<T>(call: (jobId: string) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(new WebdavError('cancelled'));
    const jobId = randomHexId();
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const onAbort = () => {
        if (settled) return;
        settled = true;
        reject(new WebdavError('cancelled'));
        api.cancel(jobId).catch(() => undefined);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      call(jobId).then(
        (value) => {
          signal?.removeEventListener('abort', onAbort);
          if (settled) return;
          settled = true;
          resolve(value);
        },
        (error: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          if (settled) return;
          settled = true;
          // Only the message crossed the bridge: read the code back from it.
          reject(new WebdavError(webdavErrorCode(error) ?? 'failed', error instanceof Error ? error.message : String(error)));
        },
      );
    });
  }

  return {
    check: (connection, options = {}) => job((jobId) => api.check(connection, jobId), options.signal),
    list: (connection, folderPath, options = {}) => job((jobId) => api.list(connection, folderPath, jobId), options.signal),
    download: async (connection, filePath, options = {}) => {
      const { bytes, contentType } = await job((jobId) => api.download(connection, filePath, jobId, options.onProgress), options.signal);
      return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType });
    },
    passwords,
  };
}
