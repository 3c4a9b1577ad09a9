import { decodeJwt } from 'jose';
import { create } from 'zustand';
import type { ApiEnvelope } from '@shared/contracts/api';
import { API_CODE } from '@shared/contracts/api';
import type { StoredTokens } from '@shared/contracts/tokens';
import type { TokenPair, UserInfo } from '@shared/contracts/users';
import { ADMIN_USER_ID } from '@shared/contracts/user-limits';
// The token store alone: the session is in every page's first chunk, the other capabilities are not.
import { apiUrl, tokens } from '@/platform/host';

/** Spec §4 texts of a failed refresh; the API client shows them as the error. */
export const REFRESH_MISSING = 'refresh token does not exist';
export const REFRESH_FAILED = 'token refresh error';

/** Spec §3 "logged user" (client side). */
export interface Session {
  logged: boolean;
  accessToken: string;
  refreshToken: string;
  userId: number;
  userName: string;
  nickName: string;
  avatar: string;
  adCoin: number;
  resScore: number;
  admin: boolean;
  /** The shared demo account: what every visitor of it would see (nickname, avatar, email, password) cannot be changed. */
  demo: boolean;
  /** Raw `ext.settings` of the server user info (JSON text), applied by the settings sync. */
  serverSettings: string;
  /** Resolves once the stored tokens were read (cookies on the web, the OS store on the desktop). */
  hydrated: boolean;
}

const loggedOut: Omit<Session, 'hydrated'> = {
  logged: false,
  accessToken: '',
  refreshToken: '',
  userId: 0,
  userName: '',
  nickName: '',
  avatar: '',
  adCoin: 0,
  resScore: 0,
  admin: false,
  demo: false,
  serverSettings: '',
};

export const useSession = create<Session>()(() => ({ ...loggedOut, hydrated: false }));

let hydration: Promise<void> | undefined;

/** The pair in the token store now; another tab of this browser may have replaced it since this page read it. */
export function loadStoredTokens(): Promise<Partial<StoredTokens>> {
  return tokens.load().catch(() => ({}));
}

/** Reads the stored tokens once per page; the route guard waits for it before deciding. */
export function hydrateSession(): Promise<void> {
  hydration ??= loadStoredTokens().then((tokens) => {
    useSession.setState({ accessToken: tokens.accessToken ?? '', refreshToken: tokens.refreshToken ?? '', hydrated: true });
  });
  return hydration;
}

export async function storeTokens(pair: Pick<TokenPair, 'accessToken' | 'refreshToken'>): Promise<void> {
  learnClock(pair.accessToken);
  useSession.setState({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
  await tokens.save({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
}

/** The API names its files by path ('/api/users/avatar/…'); the desktop page lives on app://, not on the API's origin. */
const apiAsset = (url: string): string => (url.startsWith('/') && !url.startsWith('//') ? `${apiUrl}${url}` : url);

export function applyUserInfo(info: UserInfo): void {
  useSession.setState({
    logged: true,
    userId: info.userId,
    userName: info.userName,
    nickName: info.nickName,
    avatar: apiAsset(info.ext.avatar),
    adCoin: info.ext.adCoin,
    resScore: info.ext.resScore,
    admin: info.userId === ADMIN_USER_ID,
    demo: info.roles.includes('demo'),
    serverSettings: info.ext.settings,
  });
}

/**
 * Forgets the session here and in the token store (spec §4: "clear both tokens"), and with it the
 * account's synced image presets (see settings-sync.ts). An ended session (a 401, a failed refresh)
 * leaves a store that holds another refresh token by now alone: another tab refreshed or logged in
 * meanwhile, and this tab's ending must not end that one. `force` (logout) clears whatever is stored.
 */
export async function resetSession(options: { force?: boolean } = {}): Promise<void> {
  const { accessToken, refreshToken } = useSession.getState();
  useSession.setState({ ...loggedOut });
  const stored = options.force ? {} : await loadStoredTokens();
  if (stored.refreshToken && stored.refreshToken !== refreshToken) return;
  // A tab that never had tokens ends no account: the presets are then the visitor's own.
  if (options.force || accessToken || refreshToken) {
    // Imported here, not at the top: the presets store (and its schemas) belongs to the image tools,
    // while the session loads with the first page.
    const { usePresets } = await import('@/components/image/presets');
    usePresets.getState().clear();
  }
  await tokens.clear().catch(() => undefined);
}

let refreshing: Promise<void> | undefined;

/** How long before its expiry a request trades the access token first (a quarter of a short lifetime). */
const REFRESH_AHEAD_MS = 60_000;

/** The access token's issue and expiry times (its JWT `iat`, `exp`) in epoch ms, by the server's clock. */
function lifetimeOf(token: string): { issued: number; expires: number } | undefined {
  try {
    const { iat, exp } = decodeJwt(token);
    return typeof iat === 'number' && typeof exp === 'number' ? { issued: iat * 1000, expires: exp * 1000 } : undefined;
  } catch {
    return undefined;
  }
}

/** The server's clock minus this device's, learnt from each fresh token: a device clock that is off must not make every token look expired. */
let clockOffsetMs = 0;

function learnClock(accessToken: string): void {
  const lifetime = lifetimeOf(accessToken);
  if (lifetime) clockOffsetMs = lifetime.issued - Date.now();
}

/**
 * Refreshes before a request whose access token is about to expire. Spec §8 answers an expired
 * token (401 40100) by refreshing and reloading the page, and a reload throws away whatever the
 * page holds (a batch of images, a half-typed form), so a request made after a long pause must not
 * meet that 401 in the first place. The reload stays as the answer to whatever this misses.
 */
export async function refreshAhead(now = Date.now()): Promise<void> {
  const { accessToken, refreshToken } = useSession.getState();
  const lifetime = accessToken && refreshToken ? lifetimeOf(accessToken) : undefined;
  if (!lifetime) return;
  const ahead = Math.min(REFRESH_AHEAD_MS, (lifetime.expires - lifetime.issued) / 4);
  if (lifetime.expires - (now + clockOffsetMs) > ahead) return;
  // A failed refresh has ended the session; the request goes on and its 401 leads to the login page.
  await refreshSession().catch(() => undefined);
}

/**
 * Trades the refresh token for a new pair (spec §4). Plain fetch, not the API client: the client
 * calls this from its own 401 handling and must not recurse into it. Calls made while one runs share
 * it, and tabs take turns (Web Locks): the server takes a refresh token presented twice as stolen and
 * ends the session everywhere.
 */
export function refreshSession(): Promise<void> {
  refreshing ??= oneTabAtATime(refreshOnce).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

function oneTabAtATime(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('baibao:token-refresh', task) : task();
}

async function refreshOnce(): Promise<void> {
  const stored = await loadStoredTokens();
  const { refreshToken } = useSession.getState();
  if (stored.accessToken && stored.refreshToken && stored.refreshToken !== refreshToken) {
    // Another tab already traded the token this page holds: take its pair instead of presenting ours again.
    useSession.setState({ accessToken: stored.accessToken, refreshToken: stored.refreshToken });
    return;
  }
  if (!refreshToken) {
    await resetSession();
    throw new Error(REFRESH_MISSING);
  }
  try {
    const response = await fetch(`${apiUrl}/api/users/token/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: refreshToken,
    });
    const envelope = (await response.json()) as ApiEnvelope<TokenPair>;
    if (!response.ok || envelope.code !== API_CODE.OK) throw new Error(envelope.msg);
    await storeTokens(envelope.data);
  } catch {
    await resetSession();
    throw new Error(REFRESH_FAILED);
  }
}
