import type { Request, RequestHandler } from 'express';
import { API_CODE } from '@shared/contracts/api';
import { ADMIN_USER_ID } from '@shared/contracts/users';
import { HttpError } from '../../http/http-error';
import type { AccessTokens, AccessClaims } from './access-token';
import { unauthorized } from './messages';
import type { SessionService } from './session.service';
import type { UsersRepository } from './users.repository';

export type Auth = AccessClaims & { admin: boolean };

const authByRequest = new WeakMap<Request, Auth>();

/** The caller of a route behind `requireUser`. */
export function currentAuth(req: Request): Auth {
  const auth = authByRequest.get(req);
  if (!auth) throw unauthorized('Login required');
  return auth;
}

/**
 * Only `Authorization: Bearer` is read — never a cookie — so a third-party page cannot make a
 * browser send credentials along (no CSRF by construction).
 */
export function bearerToken(req: Request): string | undefined {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(req.get('authorization') ?? '');
  return match?.[1];
}

export function createAuthGuards(accessTokens: AccessTokens, sessions: SessionService, users: UsersRepository) {
  /**
   * Beyond the signature, the session must still be live and the user enabled: logout, disabling
   * and password changes take effect at once rather than when the access token runs out.
   */
  async function authenticate(req: Request): Promise<Auth> {
    const token = bearerToken(req);
    if (!token) throw unauthorized('Login required');
    const claims = await accessTokens.verify(token);
    const [user, live] = await Promise.all([users.findById(claims.userId), sessions.isActive(claims.sessionId, claims.userId)]);
    if (!user || user.enabled !== 1 || !live) throw unauthorized('Session has ended, log in again');
    const auth = { ...claims, admin: claims.userId === ADMIN_USER_ID };
    authByRequest.set(req, auth);
    return auth;
  }

  const requireUser: RequestHandler = async (req, _res, next) => {
    await authenticate(req);
    next();
  };

  const requireAdmin: RequestHandler = async (req, _res, next) => {
    const auth = await authenticate(req);
    if (!auth.admin) throw new HttpError(403, API_CODE.FORBIDDEN, 'Administrators only');
    next();
  };

  return { requireUser, requireAdmin, authenticate };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;
