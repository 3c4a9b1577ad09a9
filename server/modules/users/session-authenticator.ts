import type { Authenticate } from '../../http/auth';
import { unauthorized } from '../../http/auth';
import type { AccessTokens } from './access-token';
import type { SessionService } from './session.service';
import type { UsersRepository } from './users.repository';

/**
 * What the app-level guards (http/auth.ts) call to prove a bearer token. Beyond the signature, the
 * session must still be live and the user enabled: logout, disabling and password changes take
 * effect at once rather than when the access token runs out.
 */
export function createSessionAuthenticator(accessTokens: AccessTokens, sessions: SessionService, users: UsersRepository): Authenticate {
  return async (token) => {
    const claims = await accessTokens.verify(token);
    const [user, live] = await Promise.all([users.findById(claims.userId), sessions.isActive(claims.sessionId, claims.userId)]);
    if (!user || user.enabled !== 1 || !live) throw unauthorized('Session has ended, log in again');
    return claims;
  };
}
