import { Router } from 'express';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import multer from 'multer';
import { API_CODE } from '@shared/contracts/api';
import {
  PIC_HUB_NAME_MAX_LENGTH,
  PIC_HUB_SYS_UPLOAD_MAX_BYTES,
  hubFileBatchRequest,
  hubFileDeleteQuery,
  hubFileListQuery,
  hubFileUploadRequest,
  hubGidRequest,
  hubSaveRequest,
  picHubPageQuery,
  picHubSettingsSaveRequest,
  sysHubSaveRequest,
} from '@shared/contracts/pic-hub';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import { bearerToken, currentAuth } from '../../http/auth';
import type { AuthGuards } from '../../http/auth';
import { sendOk } from '../../http/envelope';
import { HttpError } from '../../http/http-error';
import type { PicHubConfig, RateRule } from './pic-hub-config';
import type { PicHubService } from './pic-hub.service';

/** Reads the one `file` part into memory, stopping at the cap while streaming. */
const readSysUpload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PIC_HUB_SYS_UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 },
  // Chinese file names arrive as UTF-8 from every browser; busboy's default reads them as latin1.
  defParamCharset: 'utf8',
}).single('file');

const receiveSysUpload: RequestHandler = (req, res, next) => {
  readSysUpload(req, res, (error: unknown) => {
    if (!error) return next();
    if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE')
      return next(new HttpError(413, API_CODE.BAD_REQUEST, { key: 'picHub.sysUploadTooLarge' }));
    next(new HttpError(400, API_CODE.BAD_REQUEST, { key: 'picHub.sysUploadMalformed' }));
  });
};

/** The caller's account when a bearer token is sent (a bad one is 401, as everywhere); visitors have none. */
const accountOrVisitor =
  (guards: AuthGuards): RequestHandler =>
  async (req, _res, next) => {
    if (bearerToken(req)) await guards.authenticate(req);
    next();
  };

const accountAndAddress = (req: Request) => {
  let account = 'visitor';
  try {
    account = `user:${currentAuth(req).userId}`;
  } catch {
    // No session: a visitor, known by address alone.
  }
  return `${account}:${ipKeyGenerator(req.ip ?? '')}`;
};

/** A module never imports another (docs/architecture.md), so this is the accounts module's limiter's shape, not the limiter. */
function limiter(rule: RateRule, message: ServerMessageKey): RequestHandler {
  return rateLimit({
    ...rule,
    keyGenerator: accountAndAddress,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(new HttpError(429, API_CODE.TOO_MANY_REQUESTS, { key: message, params: { minutes: Math.ceil(rule.windowMs / 60_000) } })),
  });
}

/** /api/busi/pic-hub-file (spec §7): the caller's own file records. */
function filesRouter(service: PicHubService, guards: AuthGuards, calls: RequestHandler): Router {
  const router = Router();
  router.use(guards.requireUser, calls);

  router.post('/upload', async (req, res) => {
    const file = hubFileUploadRequest.parse(req.body ?? {});
    const [saved] = await service.saveFiles(currentAuth(req).userId, [file]);
    sendOk(res, saved);
  });

  router.post('/batch', async (req, res) => {
    const { files } = hubFileBatchRequest.parse(req.body ?? {});
    sendOk(res, await service.saveFiles(currentAuth(req).userId, files));
  });

  router.get('/list/page/mine', async (req, res) => {
    sendOk(res, await service.listFiles(currentAuth(req).userId, hubFileListQuery.parse(req.query)));
  });

  router.delete('/mine', async (req, res) => {
    const { gids } = hubFileDeleteQuery.parse(req.query);
    sendOk(res, await service.deleteFiles(currentAuth(req).userId, gids));
  });

  return router;
}

/** /api/busi/pic-hub (spec §7 plus the system hub's admin and upload calls). */
function hubsRouter(service: PicHubService, guards: AuthGuards, config: PicHubConfig, calls: RequestHandler): Router {
  const router = Router();
  const mine = [guards.requireUser, calls];

  // Open to everyone: the page asks before offering the system hub to a visitor.
  router.get('/sys/default', async (_req, res) => {
    sendOk(res, await service.systemHub());
  });

  router.put('/sys/default', guards.requireAdmin, async (req, res) => {
    sendOk(res, await service.saveSystemHub(sysHubSaveRequest.parse(req.body ?? {})));
  });

  router.post(
    '/sys/upload',
    accountOrVisitor(guards),
    limiter(config.sysUploadPerAccountAndIp, 'picHub.tooManyUploads'),
    receiveSysUpload,
    async (req, res) => {
      if (!req.file) throw new HttpError(400, API_CODE.BAD_REQUEST, { key: 'picHub.sysUploadMissing' });
      const originalName = req.file.originalname.slice(0, PIC_HUB_NAME_MAX_LENGTH);
      sendOk(res, await service.uploadToSystemHub({ bytes: new Uint8Array(req.file.buffer), originalName }));
    },
  );

  router.post('/save', ...mine, async (req, res) => {
    sendOk(res, await service.saveHub(currentAuth(req).userId, hubSaveRequest.parse(req.body ?? {})));
  });

  router.delete('/mine', ...mine, async (req, res) => {
    const { gid } = hubGidRequest.parse(req.query);
    sendOk(res, await service.deleteHub(currentAuth(req).userId, gid));
  });

  router.get('/list/page/mine', ...mine, async (req, res) => {
    sendOk(res, await service.listHubs(currentAuth(req).userId, picHubPageQuery.parse(req.query)));
  });

  router.put('/default', ...mine, async (req, res) => {
    const { gid } = hubGidRequest.parse(req.body ?? {});
    sendOk(res, await service.setDefault(currentAuth(req).userId, gid));
  });

  router.get('/settings/mine', ...mine, async (req, res) => {
    sendOk(res, await service.settings(currentAuth(req).userId));
  });

  router.post('/settings/mine/save', ...mine, async (req, res) => {
    sendOk(res, await service.saveSettings(currentAuth(req).userId, picHubSettingsSaveRequest.parse(req.body ?? {})));
  });

  return router;
}

export function picHubRouter(service: PicHubService, guards: AuthGuards, config: PicHubConfig): Router {
  const router = Router();
  // One allowance for both prefixes: after requireUser, so the account is known.
  const calls = limiter(config.callsPerAccountAndIp, 'picHub.tooManyRequests');
  router.use('/pic-hub-file', filesRouter(service, guards, calls));
  router.use('/pic-hub', hubsRouter(service, guards, config, calls));
  return router;
}
