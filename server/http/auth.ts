import type { Request, RequestHandler } from 'express';
import { API_CODE } from '@shared/contracts/api';
import { ADMIN_USER_ID } from '@shared/contracts/users';
import { HttpError } from './http-error';

/** Whose session an access token belongs to. */
export interface SessionClaims {
  userId: number;
  /** The session (refresh-token family); logout and revocation end it. */
  sessionId: string;
}

/** The caller of a route behind a guard. */
export type Auth = SessionClaims & { admin: boolean };

/**
 * Proves a bearer token: resolves to its live session or throws a 401 HttpError (40100 when the
 * token only expired, so the client refreshes). The accounts module supplies it
 * (modules/users/session-authenticator.ts) and api-router.ts hands the guards built on it to every
 * module, so picture hosting, ads or community protect their routes without importing accounts.
 */
export type Authenticate = (token: string) => Promise<SessionClaims>;

export interface AuthGuards {
  /** 401 40101 without a valid, live session (40100 when the access token expired). */
  requireUser: RequestHandler;
  /** As requireUser, then 403 40300 unless the caller is the admin (user 1, spec §4). */
  requireAdmin: RequestHandler;
  /** For an open route that needs the caller only in some cases; throws like requireUser. */
  authenticate(req: Request): Promise<Auth>;
}

/** 401 40101: the client ends the session and goes to the login page (spec §8), so no visitor text. */
export const unauthorized = (message: string) => new HttpError(401, API_CODE.UNAUTHORIZED, message);

const authByRequest = new WeakMap<Request, Auth>();

/** The caller of a route behind `requireUser` or `requireAdmin`. */
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

export function createAuthGuards(verify: Authenticate): AuthGuards {
  async function authenticate(req: Request): Promise<Auth> {
    const token = bearerToken(req);
    if (!token) throw unauthorized('Login required');
    const claims = await verify(token);
    const auth = { ...claims, admin: claims.userId === ADMIN_USER_ID };
    authByRequest.set(req, auth);
    return auth;
  }

  return {
    authenticate,
    requireUser: async (req, _res, next) => {
      await authenticate(req);
      next();
    },
    requireAdmin: async (req, _res, next) => {
      const auth = await authenticate(req);
      if (!auth.admin) throw new HttpError(403, API_CODE.FORBIDDEN, 'Administrators only');
      next();
    },
  };
}
