import { Router } from 'express';
import type { Request } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { API_CODE } from '@shared/contracts/api';
import { normalizeTunnelId, tunnelIdSchema, tunnelRoom } from '@shared/contracts/tunnel';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import type { TunnelLimits } from './tunnel-config';
import type { TunnelService } from './tunnel.service';

export function tunnelRouter(service: TunnelService, limits: TunnelLimits): Router {
  const router = Router();
  const limiter = ({ windowMs, limit }: { windowMs: number; limit: number }) =>
    rateLimit({
      windowMs,
      limit,
      keyGenerator: (req: Request) => ipKeyGenerator(req.ip ?? ''),
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      handler: (_req, _res, next) =>
        next(new HttpError(429, API_CODE.TOO_MANY_REQUESTS, { key: 'tunnel.tooMany', params: { minutes: Math.ceil(windowMs / 60_000) } })),
    });
  router.post('/', limiter(limits.create), async (_req, res) => sendOk(res, await service.create()));
  // Asked before joining, so the page can say why a join would be refused (no such id, the remote is away or busy).
  router.get('/:id', limiter(limits.lookup), async (req, res) => {
    const id = normalizeTunnelId(String(req.params.id));
    const state = tunnelIdSchema.safeParse(id).success ? await service.state(id, tunnelRoom(id)) : undefined;
    if (!state) throw new HttpError(404, API_CODE.NOT_FOUND, { key: 'tunnel.notFound' });
    sendOk(res, state);
  });
  return router;
}
