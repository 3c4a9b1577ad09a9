import Cookies from 'js-cookie';
import type { StoredTokens, TokenStoreCapability } from '@shared/contracts/tokens';

/** Spec §9: token cookies `access_token` and `refresh_token` live 30 days. */
export const TOKEN_COOKIE_DAYS = 30;
const ACCESS = 'access_token';
const REFRESH = 'refresh_token';

function cookieAttributes(): Cookies.CookieAttributes {
  // Lax keeps the cookies off cross-site subrequests; the API never reads them anyway (it takes a
  // Bearer header), so they cannot be used for CSRF.
  return { expires: TOKEN_COOKIE_DAYS, sameSite: 'Lax', secure: location.protocol === 'https:', path: '/' };
}

export const browserTokens: TokenStoreCapability = {
  load() {
    const accessToken = Cookies.get(ACCESS);
    const refreshToken = Cookies.get(REFRESH);
    return Promise.resolve({ ...(accessToken ? { accessToken } : {}), ...(refreshToken ? { refreshToken } : {}) });
  },
  save({ accessToken, refreshToken }: StoredTokens) {
    Cookies.set(ACCESS, accessToken, cookieAttributes());
    Cookies.set(REFRESH, refreshToken, cookieAttributes());
    return Promise.resolve();
  },
  clear() {
    Cookies.remove(ACCESS, { path: '/' });
    Cookies.remove(REFRESH, { path: '/' });
    return Promise.resolve();
  },
};
