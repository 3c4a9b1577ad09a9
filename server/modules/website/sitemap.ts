import type { SeoLanguage, SeoRoute } from '@shared/contracts/seo';
import { alternateLinks, localizedPath } from '@shared/seo/page-head';
import { escapeMarkup as e } from './markup';

const LANGUAGES: readonly SeoLanguage[] = ['cn', 'en'];

const isPublic = (route: SeoRoute) => !route.requireAuth && !route.requireAdmin && !route.noindex;

/** Every public route once per language, each entry listing all language versions (xhtml:link). */
export function buildSitemap(routes: readonly SeoRoute[], origin: string): string {
  const entries = routes.filter(isPublic).flatMap((route) => {
    const alternates = alternateLinks(origin, route.path)
      .map((link) => `    <xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${e(link.href)}"/>`)
      .join('\n');
    return LANGUAGES.map(
      (language) => `  <url>\n    <loc>${e(origin + localizedPath(language, route.path))}</loc>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** Without an origin there is no sitemap to point at (a Sitemap line must be absolute). */
export function buildRobotsTxt(origin: string | undefined): string {
  const rules = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', ''];
  return [...rules, ...(origin ? [`Sitemap: ${origin}/sitemap.xml`, ''] : [])].join('\n');
}
