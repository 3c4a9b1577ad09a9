import { Router } from 'express';
import type { AppDependencies } from '../../app';
import type { Authenticate } from '../../http/auth';
import type { ModuleContext } from '../module-context';
import { createAccessTokens } from './access-token';
import { adminRouter } from './admin.router';
import { createAdminService } from './admin.service';
import { authRouter } from './auth.router';
import { createAuthService } from './auth.service';
import { createAvatarStore } from './avatar.service';
import { createCaptchaRepository } from './captcha.repository';
import { captchaRouter } from './captcha.router';
import { createCaptchaService } from './captcha.service';
import { createLoginLogsRepository } from './login-logs.repository';
import { createMailer } from './mailer';
import { createOAuth2Repository } from './oauth2.repository';
import { DEFAULT_HASHING_LIMITS, passwordPool } from './password-pool';
import { profileRouter } from './profile.router';
import { createProfileService } from './profile.service';
import { createSessionAuthenticator } from './session-authenticator';
import { createSessionService } from './session.service';
import { createSessionsRepository } from './sessions.repository';
import { createUsersRepository } from './users.repository';

/** Proves bearer tokens for the app-level guards (http/auth.ts) that every module receives. */
export function sessionAuthenticator({ db, config, secret }: AppDependencies): Authenticate {
  const users = createUsersRepository(db);
  const accessTokens = createAccessTokens(secret, config.accounts.accessTokenTtlSeconds);
  return createSessionAuthenticator(accessTokens, createSessionService(createSessionsRepository(db), users, accessTokens), users);
}

/** Everything under /api/users (spec §7 "Users"), wired from its repositories up. */
export function usersModule({ db, config, logger, secret, guards, storage }: ModuleContext): Router {
  const { accounts } = config;
  const users = createUsersRepository(db);
  const loginLogs = createLoginLogsRepository(db);
  const accessTokens = createAccessTokens(secret, accounts.accessTokenTtlSeconds);
  const sessions = createSessionService(createSessionsRepository(db), users, accessTokens);
  const captcha = createCaptchaService({
    captchas: createCaptchaRepository(db),
    users,
    mailer: createMailer(accounts, config.dataDir, logger),
    secret,
    logger,
  });
  const auth = createAuthService({ users, sessions, captcha, loginLogs, logger });
  const profile = createProfileService({ users, sessions, captcha, loginLogs, oauth2: createOAuth2Repository(db) });
  const limits = accounts.rateLimits;
  passwordPool.configure(accounts.hashing ?? DEFAULT_HASHING_LIMITS);

  const router = Router();
  router.use(authRouter({ auth, sessions, accessTokens, limits, demoAccount: accounts.demoAccount }));
  router.use('/captcha', captchaRouter({ captcha, guards, limits }));
  router.use(adminRouter({ admin: createAdminService(users, sessions, logger), guards }));
  router.use(profileRouter({ profile, guards, avatars: createAvatarStore(storage), limits }));
  return router;
}
