import { createContext, useContext } from 'react';
import type { RouteMatch } from 'react-router-dom';
import type { GuardRule } from '@/auth/guard';
import type { ToolDefinition } from '@/tools/types';

/**
 * What a matched route tells the shell: which kind of page it is, for menus, topic and layout
 * offset. Titles and SEO texts come from the path (app/seo-routes.ts), as on the server.
 */
export type RouteHandle =
  | { kind: 'home' }
  /** `internal`: one of the tool's untitled internal routes (no tool heading above it). */
  | { kind: 'tool'; tool: ToolDefinition; internal?: true }
  | { kind: 'page' }
  /** Error pages write their own head (status and text come from the page, not the route). */
  | { kind: 'error' };

/** A route's `handle`: its kind for the shell, its guard and its lazy page, prepared before it opens. */
export interface RouteData {
  page?: RouteHandle;
  guard?: GuardRule;
  preload?: () => Promise<unknown>;
}

export const routeData = (match: RouteMatch): RouteData => (match.route.handle ?? {}) as RouteData;

/** The routes matching the address on screen (set by AppRouter). */
export const RouteMatchesContext = createContext<readonly RouteMatch[]>([]);
/** Whether a navigation is being prepared while the previous page stays on screen. */
export const NavigationPendingContext = createContext(false);

export function useRouteHandle(): RouteHandle | undefined {
  const matches = useContext(RouteMatchesContext);
  for (let i = matches.length - 1; i >= 0; i--) {
    const page = routeData(matches[i]!).page;
    if (page) return page;
  }
  return undefined;
}
