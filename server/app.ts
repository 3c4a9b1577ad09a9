import express from 'express';
import type { Express, Request, RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { apiRouter } from './api-router';
import type { Config } from './config';
import type { Db } from './db/database';
import { rememberBodySize } from './http/body-size';
import { compressResponses } from './http/compress-responses';
import { apiCors } from './http/cors';
import { errorHandler } from './http/error-handler';
import { assignRequestId } from './http/request-id';
import { securityHeaders } from './http/security-headers';
import type { Live } from './live/live';
import type { Logger } from './logger';
import type { Storage } from './storage/storage';
import { websiteRouter } from './modules/website/website.router';

/** Larger than any legitimate JSON call; uploads will use their own multipart limits. */
export const API_JSON_LIMIT = '64kb';
export const PIC_HUB_BATCH_JSON_LIMIT = '1mb';

export interface AppDependencies {
  config: Config;
  db: Db;
  logger: Logger;
  /** Signs access tokens and keys captcha hashes (modules/users/app-secret.ts). */
  secret: Uint8Array;
  /** Where modules keep files (storage/storage.ts); local disk under DATA_DIR. */
  storage: Storage;
  /** Live messages (live/live.ts): the bus and the rooms clients may join on /api/live. */
  live: Live;
}

/** Builds the whole HTTP app without listening, so tests and index.ts run the same thing. */
export function createApp(dependencies: AppDependencies): Express {
  const { config, logger } = dependencies;
  const app = express();
  app.disable('x-powered-by');
  app.set('env', config.nodeEnv);
  app.set('trust proxy', config.trustProxyHops);

  app.use(
    pinoHttp({
      logger,
      genReqId: assignRequestId,
      // Headers and query strings stay out of the log: they carry tokens and personal data.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, path: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    }),
  );
  app.use(securityHeaders(config.picHubConnectSrc, config.thirdParty));
  app.use(compressResponses());
  const cors = apiCors(config.corsOrigins);
  const json = express.json({ limit: API_JSON_LIMIT, verify: rememberBodySize });
  // A batch of HUB_FILES_PER_BATCH_MAX picture records, each with its hub's settings, outgrows the
  // API-wide cap; its schema caps every field (shared/contracts/pic-hub.ts).
  const largerJson = express.json({ limit: PIC_HUB_BATCH_JSON_LIMIT, verify: rememberBodySize });
  // The outbound proxy streams bodies as they come (a JSON file PUT to WebDAV is not ours to parse),
  // and a WebDAV OPTIONS that is no CORS preflight goes to the target.
  const isProxy = (req: Request) => req.path.startsWith('/proxy/');
  const apiCorsUnlessProxied: RequestHandler = (req, res, next) =>
    isProxy(req) && req.method === 'OPTIONS' && !req.get('access-control-request-method') ? next() : cors(req, res, next);
  const jsonUnlessProxied: RequestHandler = (req, res, next) =>
    isProxy(req) ? next() : (req.path === '/busi/pic-hub-file/batch' ? largerJson : json)(req, res, next);
  app.use('/api', apiCorsUnlessProxied, jsonUnlessProxied, apiRouter(dependencies));
  app.use(websiteRouter(config));
  app.use(errorHandler);
  return app;
}
