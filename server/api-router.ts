import { Router } from 'express';
import type { AppDependencies } from './app';
import { apiNotFound } from './http/error-handler';
import { actionStatRouter } from './modules/action-stat/action-stat.router';
import { createActionStatRepository } from './modules/action-stat/action-stat.repository';
import { createActionStatService } from './modules/action-stat/action-stat.service';
import { healthRouter } from './modules/health/health.router';
import { systemConfigRouter } from './modules/system-config/system-config.router';
import { createSystemConfigRepository } from './modules/system-config/system-config.repository';
import { createSystemConfigService } from './modules/system-config/system-config.service';
import { usersRouter } from './modules/users/users.module';

/** Everything under /api, one line per feature; paths follow spec §7. */
export function apiRouter(dependencies: AppDependencies): Router {
  const { db } = dependencies;
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use('/health', healthRouter());
  router.use('/system/configs', systemConfigRouter(createSystemConfigService(createSystemConfigRepository(db))));
  router.use('/system/action-stat', actionStatRouter(createActionStatService(createActionStatRepository(db))));
  router.use('/users', usersRouter(dependencies));
  router.use(apiNotFound);
  return router;
}
