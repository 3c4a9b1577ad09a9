import type { Language } from '@/i18n';
import { localizePath } from '@/app/language';
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
