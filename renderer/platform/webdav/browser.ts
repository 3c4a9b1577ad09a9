import { PROXY_HEADERS } from '@shared/contracts/proxy';
import { WebdavError } from '@shared/contracts/webdav';
import type { SecretStore } from '@shared/contracts/secrets';
import type { WebdavCapability, WebdavConnection, WebdavItem } from '@shared/contracts/webdav';
import {
  basicAuthorization,
  checkMultistatus,
  MAX_LISTING_BYTES,
  parseMultistatus,
  PROPFIND_BODY,
  statusError,
  targetUrl,
} from '@shared/books/webdav-multistatus';
import { ProxyError } from '@/http/proxy';
import type { ProxyClient } from '@/http/proxy';

const PROGRESS_INTERVAL_MS = 100;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/** The proxy's refusals by message key (docs/api.md): which of them mean what for the page. */
const UNREACHABLE_KEYS = new Set(['proxy.dnsFailed', 'proxy.upstreamFailed', 'proxy.certificateInvalid']);

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** Whatever a proxied call threw, as the code the page translates. */
export function webdavErrorOf(error: unknown, signal?: AbortSignal): WebdavError {
  if (error instanceof WebdavError) return error;
  if (signal?.aborted || isAbort(error)) return new WebdavError('cancelled');
  if (!(error instanceof ProxyError)) return new WebdavError('failed', error instanceof Error ? error.message : String(error));
  switch (error.kind) {
    case 'unauthorized':
      return new WebdavError('loginRequired', error.message);
    case 'responseTooLarge':
      return new WebdavError('tooLarge', error.message);
    case 'network':
      return new WebdavError('unreachable', error.message);
    case 'refused':
      if (error.keys.includes('proxy.timeout') || error.status === 504) return new WebdavError('timeout', error.message);
      if (error.keys.includes('proxy.responseTooLarge') || error.status === 413) return new WebdavError('tooLarge', error.message);
      if (error.keys.some((key) => UNREACHABLE_KEYS.has(key))) return new WebdavError('unreachable', error.message);
      return new WebdavError('refused', error.message);
  }
}

interface ReadOptions {
  signal?: AbortSignal;
  /** Bytes beyond this are refused as 'tooLarge' (the listing's own cap, far under the proxy's). */
  limit?: number;
  onProgress?: (loaded: number, total: number | undefined) => void;
}

/**
 * A body read as it streams: progress at most every 100 ms and once at the end, a break at the
 * proxy's cap told from a lost connection (as `proxy.bytes` does), a cancel told from both.
 */
async function readBody(response: Response, { signal, limit = Infinity, onProgress }: ReadOptions): Promise<Uint8Array<ArrayBuffer>[]> {
  const declared = Number(response.headers.get('Content-Length'));
  const total = Number.isFinite(declared) && declared >= 0 && response.headers.has('Content-Length') ? declared : undefined;
  if (total !== undefined && total > limit) throw new WebdavError('tooLarge', `${total} bytes`);
  const cap = Number(response.headers.get(PROXY_HEADERS.maxBytes));
  const reader = response.body?.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  if (!reader) return chunks;
  let loaded = 0;
  let reported = 0;
  onProgress?.(0, total);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value as Uint8Array<ArrayBuffer>);
      loaded += value.length;
      if (loaded > limit) throw new WebdavError('tooLarge', `over ${limit} bytes`);
      const now = Date.now();
      if (onProgress && now - reported >= PROGRESS_INTERVAL_MS) {
        reported = now;
        onProgress(loaded, total);
      }
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (error instanceof WebdavError) throw error;
    if (signal?.aborted || isAbort(error)) throw new WebdavError('cancelled');
    if (Number.isFinite(cap) && cap > 0 && loaded >= cap) throw new WebdavError('tooLarge', `cut at the proxy's ${cap} bytes`);
    throw new WebdavError('unreachable', `the answer broke off after ${loaded} bytes`);
  }
  onProgress?.(loaded, total);
  return chunks;
}

function toText(chunks: Uint8Array[]): string {
  const all = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(all);
}

/**
 * The website's WebDAV: every call goes through the API's guarded proxy (purpose `webdav`, which
 * needs a login), since WebDAV servers send no CORS headers and our CSP allows our origin only.
 * The user's own login travels as `X-Target-Authorization`, never as the site's Authorization.
 */
export function createBrowserWebdav(proxy: ProxyClient, passwords: SecretStore): WebdavCapability {
  /**
   * One proxied call. The proxy follows redirects only for calls without a body, so a PROPFIND's
   * 3xx (a NAS moving http to https, a folder address without its slash) is followed here, up to
   * the proxy's 5 hops, with the login kept to the first origin as the proxy does.
   */
  async function call(
    connection: WebdavConnection,
    url: string,
    method: 'PROPFIND' | 'GET',
    signal: AbortSignal | undefined,
    extra: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<{ response: Response; url: string }> {
    const origin = new URL(url).origin;
    let current = url;
    try {
      for (let hop = 0; ; hop += 1) {
        const response = await proxy.fetch('webdav', current, {
          method,
          ...extra,
          ...(signal ? { signal } : {}),
          ...(connection.authType === 'basic' && new URL(current).origin === origin
            ? { targetAuthorization: basicAuthorization(connection.username, connection.password) }
            : {}),
        });
        const location = response.headers.get(PROXY_HEADERS.location);
        if (!REDIRECTS.has(response.status) || !location) return { response, url: response.headers.get(PROXY_HEADERS.url) ?? current };
        await response.body?.cancel().catch(() => undefined);
        if (hop >= MAX_REDIRECTS) throw new WebdavError('failed', `over ${MAX_REDIRECTS} redirects`);
        current = new URL(location, current).toString();
      }
    } catch (error) {
      throw webdavErrorOf(error, signal);
    }
  }

  const urlOf = (connection: WebdavConnection, path: string, folder: boolean) => {
    try {
      return targetUrl(connection.serverURL, path, folder);
    } catch {
      throw new WebdavError('notWebdav', 'not a URL');
    }
  };

  /** PROPFIND with the listing's caps; returns the body and the URL its hrefs resolve against (after redirects). */
  async function propfind(connection: WebdavConnection, path: string, depth: '0' | '1', signal?: AbortSignal) {
    const url = urlOf(connection, path, true);
    const { response, url: answered } = await call(connection, url, 'PROPFIND', signal, {
      headers: { Depth: depth, 'Content-Type': 'application/xml; charset=utf-8' },
      body: PROPFIND_BODY,
    });
    if (response.status !== 207) {
      await response.body?.cancel().catch(() => undefined);
      // A 2xx other than 207: the server ignored the method and served a page.
      throw response.ok ? new WebdavError('notWebdav', `status ${response.status}`) : statusError(response.status);
    }
    const text = toText(await readBody(response, { ...(signal ? { signal } : {}), limit: MAX_LISTING_BYTES }));
    return { text, base: answered };
  }

  return {
    async check(connection, options = {}) {
      const { text, base } = await propfind(connection, '', '0', options.signal);
      checkMultistatus(text, base);
    },

    async list(connection, folderPath, options = {}): Promise<WebdavItem[]> {
      const { text, base } = await propfind(connection, folderPath, '1', options.signal);
      return parseMultistatus(text, base);
    },

    async download(connection, filePath, options = {}) {
      const { signal, onProgress } = options;
      const { response } = await call(connection, urlOf(connection, filePath, false), 'GET', signal);
      if (response.status !== 200) {
        await response.body?.cancel().catch(() => undefined);
        throw response.ok ? new WebdavError('failed', `status ${response.status}`) : statusError(response.status);
      }
      const chunks = await readBody(response, { ...(signal ? { signal } : {}), ...(onProgress ? { onProgress } : {}) });
      return new Blob(chunks, { type: response.headers.get('Content-Type') ?? '' });
    },

    passwords,
  };
}
