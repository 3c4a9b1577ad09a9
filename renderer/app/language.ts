import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { setLanguage } from '@/i18n';
import type { Language } from '@/i18n';

/** cn is the fallback language and lives at the bare path; other languages carry a prefix (spec §2). */
export function localizePath(path: string, language: Language): string {
  if (language === 'cn') return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

export function languageOfPath(pathname: string): Language {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'cn';
}

/** The same page in another language: '/en/file/hasher' ↔ '/file/hasher'. */
export function switchLanguagePath(pathname: string, target: Language): string {
  const bare = languageOfPath(pathname) === 'en' ? pathname.slice(3) || '/' : pathname;
  return localizePath(bare, target);
}

/**
 * The current address in another language: same path, query and hash. The hash matters because
 * tools and docs link to sections (#…) and a language switch should not lose the reader's place.
 */
export function switchLanguageHref(location: { pathname: string; search: string; hash: string }, target: Language): string {
  return `${switchLanguagePath(location.pathname, target)}${location.search}${location.hash}`;
}

export function useLanguage(): Language {
  return languageOfPath(useLocation().pathname);
}

/** Keeps i18next in step with the URL before the browser paints. */
export function useSyncLanguage(): Language {
  const language = useLanguage();
  useLayoutEffect(() => setLanguage(language), [language]);
  return language;
}

export function useLocalize(): (path: string) => string {
  const language = useLanguage();
  return (path) => localizePath(path, language);
}
