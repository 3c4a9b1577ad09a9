import { createBrowserRouter, Navigate, useLocation } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { tools } from '@/tools/registry';
import type { ToolDefinition } from '@/tools/types';
import DefaultLayout from '@/layouts/DefaultLayout';
import EmptyLayout from '@/layouts/EmptyLayout';
import PageLoading from '@/layouts/PageLoading';
import HomePage from '@/pages/home/HomePage';
import { ErrorRoute, NotFoundRoute, RouteErrorPage } from '@/pages/error/ErrorRoutes';
import { withChunkReload } from './chunk-reload';
import RootShell from './RootShell';
import type { RouteHandle } from './route-handle';

function toolRoute(tool: ToolDefinition): RouteObject {
  const load = withChunkReload(tool.page);
  return {
    path: tool.path.slice(1),
    handle: { kind: 'tool', tool } satisfies RouteHandle,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** The same page tree serves '/' (cn, the fallback) and '/en'; each call builds fresh route objects. */
function pageRoutes(): RouteObject[] {
  return [
    {
      element: <DefaultLayout />,
      children: [{ index: true, element: <HomePage />, handle: { kind: 'home' } satisfies RouteHandle }, ...tools.map(toolRoute)],
    },
    {
      element: <EmptyLayout />,
      children: [
        { path: 'error/:status', element: <ErrorRoute /> },
        { path: '*', element: <NotFoundRoute />, handle: { kind: 'error', status: 404 } satisfies RouteHandle },
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
