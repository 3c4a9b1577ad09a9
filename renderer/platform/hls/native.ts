import type { HlsSourceCapability } from '@shared/contracts/hls';
import type { NativeApi } from '@shared/contracts/native';
import { randomHexId } from '@/lib/ids';

/** What an aborted fetch rejects with, as the browser's does, so the core tells a pause from a failure. */
const aborted = () => new DOMException('The download was stopped', 'AbortError');

/** Electron prefixes errors thrown in main with "Error invoking remote method 'hls:fetch': Error: "; main's own text is what the user needs. */
const mainMessage = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/^Error invoking remote method '[^']+': (\w*Error: )?/, '');

/**
 * The desktop's source for /m3u8/downloader: main fetches (no CORS, no proxy, no quota). Each call
 * is a main-process job under a request id, so an abort (pause, cancel) rejects at once and tells
 * main to stop its download.
 */
export function createNativeHls(native: NativeApi): HlsSourceCapability {
  const api = native.hls;
  return {
    route: 'direct',
    fetch(url, init) {
      const { signal } = init;
      if (signal?.aborted) return Promise.reject(aborted());
      const range = Object.entries(init.headers ?? {}).find(([name]) => name.toLowerCase() === 'range')?.[1];
      const jobId = randomHexId();
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          reject(aborted());
          api.cancel(jobId).catch(() => undefined);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        api.fetch(url, range, jobId).then(
          ({ status, bytes }) => {
            signal?.removeEventListener('abort', onAbort);
            resolve({
              ok: status >= 200 && status <= 299,
              status,
              arrayBuffer: async () => bytes.slice().buffer,
            });
          },
          (error: unknown) => {
            signal?.removeEventListener('abort', onAbort);
            reject(new Error(mainMessage(error)));
          },
        );
      });
    },
  };
}
