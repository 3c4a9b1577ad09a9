import { useMatches } from 'react-router-dom';
import type { ToolDefinition } from '@/tools/types';

/**
 * What a matched route tells the shell: which kind of page it is, for menus, topic and layout
 * offset. Titles and SEO texts come from the path (app/seo-routes.ts), as on the server.
 */
export type RouteHandle =
  | { kind: 'home' }
  | { kind: 'tool'; tool: ToolDefinition }
  | { kind: 'page' }
  /** Error pages write their own head (status and text come from the page, not the route). */
  | { kind: 'error' };

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'kind' in value;
}

export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
