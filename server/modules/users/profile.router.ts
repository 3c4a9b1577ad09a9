import { pipeline } from 'node:stream/promises';
import { Router } from 'express';
import { z } from 'zod';
import {
  emailChangeRequest,
  infoDetailsUpdateRequest,
  infoQuery,
  pageQuery,
  passwordChangeMineRequest,
  passwordChangeRequest,
  settingsUpdateRequest,
} from '@shared/contracts/users';
import { sendOk } from '../../http/envelope';
import type { AuthGuards } from '../../http/auth';
import { currentAuth } from '../../http/auth';
import { receiveAvatar } from './avatar-upload';
import { AVATAR_FILE_PATTERN, renderAvatar } from './avatar.service';
import type { AvatarStore } from './avatar.service';
import { MSG, badRequest, notFound } from './messages';
import type { ProfileService } from './profile.service';
import type { AccountRateLimits } from './rate-limits';
import { limiter, userKey } from './rate-limits';
import { userIdParams } from './user-id-params';

interface ProfileRouterDependencies {
  profile: ProfileService;
  guards: AuthGuards;
  avatars: AvatarStore;
  limits: AccountRateLimits;
}

const avatarFileParams = z.object({ file: z.string().regex(AVATAR_FILE_PATTERN) });

/** Names carry a content hash, so a file never changes and may be cached for a year. */
const AVATAR_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function profileRouter({ profile, guards, avatars, limits }: ProfileRouterDependencies): Router {
  const router = Router();
  const { requireUser } = guards;

  // The server keeps no user-info cache; `force` is accepted so the client can always send it.
  router.get('/info', requireUser, async (req, res) => {
    infoQuery.parse(req.query);
    sendOk(res, await profile.info(currentAuth(req)));
  });

  router.get('/info/details', requireUser, async (req, res) => {
    sendOk(res, await profile.details(currentAuth(req)));
  });

  router.put('/info/details', requireUser, async (req, res) => {
    const { nickName } = infoDetailsUpdateRequest.parse(req.body ?? {});
    sendOk(res, await profile.updateNickName(currentAuth(req), nickName));
  });

  router.put('/settings', requireUser, async (req, res) => {
    const { settings } = settingsUpdateRequest.parse(req.body ?? {});
    await profile.updateSettings(currentAuth(req), settings);
    sendOk(res, null);
  });

  router.put(
    '/avatar',
    requireUser,
    limiter({ rule: limits.avatarUploadPerUser, message: 'users.tooManyAvatarUploads', key: userKey }),
    receiveAvatar,
    async (req, res) => {
      if (!req.file) throw badRequest(MSG.avatarMissing);
      const auth = currentAuth(req);
      await profile.checkAvatarChangeable(auth);
      const webp = await renderAvatar(req.file.buffer);
      sendOk(res, await avatars.replace(auth.userId, webp, (avatar) => profile.setAvatar(auth, avatar)));
    },
  );

  router.get('/avatar/:file', async (req, res) => {
    const parsed = avatarFileParams.safeParse(req.params);
    const stored = parsed.success ? await avatars.get(parsed.data.file) : undefined;
    if (!stored) throw notFound('No such avatar');
    res.setHeader('Cache-Control', AVATAR_CACHE_CONTROL);
    // The desktop app shows avatars from another origin (app://); helmet's default would block that.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Content-Length', String(stored.size));
    await pipeline(stored.body, res);
  });

  router.get('/login-logs/mine/list/page', requireUser, async (req, res) => {
    const { pageNum, pageSize } = pageQuery.parse(req.query);
    sendOk(res, await profile.loginLogs(currentAuth(req), pageNum, pageSize));
  });

  router.get('/me/oauth2/list', requireUser, async (req, res) => {
    sendOk(res, await profile.oauth2Bindings(currentAuth(req)));
  });

  router.post('/email/change', requireUser, async (req, res) => {
    const { captchaToken } = emailChangeRequest.parse(req.body ?? {});
    sendOk(res, await profile.changeEmail(currentAuth(req), captchaToken));
  });

  router.post('/password/change', async (req, res) => {
    const { captchaToken, password } = passwordChangeRequest.parse(req.body ?? {});
    await profile.resetPassword(captchaToken, password);
    sendOk(res, null);
  });

  router.post(
    '/password/change/mine',
    limiter({ rule: limits.passwordChangePerIp, message: 'users.tooManyPasswordChanges' }),
    requireUser,
    limiter({ rule: limits.passwordChangeFailuresPerUser, message: 'users.tooManyPasswordChanges', key: userKey, failuresOnly: true }),
    async (req, res) => {
      const { oldPassword, password } = passwordChangeMineRequest.parse(req.body ?? {});
      await profile.changeOwnPassword(currentAuth(req), oldPassword, password);
      sendOk(res, null);
    },
  );

  router.get('/:id/info/simplified', async (req, res) => {
    sendOk(res, await profile.simplified(userIdParams.parse(req.params).id));
  });

  return router;
}
