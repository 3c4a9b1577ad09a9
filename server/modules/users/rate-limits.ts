import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Request, RequestHandler } from 'express';
import { API_CODE } from '@shared/contracts/api';
import { HttpError } from '../../http/http-error';

export interface RateRule {
  windowMs: number;
  limit: number;
}

export interface AccountRateLimits {
  /** Every login attempt from one address. */
  loginPerIp: RateRule;
  /** Failed logins against one account, whatever the address: slows password guessing. */
  loginFailuresPerAccount: RateRule;
  registerPerIp: RateRule;
  /** Mails to one address: the resend button cannot flood an inbox. */
  captchaSendPerEmail: RateRule;
  captchaSendPerIp: RateRule;
  /** validate and checkAndCreateToken; each code also dies after 5 wrong tries. */
  captchaCheckPerIp: RateRule;
  tokenRefreshPerIp: RateRule;
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
};

const clientAddress = (req: Request) => ipKeyGenerator(req.ip ?? '');

/** A body field as a limiter key, before validation; requests without it share the address key. */
export const bodyFieldKey = (field: string) => (req: Request) => {
  const value: unknown = typeof req.body === 'object' && req.body !== null ? Reflect.get(req.body, field) : undefined;
  return typeof value === 'string' && value.trim() !== '' ? `${field}:${value.trim().toLowerCase()}` : clientAddress(req);
};

interface LimiterOptions {
  rule: RateRule;
  /** Shown to the visitor (bilingual, like every accounts message). */
  message: string;
  key?: (req: Request) => string;
  /** Count only failed requests (status ≥ 400). */
  failuresOnly?: boolean;
}

export function limiter({ rule, message, key = clientAddress, failuresOnly = false }: LimiterOptions): RequestHandler {
  return rateLimit({
    ...rule,
    keyGenerator: key,
    skipSuccessfulRequests: failuresOnly,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new HttpError(429, API_CODE.TOO_MANY_REQUESTS, message, { popupNotice: true })),
  });
}
