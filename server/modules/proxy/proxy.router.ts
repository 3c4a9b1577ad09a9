import { Router } from 'express';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { OutgoingHttpHeaders } from 'node:http';
import { once } from 'node:events';
import { Transform } from 'node:stream';
import { API_CODE } from '@shared/contracts/api';
import { PROXY_DAILY_QUOTA_KEY, PROXY_HEADERS, PROXY_PURPOSES } from '@shared/contracts/proxy';
import type { ProxyPurpose } from '@shared/contracts/proxy';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { currentAuth } from '../../http/auth';
import { HttpError } from '../../http/http-error';
import { OutboundError, outboundRequest, parseTargetUrl } from '../../http/outbound/outbound-request';
import type { OutboundPolicy, OutboundResponse } from '../../http/outbound/outbound-request';
import type { Logger } from '../../logger';
import type { ModuleContext } from '../module-context';
import type { ProxyConfig, PurposeRules, RateRule } from './proxy-purposes';
import { createQuotaLedger } from './proxy-quota';
import type { DailyBytes, QuotaLedger } from './proxy-quota';

const PROXY_ERROR_HEADER = PROXY_HEADERS.error;
const TARGET_AUTHORIZATION_HEADER = PROXY_HEADERS.targetAuthorization.toLowerCase();

/** What may leave for the target: conditions, ranges, content description, WebDAV's own headers. */
const FORWARDED_REQUEST_HEADERS = [
  'accept',
  'accept-language',
  'range',
  'if-range',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'content-type',
  'content-length',
  'depth',
  'overwrite',
  'destination',
];
/** What comes back: never Set-Cookie, never the target's CSP or CORS. */
const RETURNED_RESPONSE_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'dav',
  'allow',
];

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.max(1, Math.round(bytes / MB));

const fail = (status: number, message: ServerMessage) =>
  new HttpError(status, status === 429 ? API_CODE.TOO_MANY_REQUESTS : API_CODE.BAD_REQUEST, message);

function outboundFailure(error: OutboundError, rules: PurposeRules): HttpError {
  switch (error.reason) {
    case 'badUrl':
      return fail(400, { key: 'proxy.badUrl', field: 'url' });
    case 'forbiddenAddress':
      return fail(400, { key: 'proxy.forbiddenAddress', field: 'url' });
    case 'dnsFailed':
      return fail(502, { key: 'proxy.dnsFailed' });
    case 'tooManyRedirects':
      return fail(502, { key: 'proxy.tooManyRedirects' });
    case 'timeout':
      return fail(504, { key: 'proxy.timeout', params: { seconds: Math.ceil(rules.timeoutMs / 1000) } });
    case 'responseTooLarge':
      return fail(502, { key: 'proxy.responseTooLarge', params: { megabytes: megabytes(rules.maxResponseBytes) } });
    case 'badCertificate':
      return fail(502, { key: 'proxy.certificateInvalid' });
    case 'failed':
      return fail(502, { key: 'proxy.upstreamFailed' });
  }
}

function limiter(rule: RateRule, key: (req: Request) => string): RequestHandler {
  return rateLimit({
    ...rule,
    keyGenerator: key,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(fail(429, { key: 'proxy.tooManyRequests', params: { minutes: Math.ceil(rule.windowMs / 60_000) } })),
  });
}

/** Bytes are added to the day's count at least this often while an answer streams, so parallel downloads overshoot little. */
const CHARGE_EVERY_BYTES = 8 * MB;

/** The keys a call's bytes count against, each with its daily limit (limits of 0 are no limit). */
type QuotaKeys = { key: string; limit: number }[];

/**
 * Refuses a call once its user or its address has used up the day's bytes; otherwise leaves the keys
 * for the handler, which adds what it sends. Checked before the call, so the answer that crosses the
 * limit is still sent whole (a segment is never cut half-way); the next call is refused.
 */
function dailyQuota(daily: DailyBytes, ledger: QuotaLedger, keysOf: (req: Request) => { user: string; ip: string }): RequestHandler {
  return async (req, res, next) => {
    try {
      const { user, ip } = keysOf(req);
      const keys: QuotaKeys = [
        { key: user, limit: daily.perUser },
        { key: ip, limit: daily.perIp },
      ].filter(({ limit }) => limit > 0);
      const used = await ledger.used(keys.map(({ key }) => key));
      const over = keys.find(({ key, limit }) => (used.get(key) ?? 0) >= limit);
      if (over) {
        const gigabytes = Math.round((over.limit / 1024 ** 3) * 10) / 10;
        return next(fail(429, { key: PROXY_DAILY_QUOTA_KEY, params: { gigabytes } }));
      }
      res.locals.quotaKeys = keys;
      next();
    } catch (error) {
      next(error);
    }
  };
}

function forwardedHeaders(req: Request, target: URL, rules: PurposeRules): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { 'user-agent': 'Baibao-Proxy/1', accept: '*/*' };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const destination = req.headers.destination;
  if (typeof destination === 'string') {
    // A WebDAV server acts on Destination itself, so it must not name another host.
    if (!URL.canParse(destination) || new URL(destination).origin !== target.origin)
      throw fail(400, { key: 'proxy.badDestination', field: 'destination' });
  }
  const credentials = req.headers[TARGET_AUTHORIZATION_HEADER];
  if (rules.targetCredentials && typeof credentials === 'string') headers.authorization = credentials;
  return headers;
}

/** Request bodies stream through a counter; the declared size is refused before anything is sent. */
function requestBody(req: Request, rules: PurposeRules) {
  const declared = Number(req.headers['content-length'] ?? 0);
  const chunked = req.headers['transfer-encoding'] !== undefined;
  const tooLarge = () => fail(413, { key: 'proxy.requestTooLarge', params: { megabytes: megabytes(rules.maxRequestBytes) } });
  if (declared > rules.maxRequestBytes || (chunked && rules.maxRequestBytes === 0)) throw tooLarge();
  if (declared === 0 && !chunked) return undefined;
  let seen = 0;
  return req.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        callback(seen > rules.maxRequestBytes ? tooLarge() : null, chunk);
      },
    }),
  );
}

function sendUpstream(res: Response, upstream: OutboundResponse, rules: PurposeRules): void {
  res.removeHeader(PROXY_ERROR_HEADER);
  res.status(upstream.status);
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = upstream.headers[name];
    if (value !== undefined) res.setHeader(name, value);
  }
  res.setHeader(PROXY_HEADERS.url, upstream.url);
  // A 3xx comes back only for calls with a body. Its Location would make the page's fetch follow it
  // itself — a relative one into our own origin — so the client gets it under another name.
  const location = upstream.headers.location;
  if (location && URL.canParse(location, upstream.url)) res.setHeader(PROXY_HEADERS.location, new URL(location, upstream.url).toString());
  res.setHeader(PROXY_HEADERS.maxBytes, String(rules.maxResponseBytes));
  // Served from our origin, a target's HTML must never run here: a sandboxed download, never sniffed,
  // never recompressed (that would break Range and Content-Length).
  res.setHeader('Content-Security-Policy', "sandbox; default-src 'none'");
  res.setHeader('Content-Disposition', 'attachment');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store, no-transform');
}

/** The answer's media type, lower case without parameters; none declared is octet-stream (RFC 9110 §8.3). */
function mediaType(upstream: OutboundResponse): string {
  const declared = upstream.headers['content-type'];
  return (typeof declared === 'string' ? declared.split(';')[0]!.trim().toLowerCase() : '') || 'application/octet-stream';
}

/**
 * For a purpose limited to some media types: whether the answer may pass. A success of another type
 * is refused; a target's error page passes as its status only, so neither becomes a relay for pages.
 */
function typeCheck(upstream: OutboundResponse, rules: PurposeRules): 'pass' | 'statusOnly' | HttpError {
  if (!rules.responseTypes) return 'pass';
  if (upstream.status < 200 || upstream.status > 299) return 'statusOnly';
  const type = mediaType(upstream);
  if (rules.responseTypes.includes(type)) return 'pass';
  // The target chose the text: only a plain type/subtype goes into the message.
  const shown = /^[\w.+-]{1,60}\/[\w.+-]{1,60}$/.test(type) ? type : '?';
  return fail(502, { key: 'proxy.responseTypeNotAllowed', params: { type: shown } });
}

function proxyHandler(
  purpose: ProxyPurpose,
  config: ProxyConfig,
  logger: Logger,
  seams: ProxyRouterOptions,
  ledger: QuotaLedger | undefined,
): RequestHandler {
  const rules = config.purposes[purpose];
  return async (req, res) => {
    const method = req.method.toUpperCase();
    if (!rules.methods.includes(method)) throw fail(405, { key: 'proxy.methodNotAllowed', params: { method } });
    const target = typeof req.query.url === 'string' ? req.query.url : '';
    let url: URL;
    try {
      url = parseTargetUrl(target);
    } catch (error) {
      throw outboundFailure(error as OutboundError, rules);
    }
    const headers = forwardedHeaders(req, url, rules);
    const body = requestBody(req, rules);
    // The visitor went away: stop the upstream call (and its download) too.
    const abort = new AbortController();
    res.on('close', () => abort.abort());

    let upstream: OutboundResponse;
    try {
      upstream = await outboundRequest(
        { url: url.toString(), method, headers, ...(body ? { body } : {}), signal: abort.signal },
        {
          allowPrivate: config.allowPrivate,
          timeoutMs: rules.timeoutMs,
          maxResponseBytes: rules.maxResponseBytes,
          maxRedirects: rules.maxRedirects,
          ...seams,
        },
      );
    } catch (error) {
      if (error instanceof HttpError) throw error;
      if (error instanceof OutboundError) throw outboundFailure(error, rules);
      throw error;
    }
    const allowed = typeCheck(upstream, rules);
    if (allowed !== 'pass') {
      // Stop the target's body: nothing of it is sent on.
      abort.abort();
      if (allowed instanceof HttpError) throw allowed;
      sendUpstream(res, upstream, rules);
      res.removeHeader('content-type');
      res.setHeader('Content-Length', '0');
      res.end();
      return;
    }
    sendUpstream(res, upstream, rules);
    const quotaKeys = res.locals.quotaKeys as QuotaKeys | undefined;
    let uncharged = 0;
    const charge = async () => {
      const bytes = uncharged;
      uncharged = 0;
      if (ledger && quotaKeys?.length)
        await ledger.add(
          quotaKeys.map(({ key }) => key),
          bytes,
        );
    };
    const send = async (chunk: Buffer) => {
      if (!res.write(chunk)) await once(res, 'drain', { signal: abort.signal });
    };
    // One chunk is held back until the bytes are counted: a client that has the whole answer
    // (its Content-Length) may call again at once, and that call must see this one's bytes.
    let held: Buffer | undefined;
    try {
      for await (const chunk of upstream.body as AsyncIterable<Buffer>) {
        if (held) await send(held);
        held = chunk;
        uncharged += chunk.length;
        if (uncharged >= CHARGE_EVERY_BYTES) await charge();
      }
      await charge();
      if (held) await send(held);
      held = undefined;
      res.end();
    } catch (error) {
      const reason = error instanceof OutboundError ? error.reason : 'aborted';
      logger.info({ purpose, host: url.host, reason }, 'proxy stream ended early');
      // Headers are gone, so the cut itself is the signal: what was written up to the cap goes out
      // first (end, not destroy), and the unfinished chunked body tells the client it broke off.
      if (reason === 'responseTooLarge') {
        if (held) res.write(held);
        res.socket?.end();
      } else res.destroy();
    } finally {
      // What was sent counts, also when the visitor went away half-way.
      await charge().catch((error: unknown) => logger.error({ purpose, error }, 'proxy quota not counted'));
    }
  };
}

/** Test seams of the outbound policy (see OutboundPolicy); production passes none. */
export type ProxyRouterOptions = Pick<OutboundPolicy, 'resolve' | 'exemptAddresses'>;

/** `ALL /api/proxy/:purpose?url=<target>`: the method, body and allowed headers go to the target. */
export function proxyRouter({ config, guards, logger, db }: ModuleContext, options: ProxyRouterOptions = {}): Router {
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader(PROXY_ERROR_HEADER, '1');
    next();
  });
  const clientAddress = (req: Request) => `ip:${ipKeyGenerator(req.ip ?? '')}`;
  const userKey = (req: Request) => `user:${currentAuth(req).userId}`;
  const quotaKeys = (req: Request) => ({ user: userKey(req), ip: clientAddress(req) });
  let ledger: QuotaLedger | undefined;
  for (const purpose of PROXY_PURPOSES) {
    const rules = config.proxy.purposes[purpose];
    const handlers: RequestHandler[] = [limiter(rules.perIp, clientAddress)];
    if (rules.login) handlers.push(guards.requireUser, limiter(rules.perUser, userKey));
    // A quota counts a user's bytes, so only a purpose that needs a login can have one.
    const quota = rules.login ? rules.dailyBytes : undefined;
    if (quota) {
      ledger ??= createQuotaLedger(db);
      handlers.push(dailyQuota(quota, ledger, quotaKeys));
    }
    router.all(`/${purpose}`, ...handlers, proxyHandler(purpose, config.proxy, logger, options, quota ? ledger : undefined));
  }
  return router;
}
