import { Router } from 'express';
import type { Request } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { API_CODE } from '@shared/contracts/api';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import type { P2pConfig } from './p2p-config';
import type { P2pService } from './p2p.service';

export function p2pRouter(service: P2pService, config: P2pConfig): Router {
  const router = Router();
  const { windowMs, limit } = config.pairCreate;
  const pairLimiter = rateLimit({
    windowMs,
    limit,
    keyGenerator: (req: Request) => ipKeyGenerator(req.ip ?? ''),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(new HttpError(429, API_CODE.TOO_MANY_REQUESTS, { key: 'p2p.tooManyPairs', params: { minutes: Math.ceil(windowMs / 60_000) } })),
  });

  // req.ip follows TRUST_PROXY (app.ts), as the live endpoint's address does, so both derive the same id.
  router.get('/hello', (req, res) => sendOk(res, service.hello(req.ip ?? '')));

  router.post('/pairs', pairLimiter, async (_req, res) => sendOk(res, await service.createPair()));

  return router;
}
