import { createElement, use } from 'react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { createPath, matchRoutes, Navigate, UNSAFE_createBrowserHistory, useLocation } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { tools } from '@/tools/registry';
import type { ToolDefinition } from '@/tools/types';
import { checkGuard } from '@/auth/guard';
import type { GuardRule } from '@/auth/guard';
import DefaultLayout from '@/layouts/DefaultLayout';
import EmptyLayout from '@/layouts/EmptyLayout';
import { userCenterSections } from '@/layouts/user-center-sections';
import type { UserCenterSection } from '@/layouts/user-center-sections';
import HomePage from '@/pages/home/HomePage';
import { ErrorRoute, NotFoundRoute } from '@/pages/error/ErrorRoutes';
import { loadAntdScope } from '@/lib/lazy-with-antd';
import { withChunkReload } from './chunk-reload';
import { createNavigationController } from './navigation-controller';
import type { Prepare } from './navigation-controller';
import { setAppNavigator } from './navigation';
import RootShell from './RootShell';
import { loadNamespace } from './page-texts';
import type { PageNamespace } from './page-texts';
import { loadLanguageTexts, loadToolTexts } from './tool-texts';
import { languageOfPath } from './language';
import { aliasTarget } from './path-alias';
import { DEV_PAGES, DEV_REDIRECTS } from './dev-routes';
import { routeData } from './route-handle';
import type { RouteData, RouteHandle } from './route-handle';

const open: GuardRule = { requireAuth: false, requireAdmin: false };
const signedIn: GuardRule = { requireAuth: true, requireAdmin: false };
const adminOnly: GuardRule = { requireAuth: true, requireAdmin: true };

interface LazyPage {
  element: ReactNode;
  preload: () => Promise<unknown>;
}

/**
 * A lazily loaded page whose stale chunk after a deploy reloads the app (at most once a minute).
 * antd (its theme and locale, `AntdScope`) loads with it unless the page says its first view uses
 * none (`antd: false`, a tool's `plainFirstView`): the home page and the shell around every page are
 * drawn without antd, and such a page loads antd's parts later, each with its scope (`lazyWithAntd`).
 * The router loads the page before the address opens (`preload`), so it renders at once; made once
 * per page, so its '/' and '/en' routes render the same component and a language switch keeps the
 * page and its work.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>, { antd = true }: { antd?: boolean } = {}): LazyPage {
  const guarded = withChunkReload(async () => {
    if (!antd) return (await load()).default;
    const [page, { AntdScope }] = await Promise.all([load(), loadAntdScope()]);
    return inAntdScope(page.default, AntdScope);
  });
  // The page as an element, made once: the route renders it as it is.
  let loading: Promise<ReactElement> | undefined;
  let loaded: ReactElement | undefined;
  const preload = () =>
    (loading ??= guarded().then(
      (Page) => (loaded = createElement(Page)),
      (error: unknown) => {
        // A failed load (offline, a stale deploy) is tried again by the next navigation.
        loading = undefined;
        throw error;
      },
    ));
  function LazyRoute() {
    return loaded ?? use(preload());
  }
  return { element: <LazyRoute />, preload };
}

function lazyRoute(page: LazyPage, guard: GuardRule, handle?: RouteHandle): Pick<RouteObject, 'element' | 'handle'> {
  return { element: page.element, handle: { page: handle, guard, preload: page.preload } satisfies RouteData };
}

// One wrapper per page, shared by its '/' and '/en' routes: the same component type is what lets a
// language switch keep the page and its work.
const scopedPages = new WeakMap<ComponentType, ComponentType>();
function inAntdScope(Page: ComponentType, AntdScope: ComponentType<{ children: ReactNode }>): ComponentType {
  let scoped = scopedPages.get(Page);
  if (!scoped) {
    scoped = function ScopedPage() {
      return (
        <AntdScope>
          <Page />
        </AntdScope>
      );
    };
    scopedPages.set(Page, scoped);
  }
  return scoped;
}

/**
 * Each tool's page, with its texts and the shared components' (which otherwise come with antd): the
 * page renders once all are there.
 */
const toolPages = new Map<ToolDefinition, LazyPage>(
  tools.map((tool) => [
    tool,
    lazyPage(async () => (await Promise.all([tool.page(), loadToolTexts(tool), loadNamespace('components')]))[0], {
      antd: !tool.plainFirstView,
    }),
  ]),
);

function toolRoute(tool: ToolDefinition): RouteObject {
  return { path: tool.path.slice(1), ...lazyRoute(toolPages.get(tool)!, tool.meta, { kind: 'tool', tool }) };
}

/** A tool's internal routes load with the tool's texts and its first-view rule, like its page. */
const internalPages = new Map(
  tools.flatMap((tool) =>
    tool.internalRoutes.map(
      (route) =>
        [
          route,
          lazyPage(async () => (await Promise.all([route.page(), loadToolTexts(tool), loadNamespace('components')]))[0], {
            antd: !tool.plainFirstView,
          }),
        ] as const,
    ),
  ),
);

const internalRoutes = (tool: ToolDefinition): RouteObject[] =>
  tool.internalRoutes.map((route) => ({
    path: route.path.slice(1),
    ...lazyRoute(internalPages.get(route)!, route.requireAdmin ? adminOnly : tool.meta, { kind: 'tool', tool, internal: true }),
  }));

/** A page of the account or the back office, with its namespaces' texts. */
const withTexts = (namespaces: readonly PageNamespace[], load: () => Promise<{ default: ComponentType }>) =>
  lazyPage(async () => (await Promise.all([load(), ...namespaces.map(loadNamespace)]))[0]);

const loginPage = withTexts(['account'], () => import('@/pages/user/LoginPage'));
// The account and admin layouts (and their antd parts) load with their first page.
const userCenterLayout = lazyPage(() => import('@/layouts/UserAdminLayout'));
const adminLayout = lazyPage(() => import('@/layouts/AdminLayout'));
// The users list pages and dates its rows with the account pages' helpers, and their texts.
// Spec §2's untitled test routes, for development: never in a menu or the sitemap, noindex (seo-routes.ts).
const galleryPage = lazyPage(() => import('@/pages/dev/ComponentGalleryPage'), { antd: false });
const benchPage = lazyPage(() => import('@/pages/dev/FurnitureBenchPage'), { antd: false });
const usersPage = withTexts(['backOffice', 'account'], () => import('@/pages/admin/UsersPage'));
const picHubSysPage = withTexts(['backOffice'], () => import('@/pages/admin/PicHubSysPage'));
const siteContentPage = withTexts(['backOffice'], () => import('@/pages/admin/site-content/SiteContentPage'));
// The ads list shares the labels, status tags and previews of My ads, and their texts.
const adsAdminPage = withTexts(['backOffice', 'account'], () => import('@/pages/admin/AdsPage'));
const boardAdminPage = withTexts(['backOffice', 'account'], () => import('@/pages/admin/BoardPage'));
// Its paged table counts its rows in the account pages' words (usePagedList).
const donationsAdminPage = withTexts(['backOffice', 'account'], () => import('@/pages/admin/donations/DonationsPage'));
// Feedback items look the same to their sender and the admin: the account's texts come along.
const feedbackAdminPage = withTexts(['backOffice', 'account'], () => import('@/pages/admin/FeedbackPage'));
const userCenterPages: Record<UserCenterSection, LazyPage> = {
  profile: withTexts(['account'], () => import('@/pages/user/center/ProfilePage')),
  settings: withTexts(['account'], () => import('@/pages/user/center/SettingsPage')),
  security: withTexts(['account'], () => import('@/pages/user/center/SecurityPage')),
  logs: withTexts(['account'], () => import('@/pages/user/center/LoginLogsPage')),
  bindings: withTexts(['account'], () => import('@/pages/user/center/BindingsPage')),
  ads: withTexts(['account'], () => import('@/pages/user/center/AdsPage')),
  feedback: withTexts(['account'], () => import('@/pages/user/center/FeedbackPage')),
};

function accountRoutes(): RouteObject[] {
  return [
    {
      element: <EmptyLayout />,
      children: [{ path: 'user/login', ...lazyRoute(loginPage, { ...open, isLoginRoute: true }, { kind: 'page' }) }],
    },
    {
      path: 'user/center',
      ...lazyRoute(userCenterLayout, signedIn, { kind: 'page' }),
      children: [
        { index: true, handle: { guard: signedIn } satisfies RouteData, element: <Navigate to={userCenterSections[0].path} replace /> },
        ...userCenterSections.map((section) => ({ path: section.path, ...lazyRoute(userCenterPages[section.path], signedIn) })),
      ],
    },
    {
      path: 'admin',
      ...lazyRoute(adminLayout, adminOnly, { kind: 'page' }),
      children: [
        { index: true, handle: { guard: adminOnly } satisfies RouteData, element: <Navigate to="users" replace /> },
        { path: 'users', ...lazyRoute(usersPage, adminOnly) },
        { path: 'pic-hub', ...lazyRoute(picHubSysPage, adminOnly) },
        { path: 'site-content', ...lazyRoute(siteContentPage, adminOnly) },
        { path: 'ads', ...lazyRoute(adsAdminPage, adminOnly) },
        { path: 'board', ...lazyRoute(boardAdminPage, adminOnly) },
        { path: 'donations', ...lazyRoute(donationsAdminPage, adminOnly) },
        { path: 'feedback', ...lazyRoute(feedbackAdminPage, adminOnly) },
      ],
    },
  ];
}

const handle = (page: RouteHandle): RouteData => ({ page, guard: open });

/** A tool's internal alias (`/md`): the tool's own address in the same language (the server answers it with a 301). */
function PathAliasRedirect({ alias, to }: { alias: string; to: string }) {
  return <Navigate to={aliasTarget(useLocation(), alias, to)} replace />;
}

const aliasRoutes = (): RouteObject[] =>
  [...tools.flatMap((tool) => tool.pathAliases.map((alias) => ({ from: alias, to: tool.path }))), ...DEV_REDIRECTS].map(({ from, to }) => ({
    path: from.slice(1),
    element: <PathAliasRedirect alias={from} to={to} />,
    handle: { guard: open } satisfies RouteData,
  }));

/** The same page tree serves '/' (cn, the fallback) and '/en'; each call builds fresh route objects. */
function pageRoutes(): RouteObject[] {
  return [
    {
      element: <DefaultLayout />,
      children: [
        { index: true, element: <HomePage />, handle: handle({ kind: 'home' }) },
        ...tools.flatMap((tool) => [toolRoute(tool), ...internalRoutes(tool)]),
        { path: DEV_PAGES[0].slice(1), ...lazyRoute(galleryPage, open, { kind: 'page' }) },
        { path: DEV_PAGES[1].slice(1), ...lazyRoute(benchPage, open, { kind: 'page' }) },
      ],
    },
    ...accountRoutes(),
    ...aliasRoutes(),
    {
      element: <EmptyLayout />,
      children: [
        { path: 'error/:status', element: <ErrorRoute />, handle: handle({ kind: 'error' }) },
        { path: '*', element: <NotFoundRoute />, handle: handle({ kind: 'error' }) },
      ],
    },
  ];
}

/** Spec §2: a path starting with the fallback language is the same page without the prefix. */
function FallbackLanguageRedirect() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to={`${pathname.slice(3) || '/'}${search}${hash}`} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    children: [
      { path: '/cn/*', element: <FallbackLanguageRedirect /> },
      { path: '/cn', element: <FallbackLanguageRedirect /> },
      { path: '/en', children: pageRoutes() },
      { path: '/', children: pageRoutes() },
    ],
  },
];

/**
 * Before an address opens: every matched route's guard (the first redirect wins), and beside them
 * its lazy pages and texts. A redirect does not wait for the pages of the address it leaves.
 */
export const prepareRoute: Prepare = async (location) => {
  const matches = (matchRoutes(routes, location) ?? []).map(routeData);
  const url = new URL(createPath(location), window.location.origin);
  // The tools' titles and descriptions in the address's language (English is not in the first chunk).
  const pages = Promise.all([loadLanguageTexts(languageOfPath(location.pathname)), ...matches.map((data) => data.preload?.())]);
  // Handled here too: a redirect leaves it unawaited, and a failure then is nobody's concern.
  pages.catch(() => undefined);
  const decisions = await Promise.all(matches.map((data) => (data.guard ? checkGuard(data.guard, url) : undefined)));
  const redirect = decisions.find((decision) => decision !== undefined);
  if (redirect !== undefined) return redirect;
  await pages;
  return undefined;
};

export const navigation = createNavigationController(UNSAFE_createBrowserHistory({ v5Compat: true }), prepareRoute);
setAppNavigator((path) => void navigation.navigate(path));
void navigation.start();
