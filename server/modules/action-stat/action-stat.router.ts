import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { API_CODE } from '@shared/contracts/api';
import { receivedBodyBytes } from '../../http/body-size';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import type { ActionStatService } from './action-stat.service';

export const MAX_ACTION_STAT_BYTES = 4096;
export const MAX_SOURCE_URL_LENGTH = 2048;

/** Generous for a person clicking around, far too little to fill a disk. */
export const ACTION_STAT_RATE_LIMIT = { windowMs: 60_000, limit: 30 };

const actionStatBody = z.looseObject({ sourceUrl: z.url({ protocol: /^https?$/ }).max(MAX_SOURCE_URL_LENGTH) });

export function actionStatRouter(service: ActionStatService): Router {
  const router = Router();

  const limiter = rateLimit({
    ...ACTION_STAT_RATE_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new HttpError(429, API_CODE.TOO_MANY_REQUESTS, 'Too many requests, try again later')),
  });

  router.post('/log', limiter, async (req, res) => {
    // The raw size, before anything walks the parsed body: a few KB of nesting is thousands of levels.
    if (receivedBodyBytes(req) > MAX_ACTION_STAT_BYTES) {
      throw new HttpError(400, API_CODE.BAD_REQUEST, `Request body must be at most ${MAX_ACTION_STAT_BYTES} bytes of JSON`);
    }
    const { sourceUrl, ...fields } = actionStatBody.parse(req.body ?? {});
    await service.log({ sourceUrl, fields }, { ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '' });
    sendOk(res, null);
  });

  return router;
}
