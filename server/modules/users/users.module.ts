import { Router } from 'express';
import type { AppDependencies } from '../../app';
import type { Authenticate } from '../../http/auth';
import type { ModuleContext } from '../module-context';
import { accountStores, accountsTransaction } from './account-stores';
import { createAccessTokens } from './access-token';
import { adminRouter } from './admin.router';
import { createAdminService } from './admin.service';
import { authRouter } from './auth.router';
import { createAuthService } from './auth.service';
import { createAvatarStore } from './avatar.service';
import { captchaRouter } from './captcha.router';
import { createCaptchaService } from './captcha.service';
import { createLoginLogsRepository } from './login-logs.repository';
import { createMailer } from './mailer';
import { createOAuth2Repository } from './oauth2.repository';
import { DEFAULT_HASHING_LIMITS, passwordPool } from './password-pool';
import { profileRouter } from './profile.router';
import { createProfileService } from './profile.service';
import { createSessionAuthenticator } from './session-authenticator';

/** Proves bearer tokens for the app-level guards (http/auth.ts) that every module receives. */
export function sessionAuthenticator({ db, config, secret }: AppDependencies): Authenticate {
  const accessTokens = createAccessTokens(secret, config.accounts.accessTokenTtlSeconds);
  const { users, sessions } = accountStores(db, accessTokens);
  return createSessionAuthenticator(accessTokens, sessions, users);
}

/** Everything under /api/users (spec §7 "Users"), wired from its repositories up. */
export function usersModule({ db, config, logger, secret, guards, storage }: ModuleContext): Router {
  const { accounts } = config;
  const loginLogs = createLoginLogsRepository(db);
  const accessTokens = createAccessTokens(secret, accounts.accessTokenTtlSeconds);
  const { users, captchas, sessions } = accountStores(db, accessTokens);
  const transaction = accountsTransaction(db, accessTokens);
  const captcha = createCaptchaService({
    captchas,
    users,
    mailer: createMailer(accounts, config.dataDir, logger),
    secret,
    logger,
  });
  const auth = createAuthService({ users, sessions, captcha, loginLogs, transaction, logger });
  const profile = createProfileService({ users, captcha, loginLogs, oauth2: createOAuth2Repository(db), transaction });
  const limits = accounts.rateLimits;
  passwordPool.configure(accounts.hashing ?? DEFAULT_HASHING_LIMITS);

  const router = Router();
  router.use(authRouter({ auth, sessions, accessTokens, limits, demoAccount: accounts.demoAccount }));
  router.use('/captcha', captchaRouter({ captcha, guards, limits }));
  router.use(adminRouter({ admin: createAdminService(users, sessions, transaction, logger), guards }));
  router.use(profileRouter({ profile, guards, avatars: createAvatarStore(storage), limits }));
  return router;
}
