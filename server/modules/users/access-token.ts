import { SignJWT, errors, jwtVerify } from 'jose';
import { API_CODE } from '@shared/contracts/api';
import { ADMIN_USER_ID } from '@shared/contracts/users';
import { HttpError } from '../../http/http-error';
import { unauthorized } from '../../http/auth';
import type { SessionClaims } from '../../http/auth';

const ALGORITHM = 'HS256';

export type AccessClaims = SessionClaims;

export function createAccessTokens(secret: Uint8Array, ttlSeconds: number) {
  return {
    ttlSeconds,

    /** `sub` = userId, `sid` = session, `adm` = admin flag for the client (the server checks the id). */
    async sign({ userId, sessionId }: AccessClaims, now = new Date()): Promise<string> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ adm: userId === ADMIN_USER_ID, sid: sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(userId))
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(secret);
    },

    /** Throws 401 40100 for an expired token (the client refreshes) and 401 40101 for anything else. */
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALGORITHM] });
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId < 1 || typeof payload.sid !== 'string') throw unauthorized('Invalid access token');
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new HttpError(401, API_CODE.TOKEN_EXPIRED, 'Access token expired');
        if (error instanceof HttpError) throw error;
        throw unauthorized('Invalid access token');
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
