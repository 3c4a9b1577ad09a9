import type { Language } from '@/i18n';
import { LANGUAGES } from '@/i18n/language';
import { localizePath, switchLanguagePath } from '@/app/language';
import { appNavigate } from '@/app/navigation';

/**
 * Spec §2: login, register and "my info" open on a portal with `redirect` (where to come back to)
 * and `name` (the site title). Ours is /user/login; a deployment can point at an external portal
 * by building with VITE_LOGIN_URL=https://portal.example/login.
 */
export const LOGIN_URL: string = import.meta.env.VITE_LOGIN_URL || '/user/login';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

export function loginAddress(target: { redirect: string; name: string }, language: Language): string {
  const query = new URLSearchParams({ redirect: target.redirect, name: target.name }).toString();
  const base = isExternal(LOGIN_URL) ? LOGIN_URL : localizePath(LOGIN_URL, language);
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

export function goToLogin(target: { redirect: string; name: string }, language: Language): void {
  const address = loginAddress(target, language);
  if (isExternal(address)) location.assign(address);
  else appNavigate(address);
}

/** Where to return after login: only our own paths, never another site (open-redirect guard). */
export function safeRedirect(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, location.origin);
    return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The login page's query for the same page in another language. `redirect` follows the switch, so
 * after logging in the visitor lands on the page in the language they chose; `name`, when it is
 * our own site title in any language, becomes the title in the new one. A name or redirect from
 * elsewhere (an external site using this portal) is passed on untouched.
 */
export function switchLoginSearch(
  search: string,
  target: Language,
  siteTitle: (language: Language) => string,
  origin = location.origin,
): string {
  const params = new URLSearchParams(search);
  const redirect = params.get('redirect');
  if (redirect) {
    try {
      const url = new URL(redirect, origin);
      if (url.origin === origin) {
        const switched = `${switchLanguagePath(url.pathname, target)}${url.search}${url.hash}`;
        params.set('redirect', isExternal(redirect) ? `${origin}${switched}` : switched);
      }
    } catch {
      // Not an address at all: safeRedirect ignores it too, so it can stay as it came.
    }
  }
  const name = params.get('name')?.trim();
  if (name !== undefined && LANGUAGES.some((language) => siteTitle(language) === name)) params.set('name', siteTitle(target));
  const query = params.toString();
  return query ? `?${query}` : '';
}
