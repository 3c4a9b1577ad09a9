import type { SeoLanguage, SeoManifest, SeoRoute } from '@shared/contracts/seo';
import { HTML_LANG, pageHead } from '@shared/seo/page-head';
import { escapeMarkup as e } from './markup';

export interface PageRequest {
  language: SeoLanguage;
  /** Undefined for an unknown path: the SPA renders its 404 and search engines are told not to index. */
  route: SeoRoute | undefined;
  /** '' when no origin is trusted: canonical and hreflang links are then relative. */
  origin: string;
}

/** The markup of `pageHead`, the same facts the app writes into the head after each in-app navigation. */
function headTags(manifest: SeoManifest, page: PageRequest): string[] {
  const head = pageHead(manifest, page);
  const meta = (name: string, content: string) => `<meta name="${name}" content="${e(content)}" />`;
  const og = (property: string, content: string) => `<meta property="${property}" content="${e(content)}" />`;
  const tags = [
    `<title>${e(head.title)}</title>`,
    meta('description', head.description),
    meta('keywords', head.keywords),
    og('og:type', 'website'),
    og('og:site_name', head.siteName),
    og('og:title', head.title),
    og('og:description', head.description),
    og('og:locale', head.locale),
  ];
  if (head.url) tags.push(og('og:url', head.url), `<link rel="canonical" href="${e(head.url)}" />`);
  for (const link of head.alternates) tags.push(`<link rel="alternate" hreflang="${link.hreflang}" href="${e(link.href)}" />`);
  if (head.noindex) tags.push(meta('robots', 'noindex'));
  tags.push(`<link rel="manifest" href="${e(head.manifest)}" />`);
  return tags;
}

const REPLACED_TAGS = [/<title>[\s\S]*?<\/title>\s*/i, /<meta\s+name="description"[^>]*>\s*/i, /<meta\s+name="keywords"[^>]*>\s*/i];

function setHtmlLang(html: string, lang: string): string {
  // Function replacers throughout: injected text must never be read as `$&`-style patterns.
  return html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang="[^"]*"/i.test(tag)
      ? tag.replace(/\slang="[^"]*"/i, () => ` lang="${lang}"`)
      : tag.replace(/^<html/i, () => `<html lang="${lang}"`),
  );
}

/** The SPA's index.html with this page's title, description, keywords, language and link tags. */
export function renderPage(template: string, manifest: SeoManifest, page: PageRequest): string {
  const stripped = REPLACED_TAGS.reduce((html, pattern) => html.replace(pattern, ''), template);
  const head = headTags(manifest, page).join('\n    ');
  return setHtmlLang(stripped, HTML_LANG[page.language]).replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}
