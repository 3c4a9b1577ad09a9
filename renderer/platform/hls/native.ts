import type { HlsSourceCapability } from '@shared/contracts/hls';
import type { NativeApi } from '@shared/contracts/native';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { ProxyError } from '@/http/proxy';
import type { ProxyErrorKind } from '@/http/proxy';
import { randomHexId } from '@/lib/ids';

/** What an aborted fetch rejects with, as the browser's does, so the core tells a pause from a failure. */
const aborted = () => new DOMException('The download was stopped', 'AbortError');

/** The page's language, as the proxy client reads it (renderer/platform/proxy.ts). */
const language = () => ((globalThis.document?.documentElement.lang ?? '').toLowerCase().startsWith('en') ? 'en' : 'cn');

/**
 * Main's failures (`hls <code>: <detail>`, electron/main/adapters/hls-fetch.ts) as the proxy's, which
 * the page already translates: the limits are the same kind of limits, only enforced in main.
 */
function mainFailure(error: unknown): Error {
  const text = error instanceof Error ? error.message : String(error);
  const match = /\bhls (\w+)(?:: (.*))?$/s.exec(text);
  const detail = Number(match?.[2]);
  const as = (kind: ProxyErrorKind, message: ServerMessage) =>
    new ProxyError(kind, serverMessageText(message, language()), undefined, [message.key]);
  switch (match?.[1]) {
    case 'unreachable':
      return as('network', { key: 'proxy.upstreamFailed' });
    case 'timeout':
      return as('network', { key: 'proxy.timeout', params: { seconds: detail || 60 } });
    case 'tooManyRedirects':
      return as('refused', { key: 'proxy.tooManyRedirects' });
    case 'tooLarge':
      return as('responseTooLarge', {
        key: 'proxy.responseTooLarge',
        params: { megabytes: Math.max(1, Math.round(detail / 1024 / 1024) || 1) },
      });
    case 'badUrl':
      return as('refused', { key: 'proxy.badUrl' });
    case 'cancelled':
      return aborted();
    default:
      // Refused by main's argument check (an address over 8 KB): Electron's wrapping is no help to anyone.
      return new Error(text.replace(/^Error invoking remote method '[^']+': (\w*Error: )?/, ''));
  }
}

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
          ({ status, url: finalUrl, bytes }) => {
            signal?.removeEventListener('abort', onAbort);
            resolve({
              ok: status >= 200 && status <= 299,
              status,
              // After main followed redirects: a playlist's relative addresses resolve against it.
              url: finalUrl,
              arrayBuffer: async () => bytes.slice().buffer,
            });
          },
          (error: unknown) => {
            signal?.removeEventListener('abort', onAbort);
            reject(mainFailure(error));
          },
        );
      });
    },
  };
}
