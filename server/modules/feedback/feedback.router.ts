import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { API_CODE } from '@shared/contracts/api';
import {
  adminFeedbackQuery,
  feedbackIdParams,
  feedbackInputSchema,
  feedbackReply,
  feedbackStatusChange,
  myFeedbackQuery,
} from '@shared/contracts/feedback';
import type { AuthGuards } from '../../http/auth';
import { bearerToken, currentAuth } from '../../http/auth';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import type { FeedbackService } from './feedback.service';
import { MSG, badRequest, notFound } from './messages';
import { receiveFeedbackForm } from './screenshots';
import type { ScreenshotStore } from './screenshots';

interface RateRule {
  windowMs: number;
  limit: number;
}

/**
 * No captcha: anonymous feedback is capped per address instead, per account when logged in. A
 * handful an hour is more than a person reporting problems sends; an account gets more room.
 */
export const FEEDBACK_LIMITS: { perUser: RateRule; perAddress: RateRule } = {
  perUser: { windowMs: 60 * 60_000, limit: 20 },
  perAddress: { windowMs: 60 * 60_000, limit: 5 },
};

const screenshotParams = z.object({ key: z.string().max(64) });

/** The feedback of a multipart form's `feedback` field (JSON text), or the JSON body itself without a screenshot. */
function feedbackOf(req: Request): { body: unknown; screenshot?: Buffer } {
  if (!req.is('multipart/form-data')) return { body: req.body ?? {} };
  const text: unknown = (req.body as Record<string, unknown> | undefined)?.feedback;
  if (typeof text !== 'string') throw badRequest(MSG.request);
  try {
    return { body: JSON.parse(text), ...(req.file ? { screenshot: req.file.buffer } : {}) };
  } catch {
    throw badRequest(MSG.request);
  }
}

/** Two limiters, so a logged-in user behind a busy address is not held to the anonymous cap. */
function sendLimiter({ windowMs, limit }: RateRule, key: (req: Request) => string | undefined): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skip: (req) => key(req) === undefined,
    keyGenerator: (req) => key(req) as string,
    // A refused form (wrong picture, empty text) is fixed and sent again; only accepted feedback counts.
    skipFailedRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(new HttpError(429, API_CODE.TOO_MANY_REQUESTS, { key: 'feedback.tooMany', params: { minutes: Math.ceil(windowMs / 60_000) } })),
  });
}

export function feedbackRouter(service: FeedbackService, screenshots: ScreenshotStore, guards: AuthGuards): Router {
  const router = Router();
  const { requireUser, requireAdmin } = guards;
  /** Open route: a token, when sent, must be valid (401 lets the client refresh it), else the sender is anonymous. */
  const optionalUser: RequestHandler = async (req, _res, next) => {
    if (bearerToken(req)) await guards.authenticate(req);
    next();
  };
  const userOf = (req: Request) => (bearerToken(req) ? currentAuth(req).userId : undefined);

  router.post(
    '/',
    optionalUser,
    sendLimiter(FEEDBACK_LIMITS.perUser, (req) => {
      const userId = userOf(req);
      return userId === undefined ? undefined : `user:${userId}`;
    }),
    sendLimiter(FEEDBACK_LIMITS.perAddress, (req) => (userOf(req) === undefined ? ipKeyGenerator(req.ip ?? '') : undefined)),
    receiveFeedbackForm,
    async (req, res) => {
      const { body, screenshot } = feedbackOf(req);
      sendOk(res, await service.submit(userOf(req) ?? null, feedbackInputSchema.parse(body), screenshot));
    },
  );

  router.get('/mine/list/page', requireUser, async (req, res) => {
    sendOk(res, await service.mine(currentAuth(req).userId, myFeedbackQuery.parse(req.query)));
  });

  router.get('/list/page', requireAdmin, async (req, res) => {
    const { pageNum, pageSize, status, type } = adminFeedbackQuery.parse(req.query);
    sendOk(res, await service.all({ status, type }, { pageNum, pageSize }));
  });

  router.put('/:id/status', requireAdmin, async (req, res) => {
    const { id } = feedbackIdParams.parse(req.params);
    sendOk(res, await service.changeStatus(id, feedbackStatusChange.parse(req.body ?? {}).status));
  });

  router.post('/:id/reply', requireAdmin, async (req, res) => {
    const { id } = feedbackIdParams.parse(req.params);
    sendOk(res, await service.reply(id, feedbackReply.parse(req.body ?? {}).reply));
  });

  router.get('/screenshot/:key', requireUser, async (req, res) => {
    const parsed = screenshotParams.safeParse(req.params);
    // Someone else's screenshot is "not found" too: its existence is nobody else's business.
    const allowed = parsed.success && (await service.mayViewScreenshot(parsed.data.key, currentAuth(req)));
    const stored = allowed ? await screenshots.get(parsed.data.key) : undefined;
    if (!stored) throw notFound();
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Type', stored.type);
    res.setHeader('Content-Length', String(stored.size));
    await pipeline(stored.body, res);
  });

  return router;
}
