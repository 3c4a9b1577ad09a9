import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { isAllowedAddress } from './address-policy';

/** Why an outbound call did not produce a response; the proxy maps each to a visitor message. */
export type OutboundFailure =
  'badUrl' | 'forbiddenAddress' | 'dnsFailed' | 'tooManyRedirects' | 'timeout' | 'responseTooLarge' | 'badCertificate' | 'failed';

export class OutboundError extends Error {
  override name = 'OutboundError';
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a name resolves to; tests inject one to point a name anywhere. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));

export interface OutboundPolicy {
  /** PROXY_ALLOW_PRIVATE: loopback and LAN addresses too (never metadata, multicast or reserved ones). */
  allowPrivate: boolean;
  /** Until the response headers arrive, and then the longest silence while the body streams. */
  timeoutMs: number;
  /** The body is cut (the stream fails with `responseTooLarge`) past this many bytes. */
  maxResponseBytes: number;
  /** Followed only for calls without a body (a stream cannot be sent twice); 0 hands 3xx back. */
  maxRedirects: number;
  resolve?: Resolve;
  /**
   * Addresses let through whatever their range. Code only, never configuration: tests use it to
   * let a loopback server stand in for a public host while every other loopback address is refused.
   */
  exemptAddresses?: ReadonlySet<string>;
}

export interface OutboundCall {
  url: string;
  method: string;
  /** Sent as given: the caller decides what leaves the server (no cookies, no site tokens). */
  headers?: OutgoingHttpHeaders;
  body?: Readable;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Read with for-await; fails with OutboundError('responseTooLarge') past the cap, 'timeout' on a stall. */
  body: AsyncIterable<Buffer>;
  /** After redirects: relative links in the body (m3u8 segment lists) resolve against this. */
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Node's names for a certificate that fails verification (OpenSSL's X509 verify errors, and the
 * name check). Such a target is refused as it is by a browser: the trust store is Node's plus
 * NODE_EXTRA_CA_CERTS, which is how a self-hoster trusts a LAN server's own CA.
 */
const CERTIFICATE_ERRORS = new Set([
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
  'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_NOT_YET_VALID',
  'CERT_HAS_EXPIRED',
  'ERROR_IN_CERT_NOT_BEFORE_FIELD',
  'ERROR_IN_CERT_NOT_AFTER_FIELD',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_CHAIN_TOO_LONG',
  'CERT_REVOKED',
  'INVALID_CA',
  'PATH_LENGTH_EXCEEDED',
  'INVALID_PURPOSE',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'HOSTNAME_MISMATCH',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function asOutboundError(error: Error): OutboundError {
  if (error instanceof OutboundError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (CERTIFICATE_ERRORS.has(code)) return new OutboundError('badCertificate', `Certificate refused: ${code}`);
  return new OutboundError('failed', error.message);
}

export function parseTargetUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundError('badUrl', 'Not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('badUrl', 'Only http and https');
  // Credentials in the URL would bypass the explicit credential header and end up in logs.
  if (url.username || url.password) throw new OutboundError('badUrl', 'Credentials in the URL');
  return url;
}

/** Resolves once and checks every address, so a name with one private record is refused whole. */
async function checkedAddress(url: URL, policy: OutboundPolicy): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? systemResolve)(host);
    } catch {
      throw new OutboundError('dnsFailed', `Cannot resolve ${host}`);
    }
  }
  const [first] = addresses;
  if (!first) throw new OutboundError('dnsFailed', `No address for ${host}`);
  const allowed = ({ address }: ResolvedAddress) => policy.exemptAddresses?.has(address) || isAllowedAddress(address, policy.allowPrivate);
  if (!addresses.every(allowed)) {
    throw new OutboundError('forbiddenAddress', `${host} resolves to an address outside the allowed ranges`);
  }
  return first;
}

/** Hands the socket the address already checked: no second DNS answer can swap it (DNS rebinding). */
function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: ResolvedAddress[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * The body under the cap: exactly `maxBytes` pass, and the next pull fails. A generator rather than
 * a stream, so the bytes up to the cap reach the consumer before the failure does (a destroyed
 * stream drops what it buffered) and a reader that got the whole cap knows the answer was too large.
 */
async function* capped(response: IncomingMessage, maxBytes: number): AsyncGenerator<Buffer> {
  let seen = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      const room = maxBytes - seen;
      if (chunk.length > room) {
        if (room > 0) yield chunk.subarray(0, room);
        throw new OutboundError('responseTooLarge', `Response over ${maxBytes} bytes`);
      }
      seen += chunk.length;
      yield chunk;
    }
  } catch (error) {
    throw error instanceof OutboundError ? error : new OutboundError('failed', error instanceof Error ? error.message : String(error));
  } finally {
    // Stops the download when the consumer stops early, fails, or the cap is reached.
    response.destroy();
  }
}

function sendOnce(url: URL, address: ResolvedAddress, call: OutboundCall, policy: OutboundPolicy): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(url, {
      method: call.method,
      // Host (and TLS SNI, taken from the URL's name) stay the name; only the socket uses the address.
      headers: { ...call.headers, host: url.host },
      lookup: pinnedLookup(address),
      agent: false,
      signal: call.signal,
      timeout: policy.timeoutMs,
    });
    request.on('timeout', () => request.destroy(new OutboundError('timeout', `No answer within ${policy.timeoutMs} ms`)));
    // The body's own failure (say, the caller's size cap) is the reason, not the socket it broke.
    let bodyError: unknown;
    request.on('error', (error) => reject(bodyError ?? asOutboundError(error)));
    request.on('response', (response) => {
      // The body's own silence limit: the request's timer stops once headers are in.
      response.setTimeout(policy.timeoutMs, () => response.destroy(new OutboundError('timeout', `Stalled for ${policy.timeoutMs} ms`)));
      resolve(response);
    });
    if (call.body) {
      call.body.on('error', (error) => {
        bodyError = error;
        request.destroy(error);
      });
      call.body.pipe(request);
    } else request.end();
  });
}

/**
 * The one way server code calls another host (the proxy module, later the chat upstream): http(s)
 * only, the name resolved once and every address checked against the private/reserved ranges, the
 * socket pinned to the checked address, every redirect hop checked again, the response streamed
 * under a size cap and a silence timeout.
 */
export async function outboundRequest(call: OutboundCall, policy: OutboundPolicy): Promise<OutboundResponse> {
  let url = parseTargetUrl(call.url);
  let current: OutboundCall = call;
  for (let hop = 0; ; hop += 1) {
    const address = await checkedAddress(url, policy);
    const response = await sendOnce(url, address, current, policy);
    const location = response.headers.location;
    if (REDIRECTS.has(response.statusCode ?? 0) && location && !current.body && policy.maxRedirects > 0) {
      response.resume();
      if (hop >= policy.maxRedirects) throw new OutboundError('tooManyRedirects', `Over ${policy.maxRedirects} redirects`);
      const next = parseTargetUrl(new URL(location, url).toString());
      const headers = { ...current.headers };
      // As browsers do: the target's credentials never follow a redirect to another origin.
      if (next.origin !== url.origin) delete headers.authorization;
      const method = response.statusCode === 303 && current.method !== 'HEAD' ? 'GET' : current.method;
      current = { ...current, method, headers };
      url = next;
      continue;
    }
    const declared = Number(response.headers['content-length']);
    // A HEAD answer carries the size of a body it does not send.
    if (current.method !== 'HEAD' && Number.isFinite(declared) && declared > policy.maxResponseBytes) {
      response.destroy();
      throw new OutboundError('responseTooLarge', `Response of ${declared} bytes over ${policy.maxResponseBytes}`);
    }
    return {
      status: response.statusCode ?? 502,
      headers: response.headers,
      body: capped(response, policy.maxResponseBytes),
      url: url.toString(),
    };
  }
}
