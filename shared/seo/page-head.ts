import type { SeoLanguage, SeoManifest, SeoRoute, SeoTexts } from '../contracts/seo';
import { MANIFEST_HREF } from '../pwa/web-manifest';

/**
 * What a page's <head> says about it, computed from seo.json. The server renders it into the first
 * HTML and the app rewrites the same tags after each in-app navigation; both must agree, or a link
 * shared after navigating would preview with the previous page's title. Data only, no markup.
 */
export interface PageHead extends SeoTexts {
  siteName: string;
  /** og:locale */
  locale: string;
  /** The page's canonical address; undefined for a path that is not a page (a 404). */
  url: string | undefined;
  /** hreflang alternates: one per language plus x-default, the cn fallback. */
  alternates: AlternateLink[];
  /** Kept out of search engines: unknown paths, pages behind a login, and the login page. */
  noindex: boolean;
  /** The web app manifest of the page's language (its installed name and start page). */
  manifest: string;
}

export interface AlternateLink {
  hreflang: string;
  href: string;
}

export const HTML_LANG: Record<SeoLanguage, string> = { cn: 'zh-CN', en: 'en' };
export const OG_LOCALE: Record<SeoLanguage, string> = { cn: 'zh_CN', en: 'en_US' };

/** cn is the fallback language at the bare path; en carries the /en prefix (spec §2). */
export function localizedPath(language: SeoLanguage, path: string): string {
  if (language === 'cn') return path;
  return path === '/' ? '/en' : `/en${path}`;
}

export function alternateLinks(origin: string, path: string): AlternateLink[] {
  return [
    { hreflang: HTML_LANG.cn, href: origin + localizedPath('cn', path) },
    { hreflang: HTML_LANG.en, href: origin + localizedPath('en', path) },
    { hreflang: 'x-default', href: origin + localizedPath('cn', path) },
  ];
}

/** Spec §2: route title + site title (home: site title + subtitle); description and keywords fall back to the site title. */
export function pageTexts(manifest: SeoManifest, language: SeoLanguage, route: SeoRoute | undefined): SeoTexts {
  const site = manifest.site[language];
  if (!route) return { title: site.title, description: site.title, keywords: site.title };
  const texts = route[language];
  const isHome = route.path === '/';
  return {
    // An untitled internal route (spec §2) is headed with the site's title alone.
    title: isHome ? [site.title, site.subTitle].filter(Boolean).join(' - ') : texts.title ? `${texts.title} - ${site.title}` : site.title,
    description: texts.description || site.title,
    keywords: texts.keywords || site.title,
  };
}

export function pageHead(manifest: SeoManifest, page: { language: SeoLanguage; route: SeoRoute | undefined; origin: string }): PageHead {
  const { language, route, origin } = page;
  return {
    ...pageTexts(manifest, language, route),
    siteName: manifest.site[language].title,
    locale: OG_LOCALE[language],
    url: route ? origin + localizedPath(language, route.path) : undefined,
    alternates: route ? alternateLinks(origin, route.path) : [],
    noindex: !route || route.requireAuth || route.requireAdmin || route.noindex,
    manifest: MANIFEST_HREF[language],
  };
}
