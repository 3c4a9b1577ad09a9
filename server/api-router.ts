import { Router } from 'express';
import type { AppDependencies } from './app';
import { createAuthGuards } from './http/auth';
import { apiNotFound } from './http/error-handler';
import { actionStatModule } from './modules/action-stat/action-stat.module';
import { boardModule } from './modules/board/board.module';
import { chatModule } from './modules/chat/chat.module';
import { customerAdsModule } from './modules/customer-ads/customer-ads.module';
import { feedbackModule } from './modules/feedback/feedback.module';
import { donationsModule } from './modules/donations/donations.module';
import { healthModule } from './modules/health/health.module';
import type { ModuleContext } from './modules/module-context';
import { p2pModule } from './modules/p2p/p2p.module';
import { picHubModule } from './modules/pic-hub/pic-hub.module';
import { proxyModule } from './modules/proxy/proxy.module';
import { readingSyncModule } from './modules/reading-sync/reading-sync.module';
import { samplesModule } from './modules/samples/samples.module';
import { systemConfigModule } from './modules/system-config/system-config.module';
import { tunnelModule } from './modules/tunnel/tunnel.module';
import { sessionAuthenticator, usersModule } from './modules/users/users.module';

/** Everything under /api, one line per module; paths follow spec §7. */
export function apiRouter(dependencies: AppDependencies): Router {
  // The accounts module proves sessions; every module gets the guards built on that, never the module.
  const context: ModuleContext = { ...dependencies, guards: createAuthGuards(sessionAuthenticator(dependencies)) };
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  router.use('/health', healthModule());
  router.use('/system/configs', systemConfigModule(context));
  router.use('/system/action-stat', actionStatModule(context));
  router.use('/system/customer-ads', customerAdsModule(context));
  router.use('/community/feedback', feedbackModule(context));
  router.use('/community/donations', donationsModule(context));
  router.use('/community/board', boardModule(context));
  router.use('/users', usersModule(context));
  router.use('/proxy', proxyModule(context));
  router.use('/chat', chatModule(context));
  router.use('/busi/reading-sync', readingSyncModule(context));
  router.use('/busi', picHubModule(context));
  router.use('/p2p', p2pModule(context));
  router.use('/tunnels', tunnelModule(context));
  router.use('/community/samples', samplesModule(context));
  router.use(apiNotFound);
  return router;
}
