import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Request, RequestHandler, Response } from 'express';
import { API_CODE } from '@shared/contracts/api';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import { HttpError } from '../../http/http-error';
import { currentAuth } from '../../http/auth';

export interface RateRule {
  windowMs: number;
  limit: number;
}

/**
 * Beyond `free` failures in the window every further attempt waits `stepMs` more, up to `maxDelayMs`;
 * nobody is refused, so a guesser cannot lock the owner out, only slow the account down.
 */
export interface SlowDownRule {
  windowMs: number;
  free: number;
  stepMs: number;
  maxDelayMs: number;
}

/**
 * Per-address limits are set so people behind one address (offices, campuses, carrier-grade NAT)
 * do not lock each other out: where a request costs little they count only failures, and where
 * each attempt costs a password hash the ceiling is far above what one person does. The table and
 * its reasons are in docs/accounts.md ("Rate limits").
 */
export interface AccountRateLimits {
  /** Every login attempt from one address: a ceiling on the hashing one address can ask for. */
  loginPerIp: RateRule;
  /** Failed logins against one account (name and email alike) from one address: holds a guesser back, nobody else. */
  loginFailuresPerAccountAndIp: RateRule;
  /** Failed logins against one account from all addresses: slows a spread-out guesser without locking the owner out. */
  loginFailuresPerAccount: SlowDownRule;
  /** Accounts made from one address. */
  registerSuccessesPerIp: RateRule;
  /** Refused sign-ups (wrong code, invalid or taken fields) for one email from one address. */
  registerFailuresPerEmailAndIp: RateRule;
  /** Every sign-up attempt from one address: each one costs a password hash. */
  registerPerIp: RateRule;
  /** Demo sessions handed to one address. */
  demoTokenPerIp: RateRule;
  /**
   * Mails of one purpose to one address: the resend button cannot flood an inbox. Only answered
   * requests count, so refused ones (say, register for a used address) cannot lock the owner out
   * of a password reset.
   */
  captchaSendPerEmail: RateRule;
  /** Mails sent on behalf of one address (answered requests only). */
  captchaSendPerIp: RateRule;
  /** Wrong codes and tokens on validate and checkAndCreateToken; each code also dies after 5 wrong tries. */
  captchaCheckPerIp: RateRule;
  /** Refused refresh tokens; a valid refresh (every tab, every 15 minutes) is not counted. */
  tokenRefreshPerIp: RateRule;
  /** Wrong current passwords on password/change/mine per user: a stolen access token must not become a password oracle. */
  passwordChangeFailuresPerUser: RateRule;
  /** Every password/change/mine from one address: each attempt costs a password hash. */
  passwordChangePerIp: RateRule;
  /** Each upload is decoded and re-encoded by sharp. */
  avatarUploadPerUser: RateRule;
}

const MINUTE = 60_000;

export const DEFAULT_ACCOUNT_RATE_LIMITS: AccountRateLimits = {
  loginPerIp: { windowMs: 15 * MINUTE, limit: 100 },
  loginFailuresPerAccountAndIp: { windowMs: 15 * MINUTE, limit: 10 },
  loginFailuresPerAccount: { windowMs: 15 * MINUTE, free: 10, stepMs: 500, maxDelayMs: 10_000 },
  registerSuccessesPerIp: { windowMs: 60 * MINUTE, limit: 10 },
  registerFailuresPerEmailAndIp: { windowMs: 60 * MINUTE, limit: 10 },
  registerPerIp: { windowMs: 60 * MINUTE, limit: 100 },
  demoTokenPerIp: { windowMs: 60 * MINUTE, limit: 10 },
  captchaSendPerEmail: { windowMs: MINUTE, limit: 1 },
  captchaSendPerIp: { windowMs: 60 * MINUTE, limit: 20 },
  captchaCheckPerIp: { windowMs: 15 * MINUTE, limit: 30 },
  tokenRefreshPerIp: { windowMs: 15 * MINUTE, limit: 60 },
  passwordChangeFailuresPerUser: { windowMs: 15 * MINUTE, limit: 10 },
  passwordChangePerIp: { windowMs: 15 * MINUTE, limit: 100 },
  avatarUploadPerUser: { windowMs: 15 * MINUTE, limit: 10 },
};

export const clientAddress = (req: Request) => ipKeyGenerator(req.ip ?? '');

/** The logged-in caller; only after requireUser. */
export const userKey = (req: Request) => `user:${currentAuth(req).userId}`;

/**
 * What a failures-only count leaves out: answered requests, and refusals (429), whether by a limit
 * or by a busy hashing pool. A refused request never had its password or code checked; counted, a
 * login storm that keeps the pool busy would lock the owner out of the account (issue 13).
 */
const notAFailure = (_req: Request, res: Response) => res.statusCode < 400 || res.statusCode === 429;

interface LimiterOptions {
  rule: RateRule;
  /** Shown to the visitor, with the window's length as `{{minutes}}`. */
  message: ServerMessageKey;
  key?: (req: Request) => string | Promise<string>;
  /** Count only failed requests (status ≥ 400 other than 429). */
  failuresOnly?: boolean;
  /** Count only answered requests (status < 400). */
  successesOnly?: boolean;
}

export function limiter({
  rule,
  message,
  key = clientAddress,
  failuresOnly = false,
  successesOnly = false,
}: LimiterOptions): RequestHandler {
  return rateLimit({
    ...rule,
    keyGenerator: key,
    skipSuccessfulRequests: failuresOnly,
    skipFailedRequests: successesOnly,
    ...(failuresOnly ? { requestWasSuccessful: notAFailure } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(new HttpError(429, API_CODE.TOO_MANY_REQUESTS, { key: message, params: { minutes: Math.ceil(rule.windowMs / MINUTE) } })),
  });
}

/**
 * express-rate-limit counting without refusing (the way express-slow-down works): failures under
 * `key` beyond `rule.free` delay the request before it is handled.
 */
export function slowDown(rule: SlowDownRule, key: (req: Request) => string | Promise<string>): RequestHandler[] {
  const count = rateLimit({
    windowMs: rule.windowMs,
    limit: Number.MAX_SAFE_INTEGER,
    keyGenerator: key,
    skipSuccessfulRequests: true,
    requestWasSuccessful: notAFailure,
    standardHeaders: false,
    legacyHeaders: false,
    requestPropertyName: 'slowDown',
  });
  const wait: RequestHandler = (req, _res, next) => {
    const used = (req as Request & { slowDown?: { used: number } }).slowDown?.used ?? 0;
    const delay = Math.min(rule.maxDelayMs, Math.max(0, used - rule.free) * rule.stepMs);
    if (delay === 0) return next();
    setTimeout(next, delay);
  };
  return [count, wait];
}
