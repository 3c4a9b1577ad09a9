import { decryptSegment } from './decrypt';
import { M3u8Error, isM3u8Error } from './errors';
import type { PlannedSegment } from './plan';

/** What the loader needs of `fetch`: the page passes one that goes through the server's proxy, desktop main the real one. */
export type FetchLike = (
  url: string,
  init: { signal?: AbortSignal; headers?: Record<string, string> },
) => Promise<{
  ok: boolean;
  status: number;
  /** The address answered after redirects, when known: a playlist's relative URIs resolve against it. */
  url?: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}>;

export type SegmentLoader = (segment: PlannedSegment, signal: AbortSignal) => Promise<Uint8Array>;

/**
 * Fetches one segment (its byte range only, when it has one) and decrypts it. Keys are fetched
 * once per URI and shared; a failed key fetch is forgotten so that a retry asks again.
 */
export function createSegmentLoader(fetch: FetchLike): SegmentLoader {
  const keys = new Map<string, Promise<Uint8Array>>();

  const key = (uri: string): Promise<Uint8Array> => {
    let pending = keys.get(uri);
    if (!pending) {
      pending = get(fetch, uri, undefined, {}, 'key').then((bytes) => {
        if (bytes.length !== 16) throw new M3u8Error('key', { url: uri, message: `key is ${bytes.length} bytes, not 16` });
        return bytes;
      });
      pending.catch(() => keys.delete(uri));
      keys.set(uri, pending);
    }
    return pending;
  };

  return async (segment, signal) => {
    const range = segment.byterange;
    const headers: Record<string, string> = range ? { Range: `bytes=${range.offset}-${range.offset + range.length - 1}` } : {};
    const [data, keyBytes] = await Promise.all([
      get(fetch, segment.uri, signal, headers, 'http').then((bytes) => (range ? cutRange(bytes, range, segment.uri) : bytes)),
      segment.key ? key(segment.key.uri) : undefined,
    ]);
    if (!keyBytes || !segment.iv) return data;
    return decryptSegment(data, keyBytes, segment.iv);
  };
}

async function get(
  fetch: FetchLike,
  url: string,
  signal: AbortSignal | undefined,
  headers: Record<string, string>,
  code: 'http' | 'key',
): Promise<Uint8Array> {
  if (!isAbsolute(url)) throw new M3u8Error('relative-uri', { url });
  try {
    const response = await fetch(url, signal ? { signal, headers } : { headers });
    if (!response.ok) throw new M3u8Error(code, { status: response.status, url });
    return new Uint8Array(await response.arrayBuffer());
  } catch (cause) {
    if (isM3u8Error(cause) || signal?.aborted) throw cause;
    throw new M3u8Error(code, { url, message: cause instanceof Error ? cause.message : String(cause) });
  }
}

/** A server that ignores Range answers with the whole file: take the slice ourselves. */
function cutRange(bytes: Uint8Array, range: { offset: number; length: number }, url: string): Uint8Array {
  if (bytes.length === range.length) return bytes;
  if (bytes.length >= range.offset + range.length) return bytes.subarray(range.offset, range.offset + range.length);
  throw new M3u8Error('http', { url, message: `expected ${range.length} bytes, got ${bytes.length}` });
}

function isAbsolute(url: string): boolean {
  try {
    new URL(url);
    return true;
  } catch {
    return false;
  }
}
