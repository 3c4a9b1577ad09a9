/**
 * The desktop's source for /m3u8/downloader: main fetches playlists, keys and segments itself with
 * Node's fetch (undici) — no CORS, no proxy, no quota, LAN addresses allowed (the user's own
 * machine). What the website's proxy guarantees is kept: http(s) only at every hop, a bounded number
 * of redirects, a time limit for the answer and for every silence after it, and a size cap.
 */

export interface HlsFetchOptions {
  /** Until the answer's headers arrive; also the longest silence while its body streams. */
  timeoutMs: number;
  /** Largest body kept (a segment, a key, a playlist); more is refused as 'tooLarge'. */
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_HLS_FETCH: HlsFetchOptions = {
  timeoutMs: 60_000,
  // Far above any segment (a few MB); a file served whole for a BYTERANGE playlist is cut by Range.
  maxBytes: 256 * 1024 * 1024,
  maxRedirects: 5,
};

export interface HlsAnswer {
  status: number;
  /** After redirects. */
  url: string;
  /** The body of a 2xx answer (the asked range only); empty for any other status. */
  bytes: Uint8Array;
}

export type HlsFetchErrorCode = 'badUrl' | 'tooManyRedirects' | 'tooLarge' | 'timeout' | 'unreachable' | 'cancelled';

/**
 * The message is `hls <code>` or `hls <code>: <detail>`, so the page can tell the failures apart
 * across IPC (only the message crosses). The detail of `timeout` is the limit in seconds, of
 * `tooLarge` the cap in bytes: the page's translated text names them.
 */
export class HlsFetchError extends Error {
  override name = 'HlsFetchError';
  constructor(
    readonly code: HlsFetchErrorCode,
    detail?: string,
  ) {
    super(detail ? `hls ${code}: ${detail}` : `hls ${code}`);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const RANGE = /^bytes=(\d+)-(\d*)$/;

function httpUrl(text: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new HlsFetchError('badUrl', text.slice(0, 200));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new HlsFetchError('badUrl', url.protocol);
  if (url.username || url.password) throw new HlsFetchError('badUrl', 'credentials in the address');
  return url;
}

/** The asked byte range, for cutting it out of an answer from a server that ignored Range. */
function parseRange(range: string | undefined): { start: number; end: number } | undefined {
  const match = range === undefined ? null : RANGE.exec(range);
  if (!match) return undefined;
  return { start: Number(match[1]), end: match[2] ? Number(match[2]) : Infinity };
}

export function createHlsFetcher(options: HlsFetchOptions = DEFAULT_HLS_FETCH) {
  return async function hlsFetch(url: string, init: { range?: string; signal?: AbortSignal } = {}): Promise<HlsAnswer> {
    const controller = new AbortController();
    const why = { timedOut: false, cancelled: false };
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        why.timedOut = true;
        controller.abort();
      }, options.timeoutMs);
    };
    const onAbort = () => {
      why.cancelled = true;
      controller.abort();
    };
    if (init.signal?.aborted) throw new HlsFetchError('cancelled');
    init.signal?.addEventListener('abort', onAbort, { once: true });
    const headers: Record<string, string> = { 'User-Agent': 'Baibao-Desktop', Accept: '*/*' };
    if (init.range) headers.Range = init.range;
    try {
      arm();
      let current = httpUrl(url);
      for (let hop = 0; ; hop += 1) {
        const response = await fetch(current, { headers, redirect: 'manual', signal: controller.signal });
        const location = response.headers.get('location');
        if (REDIRECTS.has(response.status) && location) {
          await response.body?.cancel();
          if (hop >= options.maxRedirects) throw new HlsFetchError('tooManyRedirects', `${options.maxRedirects}`);
          current = httpUrl(location, current.toString());
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel();
          return { status: response.status, url: current.toString(), bytes: new Uint8Array() };
        }
        // A 200 to a Range call: the server sent the whole file; keep only the range, as a 206 would.
        const cut = response.status === 200 ? parseRange(init.range) : undefined;
        const declared = Number(response.headers.get('content-length') ?? NaN);
        if (!cut && declared > options.maxBytes) {
          await response.body?.cancel();
          throw new HlsFetchError('tooLarge', `${options.maxBytes}`);
        }
        const bytes = await readBody(response, cut, cut || !(declared >= 0) ? undefined : declared, options.maxBytes, arm);
        return { status: cut ? 206 : response.status, url: current.toString(), bytes };
      }
    } catch (error) {
      if (error instanceof HlsFetchError) throw error;
      if (why.cancelled) throw new HlsFetchError('cancelled');
      if (why.timedOut) throw new HlsFetchError('timeout', `${Math.ceil(options.timeoutMs / 1000)}`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new HlsFetchError('unreachable', `${cause?.code ?? ''} ${cause?.message ?? (error as Error).message}`.trim());
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onAbort);
    }
  };
}

/**
 * Reads the body into one buffer, the silence limit re-armed by every chunk; `cut` keeps a range
 * only. With a declared length the chunks are copied into the final buffer as they come and let go
 * at once: holding them all until the end needed twice the segment's size (bench/m3u8-bench.ts).
 */
async function readBody(
  response: Response,
  cut: { start: number; end: number } | undefined,
  declared: number | undefined,
  maxBytes: number,
  arm: () => void,
): Promise<Uint8Array> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const target = declared === undefined ? undefined : new Uint8Array(declared);
  /** What did not fit the declared length (a server that said less than it sent). */
  const chunks: Uint8Array[] = [];
  let filled = 0;
  let kept = 0;
  let offset = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arm();
      let chunk = value;
      if (cut) {
        const from = Math.max(0, cut.start - offset);
        const to = Math.min(chunk.length, cut.end + 1 - offset);
        offset += value.length;
        chunk = from < to ? chunk.subarray(from, to) : new Uint8Array();
      }
      if (target && chunks.length === 0 && filled + chunk.length <= target.length) {
        target.set(chunk, filled);
        filled += chunk.length;
      } else if (chunk.length > 0) chunks.push(chunk);
      kept += chunk.length;
      if (kept > maxBytes) throw new HlsFetchError('tooLarge', `${maxBytes}`);
      if (cut && offset > cut.end) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  if (target && filled === target.length && chunks.length === 0) return target;
  // Otherwise what came, in order: the part in `target`, then the rest.
  const bytes = new Uint8Array(kept);
  if (target) bytes.set(target.subarray(0, filled));
  let at = filled;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
