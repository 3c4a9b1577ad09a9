import { Router } from 'express';
import { sendOk } from '../../http/envelope';
import { appVersion } from '../../version';

/** GET /api/health: no state, so the module is its router. */
export function healthModule(): Router {
  const router = Router();
  router.get('/', (_req, res) => sendOk(res, { status: 'ok', version: appVersion }));
  return router;
}
