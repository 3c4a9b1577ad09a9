import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';
import { API_CODE } from '@shared/contracts/api';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import { HttpError } from '../../http/http-error';
import { currentAuth } from '../../http/auth';

export interface RateRule {
  windowMs: number;
  limit: number;
}

export interface AccountRateLimits {
  /** Every login attempt from one address. */
  loginPerIp: RateRule;
  /** Failed logins against one account (by name and by email alike), whatever the address: slows password guessing. */
  loginFailuresPerAccount: RateRule;
  registerPerIp: RateRule;
  /**
   * Mails of one purpose to one address: the resend button cannot flood an inbox. Only answered
   * requests count, so refused ones (say, register for a used address) cannot lock the owner out
   * of a password reset.
   */
  captchaSendPerEmail: RateRule;
  captchaSendPerIp: RateRule;
  /** validate and checkAndCreateToken; each code also dies after 5 wrong tries. */
  captchaCheckPerIp: RateRule;
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
  loginPerIp: { windowMs: 15 * MINUTE, limit: 30 },
  loginFailuresPerAccount: { windowMs: 15 * MINUTE, limit: 10 },
  registerPerIp: { windowMs: 60 * MINUTE, limit: 10 },
  captchaSendPerEmail: { windowMs: MINUTE, limit: 1 },
  captchaSendPerIp: { windowMs: 60 * MINUTE, limit: 20 },
  captchaCheckPerIp: { windowMs: 15 * MINUTE, limit: 30 },
  tokenRefreshPerIp: { windowMs: 15 * MINUTE, limit: 60 },
  passwordChangeFailuresPerUser: { windowMs: 15 * MINUTE, limit: 10 },
  passwordChangePerIp: { windowMs: 15 * MINUTE, limit: 30 },
  avatarUploadPerUser: { windowMs: 15 * MINUTE, limit: 10 },
};

export const clientAddress = (req: Request) => ipKeyGenerator(req.ip ?? '');

/** The logged-in caller; only after requireUser. */
export const userKey = (req: Request) => `user:${currentAuth(req).userId}`;

interface LimiterOptions {
  rule: RateRule;
  /** Shown to the visitor, with the window's length as `{{minutes}}`. */
  message: ServerMessageKey;
  key?: (req: Request) => string | Promise<string>;
  /** Count only failed requests (status ≥ 400). */
  failuresOnly?: boolean;
  /** Count only answered requests (status < 400). */
  successesOnly?: boolean;
}

export function limiter({ rule, message, key = clientAddress, failuresOnly = false, successesOnly = false }: LimiterOptions): RequestHandler {
  return rateLimit({
    ...rule,
    keyGenerator: key,
    skipSuccessfulRequests: failuresOnly,
    skipFailedRequests: successesOnly,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new HttpError(429, API_CODE.TOO_MANY_REQUESTS, { key: message, params: { minutes: Math.ceil(rule.windowMs / MINUTE) } })),
  });
}
