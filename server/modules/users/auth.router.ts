import express, { Router } from 'express';
import type { Request } from 'express';
import { z } from 'zod';
import { loginRequest, logoutRequest, registerRequest } from '@shared/contracts/users';
import { sendOk } from '../../http/envelope';
import type { AccessTokens } from './access-token';
import { bearerToken } from '../../http/auth';
import type { AuthService, ClientOrigin } from './auth.service';
import { notFound } from './messages';
import type { AccountRateLimits } from './rate-limits';
import { clientAddress, limiter, slowDown } from './rate-limits';
import type { SessionService } from './session.service';

interface AuthRouterDependencies {
  auth: AuthService;
  sessions: SessionService;
  accessTokens: AccessTokens;
  limits: AccountRateLimits;
  demoAccount: boolean;
}

/** Spec §7: the refresh token arrives as the plain-text body. */
const refreshTokenBody = z.string({ error: 'Body must be the refresh token as plain text' }).trim().min(16).max(512);

export const origin = (req: Request): ClientOrigin => ({ ip: req.ip ?? '', userAgent: req.get('user-agent') ?? '' });

export function authRouter({ auth, sessions, accessTokens, limits, demoAccount }: AuthRouterDependencies): Router {
  const router = Router();

  /** Read before validation; a body without a usable account falls back to the address. */
  const failedLoginKey = async (req: Request) => {
    const account = loginRequest.shape.account.safeParse(
      typeof req.body === 'object' && req.body !== null ? Reflect.get(req.body, 'account') : undefined,
    );
    return account.success ? auth.failedLoginKey(account.data) : clientAddress(req);
  };
  const failedLoginFromAddressKey = async (req: Request) => `${await failedLoginKey(req)}|${clientAddress(req)}`;

  /** Read before validation; without a usable email the failure counts under the address alone. */
  const failedSignUpKey = (req: Request) => {
    const email = registerRequest.shape.email.safeParse(
      typeof req.body === 'object' && req.body !== null ? Reflect.get(req.body, 'email') : undefined,
    );
    return `${email.success ? email.data.toLowerCase() : ''}|${clientAddress(req)}`;
  };

  // A guesser is refused per (account, address); the account as a whole is only slowed down, so
  // the owner with the right password from another address still gets in (docs/accounts.md).
  router.post(
    '/login',
    limiter({ rule: limits.loginPerIp, message: 'users.tooManyLogins' }),
    limiter({
      rule: limits.loginFailuresPerAccountAndIp,
      message: 'users.tooManyLogins',
      key: failedLoginFromAddressKey,
      failuresOnly: true,
    }),
    ...slowDown(limits.loginFailuresPerAccount, failedLoginKey),
    async (req, res) => {
      sendOk(res, await auth.login(loginRequest.parse(req.body ?? {}), origin(req)));
    },
  );

  // Typos cost the typist only (per email and address); one address may still make a fair number of accounts.
  router.post(
    '/register',
    limiter({ rule: limits.registerPerIp, message: 'users.tooManyRegistrations' }),
    limiter({ rule: limits.registerSuccessesPerIp, message: 'users.tooManyRegistrations', successesOnly: true }),
    limiter({
      rule: limits.registerFailuresPerEmailAndIp,
      message: 'users.tooManyRegistrations',
      key: failedSignUpKey,
      failuresOnly: true,
    }),
    async (req, res) => {
      sendOk(res, await auth.register(registerRequest.parse(req.body ?? {}), origin(req)));
    },
  );

  /**
   * Ends the session of the refresh token in the body, else the one of a still-valid access token.
   * Always succeeds: a client logging out with an expired access token must not be sent to refresh.
   */
  router.post('/logout', async (req, res) => {
    const { refreshToken } = logoutRequest.parse(req.body ?? {});
    if (refreshToken) {
      await sessions.endByRefreshToken(refreshToken);
    } else {
      const token = bearerToken(req);
      const claims = token ? await accessTokens.verify(token).catch(() => undefined) : undefined;
      if (claims) await sessions.end(claims.sessionId);
    }
    sendOk(res, null);
  });

  router.post(
    '/token/refresh',
    // Only refused tokens count: every open tab refreshes, and a NAT has many tabs.
    limiter({ rule: limits.tokenRefreshPerIp, message: 'users.tooManyRefreshes', failuresOnly: true }),
    express.text({ type: () => true, limit: '1kb' }),
    async (req, res) => {
      sendOk(res, await sessions.refresh(refreshTokenBody.parse(req.body)));
    },
  );

  // Tells the login page whether to offer the demo, without opening a session for every visit.
  router.get('/test-account', (_req, res) => {
    sendOk(res, { enabled: demoAccount });
  });

  router.get('/test-account/token', limiter({ rule: limits.demoTokenPerIp, message: 'users.tooManyRegistrations' }), async (_req, res) => {
    if (!demoAccount) throw notFound('The demo account is off on this server');
    sendOk(res, await auth.demoSession());
  });

  return router;
}
