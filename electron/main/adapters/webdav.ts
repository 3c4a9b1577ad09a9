import { WebdavError } from '@shared/contracts/webdav';
import type { WebdavConnection, WebdavItem } from '@shared/contracts/webdav';
import {
  basicAuthorization,
  checkMultistatus,
  MAX_LISTING_BYTES,
  parseMultistatus,
  PROPFIND_BODY,
  statusError,
  targetUrl,
} from '@shared/books/webdav-multistatus';

/**
 * The desktop's WebDAV client: main calls the user's server itself (no CORS, no proxy, LAN
 * addresses allowed — it is the user's own machine) with Node's fetch (undici). What the website's
 * proxy guarantees is done here: time limits, a size cap, a bounded number of redirects that never
 * carry the login to another origin, and one code per failure.
 */

export interface WebdavClientOptions {
  /**
   * Until the server's answer (its headers) arrives; also the longest silence while a body streams.
   * The connection itself has undici's own limit (10 s, UND_ERR_CONNECT_TIMEOUT): a host that drops
   * packets is a timeout too, as it is on the website through the proxy.
   */
  timeoutMs: number;
  /** Largest file or listing body; more is refused as 'tooLarge'. */
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_WEBDAV_CLIENT: WebdavClientOptions = {
  timeoutMs: 60_000,
  // The proxy's cap for the website, so a book that imports on one imports on the other.
  maxBytes: 512 * 1024 * 1024,
  maxRedirects: 5,
};

export interface WebdavCallOptions {
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number | undefined) => void;
}

const PROGRESS_INTERVAL_MS = 100;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const TIMED_OUT = /^(UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT|ETIMEDOUT)$/;

/**
 * The code of what fetch threw: its `cause` carries the system error. Apart from undici's own time
 * limits, every failure to get an answer (DNS, refused, reset, TLS) is "unreachable".
 */
function networkError(error: unknown, why: { timedOut: boolean; cancelled: boolean }): WebdavError {
  if (error instanceof WebdavError) return error;
  if (why.cancelled) return new WebdavError('cancelled');
  if (why.timedOut) return new WebdavError('timeout');
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code ?? '';
  const detail = `${code} ${cause?.message ?? (error instanceof Error ? error.message : String(error))}`.trim();
  return new WebdavError(TIMED_OUT.test(code) ? 'timeout' : 'unreachable', detail);
}

/**
 * One call's time limit and cancel as one AbortSignal for fetch: the answer limit, then a silence
 * limit re-armed by every chunk; `why` says which of them (or the user) ended the call.
 */
class CallTimer {
  readonly controller = new AbortController();
  readonly why = { timedOut: false, cancelled: false };
  private timer: NodeJS.Timeout | undefined;

  constructor(signal: AbortSignal | undefined) {
    if (signal?.aborted) this.cancel();
    signal?.addEventListener('abort', () => this.cancel(), { once: true });
  }

  /** (Re)starts the limit: `ms` from now without progress, the call ends as a timeout. */
  arm(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.why.timedOut = true;
      this.controller.abort();
    }, ms);
  }

  stop(): void {
    clearTimeout(this.timer);
  }

  private cancel(): void {
    this.why.cancelled = true;
    this.stop();
    this.controller.abort();
  }
}

interface Answer {
  response: Response;
  /** After redirects: hrefs in a listing resolve against it. */
  url: string;
  timer: CallTimer;
}

export function createWebdavClient(options: WebdavClientOptions = DEFAULT_WEBDAV_CLIENT) {
  /** Sends the call, following at most `maxRedirects` redirects; the login never leaves its origin. */
  async function send(
    connection: WebdavConnection,
    url: string,
    method: 'PROPFIND' | 'GET',
    signal: AbortSignal | undefined,
    extra: { headers?: Record<string, string>; body?: string } = {},
  ): Promise<Answer> {
    const timer = new CallTimer(signal);
    const origin = new URL(url).origin;
    let current = url;
    try {
      for (let hop = 0; ; hop += 1) {
        const headers: Record<string, string> = { 'User-Agent': 'Baibao-Desktop', ...extra.headers };
        if (connection.authType === 'basic' && new URL(current).origin === origin) {
          headers.Authorization = basicAuthorization(connection.username, connection.password);
        }
        timer.arm(options.timeoutMs);
        const response = await fetch(current, {
          method,
          headers,
          ...(extra.body !== undefined ? { body: extra.body } : {}),
          redirect: 'manual',
          signal: timer.controller.signal,
        });
        const location = response.headers.get('location');
        if (!REDIRECTS.has(response.status) || !location) return { response, url: current, timer };
        await response.body?.cancel().catch(() => undefined);
        if (hop >= options.maxRedirects) throw new WebdavError('failed', `over ${options.maxRedirects} redirects`);
        const next = new URL(location, current);
        if (next.protocol !== 'http:' && next.protocol !== 'https:') throw new WebdavError('failed', `redirect to ${next.protocol}`);
        current = next.toString();
      }
    } catch (error) {
      timer.stop();
      throw networkError(error, timer.why);
    }
  }

  /** The body, under `limit`, with the silence limit re-armed per chunk and progress every 100 ms. */
  async function read({ response, timer }: Answer, limit: number, onProgress?: WebdavCallOptions['onProgress']): Promise<Uint8Array> {
    const header = response.headers.get('content-length');
    const total = header !== null && /^\d+$/.test(header) ? Number(header) : undefined;
    try {
      if (total !== undefined && total > limit) throw new WebdavError('tooLarge', `${total} bytes`);
      const chunks: Uint8Array[] = [];
      let loaded = 0;
      let reported = 0;
      onProgress?.(0, total);
      if (response.body) {
        for await (const chunk of response.body) {
          timer.arm(options.timeoutMs);
          loaded += chunk.length;
          if (loaded > limit) throw new WebdavError('tooLarge', `over ${limit} bytes`);
          chunks.push(chunk);
          const now = Date.now();
          if (onProgress && now - reported >= PROGRESS_INTERVAL_MS) {
            reported = now;
            onProgress(loaded, total);
          }
        }
      }
      onProgress?.(loaded, total);
      return Buffer.concat(chunks);
    } catch (error) {
      await response.body?.cancel().catch(() => undefined);
      throw networkError(error, timer.why);
    } finally {
      timer.stop();
    }
  }

  async function propfind(connection: WebdavConnection, path: string, depth: '0' | '1', signal?: AbortSignal) {
    const url = urlOf(connection, path, true);
    const answer = await send(connection, url, 'PROPFIND', signal, {
      headers: { Depth: depth, 'Content-Type': 'application/xml; charset=utf-8' },
      body: PROPFIND_BODY,
    });
    if (answer.response.status !== 207) {
      answer.timer.stop();
      await answer.response.body?.cancel().catch(() => undefined);
      // A 2xx other than 207: the server ignored the method and served a page.
      throw answer.response.ok ? new WebdavError('notWebdav', `status ${answer.response.status}`) : statusError(answer.response.status);
    }
    const text = new TextDecoder().decode(await read(answer, Math.min(MAX_LISTING_BYTES, options.maxBytes)));
    return { text, base: answer.url };
  }

  return {
    async check(connection: WebdavConnection, { signal }: WebdavCallOptions = {}): Promise<void> {
      const { text, base } = await propfind(connection, '', '0', signal);
      checkMultistatus(text, base);
    },

    async list(connection: WebdavConnection, folderPath: string, { signal }: WebdavCallOptions = {}): Promise<WebdavItem[]> {
      const { text, base } = await propfind(connection, folderPath, '1', signal);
      return parseMultistatus(text, base);
    },

    async download(
      connection: WebdavConnection,
      filePath: string,
      { signal, onProgress }: WebdavCallOptions = {},
    ): Promise<{ bytes: Uint8Array; contentType: string }> {
      const answer = await send(connection, urlOf(connection, filePath, false), 'GET', signal);
      if (answer.response.status !== 200) {
        answer.timer.stop();
        await answer.response.body?.cancel().catch(() => undefined);
        throw answer.response.ok ? new WebdavError('failed', `status ${answer.response.status}`) : statusError(answer.response.status);
      }
      const bytes = await read(answer, options.maxBytes, onProgress);
      return { bytes, contentType: answer.response.headers.get('content-type') ?? '' };
    },
  };
}

export type WebdavClient = ReturnType<typeof createWebdavClient>;

function checkedUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new WebdavError('notWebdav', 'http or https only');
  return url;
}

function urlOf(connection: WebdavConnection, path: string, folder: boolean): string {
  try {
    return checkedUrl(targetUrl(connection.serverURL, path, folder));
  } catch (error) {
    throw error instanceof WebdavError ? error : new WebdavError('notWebdav', 'not a URL');
  }
}
