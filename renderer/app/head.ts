import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { pageHead } from '@shared/seo/page-head';
import type { PageHead } from '@shared/seo/page-head';
import type { SeoManifest, SeoRoute } from '@shared/contracts/seo';
import type { Language } from '@/i18n';
import { userCenterSections } from '@/layouts/user-center-sections';
import { usePageState } from '@/stores/page';
import { tools } from '@/tools/registry';
import { DEFAULT_LAYOUT_OFFSET } from '@/tools/types';
import { languageOfPath, useLanguage } from './language';
import { useRouteHandle } from './route-handle';
import { buildSeoRoutes } from './seo-routes';
import { headResources } from './tool-texts';

/**
 * The same texts the build writes into seo.json (one function, seo-routes.ts), composed by the
 * same rules the server uses (shared/seo/page-head.ts), so the head after an in-app navigation is
 * the head the server would have sent for that address. Built again for each head: a tool's keywords
 * join the texts when its page loads (tool-texts.ts), and building takes microseconds.
 */
function seo(): { manifest: SeoManifest; routesByPath: Map<string, SeoRoute> } {
  const manifest = buildSeoRoutes(
    tools,
    headResources(),
    userCenterSections.map((section) => section.path),
  );
  return { manifest, routesByPath: new Map(manifest.routes.map((route) => [route.path, route])) };
}

/**
 * Canonical links name the server's origin (SITE_URL or an ALLOWED_HOSTS host, which may differ
 * from the address the page was opened on behind a proxy), or are relative when the server trusts
 * no host: take the origin from the canonical link's attribute as the server rendered it (`.href`
 * would resolve a relative one against the address bar), read once before the app rewrites it.
 * A page the server gave no canonical link keeps links relative, as such a server would.
 */
const siteOrigin = (() => {
  if (typeof document === 'undefined') return '';
  const rendered = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.getAttribute('href');
  if (!rendered || rendered.startsWith('/')) return '';
  try {
    return new URL(rendered).origin;
  } catch {
    return '';
  }
})();

/** The path without its language segment, empty segments dropped as the server does: '/en/a//b/' → '/a/b'. */
export function barePath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'en') segments.shift();
  return `/${segments.join('/')}`;
}

export function headOfPath(pathname: string): PageHead {
  const { manifest, routesByPath } = seo();
  return pageHead(manifest, { language: languageOfPath(pathname), route: routesByPath.get(barePath(pathname)), origin: siteOrigin });
}

function upsert<T extends HTMLElement>(selector: string, create: () => T): T {
  const existing = document.head.querySelector<T>(selector);
  if (existing) return existing;
  const element = create();
  document.head.append(element);
  return element;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined): void {
  const selector = `meta[${attribute}="${key}"]`;
  if (content === undefined) {
    document.head.querySelector(selector)?.remove();
    return;
  }
  upsert(selector, () => {
    const element = document.createElement('meta');
    element.setAttribute(attribute, key);
    return element;
  }).content = content;
}

function setLinks(head: PageHead): void {
  document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]').forEach((link) => link.remove());
  const add = (rel: string, href: string, hreflang?: string) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (hreflang) link.hreflang = hreflang;
    document.head.append(link);
  };
  if (head.url) add('canonical', head.url);
  for (const alternate of head.alternates) add('alternate', alternate.href, alternate.hreflang);
  // Kept in place (not re-added) so the browser sees one manifest change per language switch.
  upsert('link[rel="manifest"]', () => Object.assign(document.createElement('link'), { rel: 'manifest' })).setAttribute(
    'href',
    head.manifest,
  );
}

export function writeHead(head: PageHead): void {
  document.title = head.title;
  setMeta('name', 'description', head.description);
  setMeta('name', 'keywords', head.keywords);
  setMeta('name', 'robots', head.noindex ? 'noindex' : undefined);
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:site_name', head.siteName);
  setMeta('property', 'og:title', head.title);
  setMeta('property', 'og:description', head.description);
  setMeta('property', 'og:locale', head.locale);
  setMeta('property', 'og:url', head.url);
  setLinks(head);
  usePageState.getState().set({ headTitle: head.title, headDesc: head.description, headKeywords: head.keywords });
}

/**
 * Spec §2/§4.5: after each navigation (and language switch) the head follows the route; topic id
 * and layout offset follow it too. Error pages write their own head (useErrorHead), because the
 * root error boundary renders them without this shell.
 */
export function useRouteHead(): void {
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const setPage = usePageState((state) => state.set);

  useEffect(() => {
    if (handle?.kind !== 'error') writeHead(headOfPath(pathname));
    setPage({
      topicId: handle?.kind === 'tool' ? handle.tool.meta.topicId : 0,
      layoutOffset: handle?.kind === 'tool' ? handle.tool.meta.layout.offset : DEFAULT_LAYOUT_OFFSET,
    });
  }, [handle, pathname, setPage]);
}

/**
 * An error page is not the page it stands in for (even on a known path, when its chunk would not
 * load): the site's texts under its own title ('404 · …'), and kept out of search engines.
 */
export function useErrorHead(status: number, heading: string): void {
  const { t } = useTranslation();
  const language: Language = useLanguage();
  useEffect(() => {
    const head = pageHead(seo().manifest, { language, route: undefined, origin: siteOrigin });
    writeHead({ ...head, title: `${t('error.documentTitle', { status, heading })} - ${head.siteName}` });
  }, [heading, language, status, t]);
}
