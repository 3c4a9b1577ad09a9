import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@shared/contracts/users';
import type { AccessTokens } from './access-token';
import { unauthorized } from '../../http/auth';
import { newOpaqueToken, sha256Hex } from './secure-token';
import type { SessionsRepository } from './sessions.repository';
import type { UsersRepository } from './users.repository';

export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600_000;

const REFRESH_REJECTED = 'Refresh token is invalid or expired';

/**
 * Sessions: a login starts a family of refresh tokens; each refresh revokes the presented token and
 * issues its successor in the same family. A rotated token presented again means it was copied, so
 * the whole family is revoked — the thief and the owner both have to log in again.
 */
export function createSessionService(sessions: SessionsRepository, users: UsersRepository, accessTokens: AccessTokens) {
  function newRefreshToken(userId: number, familyId: string, now: Date) {
    const token = newOpaqueToken();
    const row = {
      id: randomUUID(),
      user_id: userId,
      token_hash: sha256Hex(token),
      family_id: familyId,
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
      revoked_at: null,
      replaced_by: null,
      created_at: now.toISOString(),
    };
    return { token, row };
  }

  async function pair(userId: number, familyId: string, refreshToken: string, now: Date): Promise<TokenPair> {
    return {
      accessToken: await accessTokens.sign({ userId, sessionId: familyId }, now),
      refreshToken,
      expiresIn: accessTokens.ttlSeconds,
    };
  }

  return {
    /** Starts a new session for the user. */
    async start(userId: number, now = new Date()): Promise<TokenPair> {
      const familyId = randomUUID();
      const { token, row } = newRefreshToken(userId, familyId, now);
      await sessions.insert(row);
      return pair(userId, familyId, token, now);
    },

    async refresh(refreshToken: string, now = new Date()): Promise<TokenPair> {
      const stored = await sessions.findByHash(sha256Hex(refreshToken));
      if (!stored) throw unauthorized(REFRESH_REJECTED);
      const timestamp = now.toISOString();
      if (stored.revoked_at !== null) {
        if (stored.replaced_by !== null) await sessions.revokeFamily(stored.family_id, timestamp);
        throw unauthorized(REFRESH_REJECTED);
      }
      if (stored.expires_at <= timestamp) throw unauthorized(REFRESH_REJECTED);
      const user = await users.findById(stored.user_id);
      if (!user || user.enabled !== 1) {
        await sessions.revokeFamily(stored.family_id, timestamp);
        throw unauthorized(REFRESH_REJECTED);
      }
      const next = newRefreshToken(stored.user_id, stored.family_id, now);
      if (!(await sessions.rotate(stored.id, next.row, timestamp))) {
        // Someone rotated this very token a moment ago: the same reuse as above.
        await sessions.revokeFamily(stored.family_id, timestamp);
        throw unauthorized(REFRESH_REJECTED);
      }
      return pair(stored.user_id, stored.family_id, next.token, now);
    },

    /** Ends the session this refresh token belongs to; unknown tokens are ignored. */
    async endByRefreshToken(refreshToken: string, now = new Date()): Promise<void> {
      const stored = await sessions.findByHash(sha256Hex(refreshToken));
      if (stored) await sessions.revokeFamily(stored.family_id, now.toISOString());
    },

    async end(sessionId: string, now = new Date()): Promise<void> {
      await sessions.revokeFamily(sessionId, now.toISOString());
    },

    async endAllOf(userId: number, options: { except?: string } = {}, now = new Date()): Promise<void> {
      await sessions.revokeUser(userId, now.toISOString(), options.except);
    },

    isActive: (sessionId: string, userId: number, now = new Date()) => sessions.isActive(sessionId, userId, now.toISOString()),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
