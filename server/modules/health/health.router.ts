import { Router } from 'express';
import { sendOk } from '../../http/envelope';
import { appVersion } from '../../version';

export function healthRouter(): Router {
  const router = Router();
  router.get('/', (_req, res) => sendOk(res, { status: 'ok', version: appVersion }));
  return router;
}
