import { Readable } from 'node:stream';
import { OutboundError, outboundRequest } from './outbound-request';
import type { OutboundPolicy } from './outbound-request';

/** What a text-bodied fetch needs: enough for shared clients that take `fetch` injected (shared/pic-hub/github.ts). */
export interface OutboundFetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

export interface OutboundFetchResponse {
  readonly status: number;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/**
 * A fetch for server code that hands a shared client its HTTP: every call goes through
 * outboundRequest (address policy, pinned socket, size cap, silence timeout), never Node's own
 * fetch. Refusals and failures reject with a TypeError carrying the OutboundError as its cause, as a
 * browser's fetch rejects on a network failure, so the client reports them as "no answer".
 */
export function outboundFetch(policy: OutboundPolicy) {
  return async (url: string, init: OutboundFetchInit = {}): Promise<OutboundFetchResponse> => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
    let response;
    try {
      response = await outboundRequest(
        {
          url,
          method: init.method ?? 'GET',
          headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
          ...(body ? { body: Readable.from([body]) } : {}),
          ...(init.signal ? { signal: init.signal } : {}),
        },
        policy,
      );
    } catch (error) {
      throw new TypeError(`fetch failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const { headers } = response;
    let read: Promise<string> | undefined;
    return {
      status: response.status,
      headers: {
        get(name) {
          const value = headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
      },
      text() {
        read ??= (async () => {
          const chunks: Buffer[] = [];
          try {
            for await (const chunk of response.body) chunks.push(chunk);
          } catch (error) {
            throw new TypeError(`fetch failed: ${error instanceof OutboundError ? error.message : String(error)}`, { cause: error });
          }
          return Buffer.concat(chunks).toString('utf8');
        })();
        return read;
      },
    };
  };
}
