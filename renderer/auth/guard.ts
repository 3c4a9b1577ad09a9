import i18n from '@/i18n';
import { languageOfPath, localizePath } from '@/app/language';
import { loginAddress, safeRedirect } from './login-url';
import { hydrateSession, useSession } from './session';

export interface GuardRule {
  requireAuth: boolean;
  requireAdmin: boolean;
  /** The login portal itself: a visitor who already has a session is sent on. */
  isLoginRoute?: boolean;
}

/**
 * The route guard of spec §4, run by the router before the page opens (app/navigation-controller.ts);
 * it answers where to go instead, or undefined to open the page:
 * 1. a logged user passes (admin routes still check the admin flag);
 * 2. without an access token (memory, then the token store), a route requiring login goes to the
 *    login address with `redirect` = the requested address; any other route passes;
 * 3. with a token, missing user info is fetched before the page opens — a failure there is only
 *    logged (the API client already told the visitor, or is handling an expired session) — and the
 *    login route goes on to its `redirect` (or home);
 * 4. admin-only routes send non-admins to /error/403.
 * The guarded address never stays in the history (the router replaces it, or pushes the target in
 * its place): Back would lead to the guarded page again, whose guard would send the visitor on again.
 */
export async function checkGuard(rule: GuardRule, url: URL): Promise<string | undefined> {
  await hydrateSession();
  const language = languageOfPath(url.pathname);
  const requested = `${url.pathname}${url.search}`;
  let session = useSession.getState();

  if (!session.logged) {
    if (!session.accessToken) {
      return rule.requireAuth ? loginAddress({ redirect: requested, name: i18n.t('site.title') }, language) : undefined;
    }
    // The API client loads here, for visitors with a session only: anonymous first visits never need it.
    const { loadUserInfo } = await import('./actions');
    await loadUserInfo().catch((error: unknown) => {
      console.warn('route guard: loading user info failed', error);
    });
    session = useSession.getState();
  }

  // A stale token that no longer loads a user must not lock the visitor out of the login page.
  if (rule.isLoginRoute && session.logged) return safeRedirect(url.searchParams.get('redirect')) ?? localizePath('/', language);
  if (rule.requireAuth && !session.logged) return loginAddress({ redirect: requested, name: i18n.t('site.title') }, language);
  if (rule.requireAdmin && !session.admin) return localizePath('/error/403', language);
  return undefined;
}
