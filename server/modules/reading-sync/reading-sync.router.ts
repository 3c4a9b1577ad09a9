import { Router } from 'express';
import type { Request } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { API_CODE } from '@shared/contracts/api';
import { readingSyncPullSchema, readingSyncPushSchema } from '@shared/contracts/reading-sync';
import { currentAuth } from '../../http/auth';
import type { AuthGuards } from '../../http/auth';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import type { ReadingSyncService } from './reading-sync.service';

/**
 * Per account and address: a reader's page turns are pushed at most every few seconds, plus a pull
 * per book opened; this is several times that, and far too little to fill a disk.
 */
export const READING_SYNC_RATE_LIMIT = { windowMs: 60_000, limit: 120 };

export function readingSyncRouter(service: ReadingSyncService, guards: AuthGuards): Router {
  const router = Router();
  const limiter = rateLimit({
    ...READING_SYNC_RATE_LIMIT,
    keyGenerator: (req: Request) => `${currentAuth(req).userId}:${ipKeyGenerator(req.ip ?? '')}`,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(
        new HttpError(429, API_CODE.TOO_MANY_REQUESTS, {
          key: 'readingSync.tooManyRequests',
          params: { minutes: Math.ceil(READING_SYNC_RATE_LIMIT.windowMs / 60_000) },
        }),
      ),
  });

  router.get('/mine', guards.requireUser, limiter, async (req, res) => {
    const filter = readingSyncPullSchema.parse(req.query);
    sendOk(res, await service.pull(currentAuth(req).userId, filter));
  });

  router.post('/mine/save', guards.requireUser, limiter, async (req, res) => {
    const changes = readingSyncPushSchema.parse(req.body ?? {});
    sendOk(res, await service.push(currentAuth(req).userId, changes));
  });

  return router;
}
