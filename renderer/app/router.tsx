import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { tools } from '@/tools/registry';
import type { ToolDefinition } from '@/tools/types';
import { createGuard } from '@/auth/guard';
import DefaultLayout from '@/layouts/DefaultLayout';
import EmptyLayout from '@/layouts/EmptyLayout';
import PageLoading from '@/layouts/PageLoading';
import { userCenterSections } from '@/layouts/user-center-sections';
import type { UserCenterSection } from '@/layouts/user-center-sections';
import HomePage from '@/pages/home/HomePage';
import { ErrorRoute, NotFoundRoute, RouteErrorPage } from '@/pages/error/ErrorRoutes';
import { withChunkReload } from './chunk-reload';
import { setAppNavigator } from './navigation';
import RootShell from './RootShell';
import { loadToolTexts } from './tool-texts';
import type { RouteHandle } from './route-handle';

const open = createGuard({ requireAuth: false, requireAdmin: false });
const signedIn = createGuard({ requireAuth: true, requireAdmin: false });
const adminOnly = createGuard({ requireAuth: true, requireAdmin: true });

/**
 * A lazily loaded page whose stale chunk after a deploy reloads the app (at most once a minute).
 * antd (its theme and locale, `AntdScope`) loads with it: the home page and the shell around every
 * page are drawn without antd, so it is no part of the first load.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> {
  const guarded = withChunkReload(async () => {
    const [page, { AntdScope }] = await Promise.all([load(), import('./AntdScope')]);
    return inAntdScope(page.default, AntdScope);
  });
  return { lazy: async () => ({ Component: await guarded() }) };
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

/** The tool's page and its texts load together; the page renders once both are there. */
function toolRoute(tool: ToolDefinition): RouteObject {
  return {
    path: tool.path.slice(1),
    handle: { kind: 'tool', tool } satisfies RouteHandle,
    loader: createGuard(tool.meta),
    ...lazyPage(async () => (await Promise.all([tool.page(), loadToolTexts(tool)]))[0]),
  };
}

const userCenterPages: Record<UserCenterSection, () => Promise<{ default: ComponentType }>> = {
  profile: () => import('@/pages/user/center/ProfilePage'),
  settings: () => import('@/pages/user/center/SettingsPage'),
  security: () => import('@/pages/user/center/SecurityPage'),
  logs: () => import('@/pages/user/center/LoginLogsPage'),
  bindings: () => import('@/pages/user/center/BindingsPage'),
};

function accountRoutes(): RouteObject[] {
  return [
    {
      element: <EmptyLayout />,
      children: [
        {
          path: 'user/login',
          handle: { kind: 'page' } satisfies RouteHandle,
          loader: createGuard({ requireAuth: false, requireAdmin: false, isLoginRoute: true }),
          ...lazyPage(() => import('@/pages/user/LoginPage')),
        },
      ],
    },
    {
      path: 'user/center',
      // The account and admin layouts (and their antd parts) load with their first page.
      ...lazyPage(() => import('@/layouts/UserAdminLayout')),
      handle: { kind: 'page' } satisfies RouteHandle,
      loader: signedIn,
      children: [
        { index: true, loader: signedIn, element: <Navigate to={userCenterSections[0].path} replace /> },
        ...userCenterSections.map((section) => ({ path: section.path, loader: signedIn, ...lazyPage(userCenterPages[section.path]) })),
      ],
    },
    {
      path: 'admin',
      ...lazyPage(() => import('@/layouts/AdminLayout')),
      handle: { kind: 'page' } satisfies RouteHandle,
      loader: adminOnly,
      children: [
        { index: true, loader: adminOnly, element: <Navigate to="users" replace /> },
        { path: 'users', loader: adminOnly, ...lazyPage(() => import('@/pages/admin/UsersPage')) },
      ],
    },
  ];
}

/** The same page tree serves '/' (cn, the fallback) and '/en'; each call builds fresh route objects. */
function pageRoutes(): RouteObject[] {
  return [
    {
      element: <DefaultLayout />,
      children: [
        { index: true, element: <HomePage />, loader: open, handle: { kind: 'home' } satisfies RouteHandle },
        ...tools.map(toolRoute),
      ],
    },
    ...accountRoutes(),
    {
      element: <EmptyLayout />,
      children: [
        { path: 'error/:status', element: <ErrorRoute />, loader: open, handle: { kind: 'error' } satisfies RouteHandle },
        { path: '*', element: <NotFoundRoute />, loader: open, handle: { kind: 'error' } satisfies RouteHandle },
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
    errorElement: <RouteErrorPage />,
    // Shown while the first route's lazy chunk loads on a cold start.
    hydrateFallbackElement: <PageLoading />,
    children: [
      { path: '/cn/*', element: <FallbackLanguageRedirect /> },
      { path: '/cn', element: <FallbackLanguageRedirect /> },
      { path: '/en', children: pageRoutes() },
      { path: '/', children: pageRoutes() },
    ],
  },
];

export const router = createBrowserRouter(routes);
setAppNavigator((path) => void router.navigate(path));
