import { describe, expect, it } from 'vitest';
import { pageHead } from '@shared/seo/page-head';
import type { PageHead } from '@shared/seo/page-head';
import type { SeoLanguage, SeoRoute } from '@shared/contracts/seo';
import { resources } from '@/i18n/resources';
import { tools } from '@/tools/registry';
import { renderPage } from '../server/modules/website/render-page';
import { buildSeoManifest } from './build-seo';

/**
 * The app rewrites the head after in-app navigation with shared/seo/page-head.ts; the server renders
 * the first page with its own code (server/modules/website/render-page.ts). Until the server uses
 * the shared function too, this holds them to the same answer for every route the build writes.
 */
const TEMPLATE = '<!doctype html><html lang="zh-CN"><head><title>x</title></head><body></body></html>';
const ORIGIN = 'https://baibao.example';
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html);
  return match ? unescape(match[1] ?? '') : undefined;
}

function headOfHtml(html: string): PageHead {
  return {
    title: unescape(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    description: meta(html, 'name', 'description') ?? '',
    keywords: meta(html, 'name', 'keywords') ?? '',
    siteName: meta(html, 'property', 'og:site_name') ?? '',
    locale: meta(html, 'property', 'og:locale') ?? '',
    url: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    alternates: [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)"/g)].map((match) => ({ hreflang: match[1] ?? '', href: match[2] ?? '' })),
    noindex: meta(html, 'name', 'robots') === 'noindex',
  };
}

describe('the shared page head and the server', () => {
  const manifest = buildSeoManifest(tools, resources);
  const paths = [...manifest.routes.map((route) => route.path), '/no/such/page'];
  const cases = (['cn', 'en'] as const).flatMap((language) => paths.map((path): [SeoLanguage, string] => [language, path]));

  it.each(cases)('agree in %s on %s', (language, path) => {
    const route: SeoRoute | undefined = manifest.routes.find((candidate) => candidate.path === path);
    const html = renderPage(TEMPLATE, manifest, { language, route, origin: ORIGIN });
    const shared = pageHead(manifest, { language, route, origin: ORIGIN });
    expect(headOfHtml(html)).toEqual(shared);
    expect(meta(html, 'property', 'og:title')).toBe(shared.title);
    expect(meta(html, 'property', 'og:description')).toBe(shared.description);
    expect(meta(html, 'property', 'og:url')).toBe(shared.url);
  });
});
