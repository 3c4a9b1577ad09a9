import { Router } from 'express';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { API_CODE } from '@shared/contracts/api';
import {
  boardBanSchema,
  boardEditSchema,
  boardHideSchema,
  boardIdParams,
  boardListQuery,
  boardPostSchema,
  boardUserParams,
  boardWordFilterSchema,
} from '@shared/contracts/board';
import type { Auth, AuthGuards } from '../../http/auth';
import { bearerToken, currentAuth } from '../../http/auth';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import type { BoardConfig, RateRule } from './board-config';
import type { BoardService } from './board.service';

/** A module never imports another (docs/architecture.md), so this is the accounts module's limiter's shape, not the limiter. */
function postLimiter(rule: RateRule, keyOf: (req: Request) => string): RequestHandler {
  return rateLimit({
    ...rule,
    keyGenerator: keyOf,
    // A refused post (too long, a filtered word) is fixed and sent again; only accepted ones count.
    skipFailedRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(
        new HttpError(429, API_CODE.TOO_MANY_REQUESTS, {
          key: 'board.tooManyPosts',
          params: { minutes: Math.ceil(rule.windowMs / 60_000) },
        }),
      ),
  });
}

export function boardRouter(service: BoardService, guards: AuthGuards, config: BoardConfig): Router {
  const router = Router();
  const { requireUser, requireAdmin } = guards;
  const perUser = postLimiter(config.postsPerUser, (req) => `user:${currentAuth(req).userId}`);
  const perIp = postLimiter(config.postsPerIp, (req) => ipKeyGenerator(req.ip ?? ''));
  /** Anyone reads; a logged-in reader also learns what they liked, and the admin sees hidden posts. */
  const viewer = (req: Request): Promise<Auth> | undefined => (bearerToken(req) ? guards.authenticate(req) : undefined);

  router.get('/list/page', async (req, res) => {
    const query = boardListQuery.parse(req.query);
    sendOk(res, await service.list(query, await viewer(req)));
  });

  router.post('/', requireUser, perIp, perUser, async (req, res) => {
    sendOk(res, await service.create(currentAuth(req), boardPostSchema.parse(req.body ?? {})));
  });

  // Before the '/:id' routes, which would take 'word-filter' for an id.
  router.get('/bans', requireAdmin, async (_req, res) => {
    sendOk(res, await service.bans());
  });

  router.post('/bans', requireAdmin, async (req, res) => {
    await service.ban(boardBanSchema.parse(req.body ?? {}).userId);
    sendOk(res, null);
  });

  router.delete('/bans/:userId', requireAdmin, async (req, res) => {
    await service.unban(boardUserParams.parse(req.params).userId);
    sendOk(res, null);
  });

  router.get('/word-filter', requireAdmin, async (_req, res) => {
    sendOk(res, await service.wordFilter());
  });

  router.put('/word-filter', requireAdmin, async (req, res) => {
    sendOk(res, await service.setWordFilter(boardWordFilterSchema.parse(req.body ?? {}).words));
  });

  router.put('/:id', requireUser, async (req, res) => {
    const { id } = boardIdParams.parse(req.params);
    sendOk(res, await service.edit(currentAuth(req), id, boardEditSchema.parse(req.body ?? {}).content));
  });

  router.delete('/:id', requireUser, async (req, res) => {
    await service.delete(currentAuth(req), boardIdParams.parse(req.params).id);
    sendOk(res, null);
  });

  router.post('/:id/like', requireUser, async (req, res) => {
    sendOk(res, await service.like(currentAuth(req), boardIdParams.parse(req.params).id, true));
  });

  router.delete('/:id/like', requireUser, async (req, res) => {
    sendOk(res, await service.like(currentAuth(req), boardIdParams.parse(req.params).id, false));
  });

  router.post('/:id/hide', requireAdmin, async (req, res) => {
    const { id } = boardIdParams.parse(req.params);
    await service.hide(currentAuth(req), id, boardHideSchema.parse(req.body ?? {}).hidden);
    sendOk(res, null);
  });

  return router;
}
