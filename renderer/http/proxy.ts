import { PROXY_HEADERS } from '@shared/contracts/proxy';
import type { ProxyPurpose } from '@shared/contracts/proxy';
import type { ApiEnvelope } from '@shared/contracts/api';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessage, ServerMessageLanguage } from '@shared/contracts/server-messages';

/**
 * Why a proxied call failed:
 * - `refused`: the proxy said no (bad address, method, size, login, rate, timeout…): `message` is
 *   its translated text;
 * - `unauthorized`: the purpose needs a login and there is none (or it ended);
 * - `responseTooLarge`: the answer broke off at the proxy's cap;
 * - `network`: the proxy could not be reached, or the answer broke off before the cap.
 */
export type ProxyErrorKind = 'refused' | 'unauthorized' | 'responseTooLarge' | 'network';

export class ProxyError extends Error {
  override name = 'ProxyError';
  constructor(
    readonly kind: ProxyErrorKind,
    message: string,
    readonly status?: number,
    /** The refusal's message keys (`proxy.timeout`, `proxy.upstreamFailed`…), for callers that tell them apart. */
    readonly keys: readonly string[] = [],
  ) {
    super(message);
  }
}

export interface ProxyClientOptions {
  /** The API's origin (the desktop app's `platform.apiUrl`); empty: the page's own. */
  baseURL?: string;
  /** The session's access token; the webdav and m3u8 purposes need one. */
  getAccessToken?: () => string | undefined | Promise<string | undefined>;
  language: () => ServerMessageLanguage;
}

export interface ProxyRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
  /** The user's own credentials for the target (WebDAV), e.g. `Basic …`; never the site's token. */
  targetAuthorization?: string;
}

/**
 * The one way the renderer reaches another host (the website's CSP allows only its own origin):
 * through the API's guarded proxy. A target's own answer, 4xx and 5xx included, comes back as the
 * Response; only the proxy's refusals throw, translated.
 */
export function createProxyClient({ baseURL = '', getAccessToken, language }: ProxyClientOptions) {
  const urlFor = (purpose: ProxyPurpose, target: string) => `${baseURL}/api/proxy/${purpose}?url=${encodeURIComponent(target)}`;

  const say = (message: ServerMessage) => serverMessageText(message, language());
  const unreachable = () => new ProxyError('network', say({ key: 'proxy.upstreamFailed' }));

  async function refusal(response: Response): Promise<ProxyError> {
    let envelope: ApiEnvelope;
    try {
      envelope = (await response.json()) as ApiEnvelope;
    } catch {
      return unreachable();
    }
    // The guards' 401 carries no visitor text: the caller sends the visitor to log in.
    if (response.status === 401) return new ProxyError('unauthorized', envelope.msg, 401);
    const messages = (envelope.ext?.messages ?? []) as ServerMessage[];
    return new ProxyError(
      'refused',
      messages.map(say).join('; ') || envelope.msg,
      response.status,
      messages.map((message) => message.key),
    );
  }

  return {
    urlFor,

    async fetch(purpose: ProxyPurpose, target: string, request: ProxyRequest = {}): Promise<Response> {
      const headers = new Headers(request.headers);
      const token = await getAccessToken?.();
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (request.targetAuthorization) headers.set(PROXY_HEADERS.targetAuthorization, request.targetAuthorization);
      let response: Response;
      try {
        response = await fetch(urlFor(purpose, target), {
          method: request.method ?? 'GET',
          headers,
          body: request.body ?? null,
          signal: request.signal ?? null,
        });
      } catch (error) {
        if (request.signal?.aborted) throw error;
        throw unreachable();
      }
      if (response.headers.has(PROXY_HEADERS.error)) throw await refusal(response);
      return response;
    },

    /** The whole body; a body cut at the proxy's cap says so instead of a bare network error. */
    async bytes(response: Response): Promise<Uint8Array> {
      const cap = Number(response.headers.get(PROXY_HEADERS.maxBytes));
      const reader = response.body?.getReader();
      if (!reader) return new Uint8Array();
      // With a declared length each chunk goes straight into the answer: collecting the chunks and
      // joining them at the end held every body twice (six 2 MB video segments in flight: 24 MB).
      // A body that outgrows it (decoded from gzip, say) falls back to collecting.
      const declared = Number(response.headers.get('Content-Length'));
      let filling = Number.isSafeInteger(declared) && declared > 0 ? new Uint8Array(declared) : undefined;
      const chunks: Uint8Array[] = [];
      let received = 0;
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (filling && received + value.length <= filling.length) filling.set(value, received);
          else {
            if (filling) chunks.push(filling.subarray(0, received));
            filling = undefined;
            chunks.push(value);
          }
          received += value.length;
        }
      } catch {
        if (!(Number.isFinite(cap) && cap > 0 && received >= cap)) throw unreachable();
        throw new ProxyError(
          'responseTooLarge',
          say({ key: 'proxy.responseTooLarge', params: { megabytes: Math.max(1, Math.round(cap / 1024 / 1024)) } }),
        );
      }
      if (filling) return received === filling.length ? filling : filling.subarray(0, received);
      const all = new Uint8Array(received);
      let offset = 0;
      for (const chunk of chunks) {
        all.set(chunk, offset);
        offset += chunk.length;
      }
      return all;
    },
  };
}

export type ProxyClient = ReturnType<typeof createProxyClient>;
