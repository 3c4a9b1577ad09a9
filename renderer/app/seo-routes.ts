import type { SeoLanguage, SeoManifest, SeoRoute } from '@shared/contracts/seo';
import type { ToolDefinition } from '@/tools/types';
import { DEV_PAGES, DEV_REDIRECTS } from './dev-routes';

/**
 * Per-route titles, descriptions and keywords in every language, from the tool registry and the
 * locale files. Two readers need exactly the same texts: the build (scripts/build-seo.ts writes
 * them to seo.json, which the server puts into the HTML) and the app's head (renderer/app/head.ts
 * after each in-app navigation). One function, so a crawler, a link preview and a visitor who
 * navigated in the app see the same title. Pure: no DOM, no Node, no schema library.
 */
export type SeoTool = Pick<ToolDefinition, 'path' | 'meta'> & Partial<Pick<ToolDefinition, 'unlisted' | 'pathAliases' | 'internalRoutes'>>;
export type LocaleResources = Record<SeoLanguage, Record<string, unknown>>;

/**
 * Resolves an i18next key `namespace:dotted.path` against one language's resources.
 * Throws on a missing or non-text key so a broken meta key fails the build instead of shipping.
 */
export function translate(bundle: Record<string, unknown>, key: string): string {
  const [namespace = '', path = ''] = key.split(':', 2);
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
      bundle[namespace],
    );
  if (typeof value !== 'string') throw new Error(`build-seo: no text for '${key}'`);
  return value;
}

function siteTexts(bundle: Record<string, unknown>) {
  return { title: translate(bundle, 'common:site.title'), subTitle: translate(bundle, 'common:site.subTitle') };
}

function toolRoute(tool: SeoTool, locales: LocaleResources): SeoRoute {
  const texts = (language: SeoLanguage) => ({
    title: translate(locales[language], tool.meta.title),
    description: translate(locales[language], tool.meta.description),
    keywords: translate(locales[language], tool.meta.keywords),
  });
  return {
    path: tool.path,
    requireAuth: tool.meta.requireAuth,
    requireAdmin: tool.meta.requireAdmin,
    noindex: tool.unlisted ?? false,
    cn: texts('cn'),
    en: texts('en'),
  };
}

/** Home carries the site texts; its keywords name the site and every tool, which is what people search for. */
function homeRoute(toolRoutes: readonly SeoRoute[], locales: LocaleResources): SeoRoute {
  const texts = (language: SeoLanguage) => {
    const site = siteTexts(locales[language]);
    return {
      title: site.title,
      description: site.subTitle,
      keywords: [site.title, ...toolRoutes.filter((route) => !route.noindex).map((route) => route[language].title)].join(','),
    };
  };
  return { path: '/', requireAuth: false, requireAdmin: false, noindex: false, cn: texts('cn'), en: texts('en') };
}

/**
 * The login, user-center and admin pages: real pages (HTTP 200 with their titles) that search
 * engines are told to skip. Without them the server answered 404 for a page the app shows.
 */
function accountRoutes(sections: readonly string[], locales: LocaleResources): SeoRoute[] {
  const page = (path: string, titleKey: string, rule: { requireAuth: boolean; requireAdmin: boolean }): SeoRoute => {
    const texts = (language: SeoLanguage) => ({ title: translate(locales[language], titleKey), description: '', keywords: '' });
    return { path, ...rule, noindex: true, cn: texts('cn'), en: texts('en') };
  };
  const member = { requireAuth: true, requireAdmin: false };
  const admin = { requireAuth: true, requireAdmin: true };
  return [
    page('/user/login', 'common:pageTitles.login', { requireAuth: false, requireAdmin: false }),
    page('/user/center', 'common:userCenter.title', member),
    ...sections.map((section) =>
      page(`/user/center/${section}`, `common:userCenter.${section === 'logs' ? 'loginLogs' : section}`, member),
    ),
    page('/admin', 'common:admin.title', admin),
    page('/admin/users', 'common:admin.users', admin),
    page('/admin/pic-hub', 'common:admin.picHub', admin),
    page('/admin/ads', 'common:admin.ads', admin),
    page('/admin/board', 'common:admin.board', admin),
    page('/admin/feedback', 'common:admin.feedback', admin),
  ];
}

/** Spec §2's untitled internal routes of the tools: pages (HTTP 200) without a title, never indexed. */
function internalRoutes(toolList: readonly SeoTool[]): SeoRoute[] {
  const untitled = { title: '', description: '', keywords: '' };
  return toolList.flatMap((tool) =>
    (tool.internalRoutes ?? []).map((route) => ({
      path: route.path,
      requireAuth: route.requireAdmin ?? tool.meta.requireAuth,
      requireAdmin: route.requireAdmin ?? tool.meta.requireAdmin,
      noindex: true,
      cn: untitled,
      en: untitled,
    })),
  );
}

/** The development pages (dev-routes.ts): served (HTTP 200), untitled, never indexed or in the sitemap. */
function devRoutes(): SeoRoute[] {
  const untitled = { title: '', description: '', keywords: '' };
  return DEV_PAGES.map((path) => ({ path, requireAuth: false, requireAdmin: false, noindex: true, cn: untitled, en: untitled }));
}

/** Site texts and every route, in the shape of seo.json (the build validates it against the schema). */
export function buildSeoRoutes(toolList: readonly SeoTool[], locales: LocaleResources, sections: readonly string[]): SeoManifest {
  const toolRoutes = toolList.map((tool) => toolRoute(tool, locales));
  const site = { cn: siteTexts(locales.cn), en: siteTexts(locales.en) };
  const redirects = [...toolList.flatMap((tool) => (tool.pathAliases ?? []).map((from) => ({ from, to: tool.path }))), ...DEV_REDIRECTS];
  return {
    site,
    routes: [
      homeRoute(toolRoutes, locales),
      ...toolRoutes,
      ...accountRoutes(sections, locales),
      ...internalRoutes(toolList),
      ...devRoutes(),
    ],
    redirects,
  };
}
