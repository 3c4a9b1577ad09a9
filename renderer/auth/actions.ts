import type { LoginRequest, RegisterRequest, TokenPair } from '@shared/contracts/users';
import { usersApi } from './api';
import { applyUserInfo, loadStoredTokens, resetSession, storeTokens, useSession } from './session';

/** Spec §4: after login or register, store both tokens, set logged, then load the user info. */
async function startSession(pair: TokenPair): Promise<void> {
  await storeTokens(pair);
  applyUserInfo(await usersApi.info(true));
}

export async function login(request: LoginRequest): Promise<void> {
  await startSession(await usersApi.login(request));
}

export async function register(request: RegisterRequest): Promise<void> {
  await startSession(await usersApi.register(request));
}

/** Admin support: continue as another user with a token pair the server issued for them. */
export async function adoptTokens(pair: TokenPair): Promise<void> {
  await startSession(pair);
}

let pendingInfo: Promise<void> | undefined;

/** Nested routes guard in parallel; they share one user-info request. */
export function loadUserInfo(force = false): Promise<void> {
  pendingInfo ??= usersApi
    .info(force)
    .then(applyUserInfo)
    .finally(() => {
      pendingInfo = undefined;
    });
  return pendingInfo;
}

/**
 * Spec §4: call the server, clear both tokens, reload. The server call may fail; the local logout may not.
 * It ends the stored session, which another tab may have refreshed since this page read it.
 */
export async function logout(reload: () => void = () => location.reload()): Promise<void> {
  const refreshToken = (await loadStoredTokens()).refreshToken || useSession.getState().refreshToken;
  await usersApi.logout(refreshToken || undefined).catch(() => undefined);
  await resetSession({ force: true });
  reload();
}
