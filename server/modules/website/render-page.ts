import type { SeoLanguage, SeoManifest, SeoRoute, SeoTexts } from '@shared/contracts/seo';
import { alternateLinks, HTML_LANG, localizedPath } from './locale-path';
import { escapeMarkup as e } from './markup';

export interface PageRequest {
  language: SeoLanguage;
  /** Undefined for an unknown path: the SPA renders its 404 and search engines are told not to index. */
  route: SeoRoute | undefined;
  origin: string;
}

const OG_LOCALE: Record<SeoLanguage, string> = { cn: 'zh_CN', en: 'en_US' };

/** Spec §2: route title + site title (home: site title + subtitle); description and keywords fall back to the site title. */
function pageTexts(manifest: SeoManifest, { language, route }: PageRequest): SeoTexts {
  const site = manifest.site[language];
  if (!route) return { title: site.title, description: site.title, keywords: site.title };
  const texts = route[language];
  const isHome = route.path === '/';
  return {
    title: isHome ? [site.title, site.subTitle].filter(Boolean).join(' - ') : `${texts.title} - ${site.title}`,
    description: texts.description || site.title,
    keywords: texts.keywords || site.title,
  };
}

function headTags(manifest: SeoManifest, page: PageRequest): string[] {
  const texts = pageTexts(manifest, page);
  const meta = (name: string, content: string) => `<meta name="${name}" content="${e(content)}" />`;
  const og = (property: string, content: string) => `<meta property="${property}" content="${e(content)}" />`;
  const tags = [
    `<title>${e(texts.title)}</title>`,
    meta('description', texts.description),
    meta('keywords', texts.keywords),
    og('og:type', 'website'),
    og('og:site_name', manifest.site[page.language].title),
    og('og:title', texts.title),
    og('og:description', texts.description),
    og('og:locale', OG_LOCALE[page.language]),
  ];
  const { route } = page;
  if (route) {
    const url = page.origin + localizedPath(page.language, route.path);
    tags.push(og('og:url', url), `<link rel="canonical" href="${e(url)}" />`);
    for (const link of alternateLinks(page.origin, route.path)) {
      tags.push(`<link rel="alternate" hreflang="${link.hreflang}" href="${e(link.href)}" />`);
    }
  }
  if (!route || route.requireAuth || route.requireAdmin || route.noindex) tags.push(meta('robots', 'noindex'));
  return tags;
}

const REPLACED_TAGS = [/<title>[\s\S]*?<\/title>\s*/i, /<meta\s+name="description"[^>]*>\s*/i, /<meta\s+name="keywords"[^>]*>\s*/i];

function setHtmlLang(html: string, lang: string): string {
  // Function replacers throughout: injected text must never be read as `$&`-style patterns.
  return html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang="[^"]*"/i.test(tag) ? tag.replace(/\slang="[^"]*"/i, () => ` lang="${lang}"`) : tag.replace(/^<html/i, () => `<html lang="${lang}"`),
  );
}

/** The SPA's index.html with this page's title, description, keywords, language and link tags. */
export function renderPage(template: string, manifest: SeoManifest, page: PageRequest): string {
  const stripped = REPLACED_TAGS.reduce((html, pattern) => html.replace(pattern, ''), template);
  const head = headTags(manifest, page).join('\n    ');
  return setHtmlLang(stripped, HTML_LANG[page.language]).replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}
