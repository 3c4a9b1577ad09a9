import { pipeline } from 'node:stream/promises';
import express, { Router } from 'express';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { z } from 'zod';
import { API_CODE } from '@shared/contracts/api';
import {
  adCountSchema,
  adEditSchema,
  adIdParams,
  adInputSchema,
  adStatusChangeSchema,
  adminAdsQuery,
  myAdsQuery,
  siteAdsQuery,
} from '@shared/contracts/ads';
import type { AuthGuards } from '../../http/auth';
import { currentAuth } from '../../http/auth';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import { receiveAdForm } from './ad-images';
import type { AdImageStore } from './ad-images';
import type { CustomerAdsConfig, RateRule } from './customer-ads-config';
import type { HitKind } from './customer-ads.repository';
import type { CustomerAdsService, Upload } from './customer-ads.service';
import { MSG, badRequest } from './messages';

/** Names carry a content hash, so a picture never changes and may be cached for a year. */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** visit is sent as application/json-patch+json (spec §7), which the API-wide parser leaves alone. */
const countBody = express.json({ type: ['application/json', 'application/json-patch+json'], limit: '1kb' });
const imageParams = z.object({ name: z.string().max(64) });

/**
 * The ad of publish and PUT: the `ad` field of a multipart form (JSON text), or the JSON body
 * itself when no picture comes along.
 */
function adOf(req: Request): { body: unknown; upload?: Upload } {
  if (!req.is('multipart/form-data')) return { body: req.body ?? {} };
  const text: unknown = (req.body as Record<string, unknown> | undefined)?.ad;
  if (typeof text !== 'string') throw badRequest(MSG.request);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest(MSG.request);
  }
  return { body, ...(req.file ? { upload: { bytes: req.file.buffer } } : {}) };
}

/** A module never imports another (docs/architecture.md), so this is the accounts module's limiter's shape, not the limiter. */
function publishLimiter(rule: RateRule): RequestHandler {
  return rateLimit({
    ...rule,
    keyGenerator: (req) => `user:${currentAuth(req).userId}`,
    // A refused form (bad link, wrong picture) is fixed and sent again; only accepted ads count.
    skipFailedRequests: true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(
        new HttpError(429, API_CODE.TOO_MANY_REQUESTS, {
          key: 'ads.tooManyPublishes',
          params: { minutes: Math.ceil(rule.windowMs / 60_000) },
        }),
      ),
  });
}

/** Over the limit a view or visit is simply not counted: the page never hears of it (quiet calls). */
function countLimiter(rule: RateRule): RequestHandler {
  return rateLimit({
    ...rule,
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
    standardHeaders: false,
    legacyHeaders: false,
    handler: (_req, res) => sendOk(res, null),
  });
}

export function customerAdsRouter(
  service: CustomerAdsService,
  images: AdImageStore,
  guards: AuthGuards,
  config: CustomerAdsConfig,
): Router {
  const router = Router();
  const { requireUser, requireAdmin } = guards;
  const counts = countLimiter(config.countsPerIp);

  router.get('/list/page', requireAdmin, async (req, res) => {
    const { pageNum, pageSize, status, type, owner, deleted } = adminAdsQuery.parse(req.query);
    sendOk(res, await service.all({ status, type, owner, withDeleted: deleted ?? false }, { pageNum, pageSize }));
  });

  router.get('/list/page/mine', requireUser, async (req, res) => {
    sendOk(res, await service.mine(currentAuth(req).userId, myAdsQuery.parse(req.query)));
  });

  router.get('/site', async (req, res) => {
    sendOk(res, await service.site(siteAdsQuery.parse(req.query).latestTimestamp));
  });

  router.post('/publish', requireUser, publishLimiter(config.publishPerUser), receiveAdForm, async (req, res) => {
    const { body, upload } = adOf(req);
    sendOk(res, await service.publish(currentAuth(req).userId, adInputSchema.parse(body), upload));
  });

  router.put('/', requireUser, receiveAdForm, async (req, res) => {
    const { body, upload } = adOf(req);
    sendOk(res, await service.edit(currentAuth(req), adEditSchema.parse(body), upload));
  });

  router.post('/change-status', requireUser, async (req, res) => {
    sendOk(res, await service.changeStatus(currentAuth(req), adStatusChangeSchema.parse(req.body ?? {})));
  });

  const count =
    (kind: HitKind): RequestHandler =>
    async (req, res) => {
      const { id } = adCountSchema.parse(req.body ?? {});
      await service.count(kind, id, { ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '' });
      sendOk(res, null);
    };
  router.post('/view', counts, countBody, count('view'));
  router.post('/visit', counts, countBody, count('visit'));

  router.delete('/:id/soft', requireUser, async (req, res) => {
    await service.softDelete(currentAuth(req), adIdParams.parse(req.params).id);
    sendOk(res, null);
  });

  router.delete('/:id', requireAdmin, async (req, res) => {
    await service.hardDelete(adIdParams.parse(req.params).id);
    sendOk(res, null);
  });

  router.get('/image/:name', async (req, res) => {
    const parsed = imageParams.safeParse(req.params);
    const stored = parsed.success ? await images.get(parsed.data.name) : undefined;
    if (!stored) throw new HttpError(404, API_CODE.NOT_FOUND, 'No such ad picture');
    res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL);
    // The desktop app shows them from another origin (app://); helmet's default would block that.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Type', stored.type);
    res.setHeader('Content-Length', String(stored.size));
    await pipeline(stored.body, res);
  });

  return router;
}
