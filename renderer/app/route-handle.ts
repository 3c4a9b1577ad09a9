import { useMatches } from 'react-router-dom';
import type { ToolDefinition } from '@/tools/types';

/** What a matched route tells the shell: which page it is, for titles, SEO, menus and layout offset. */
export type PageTitleKey = 'pageTitles.login' | 'pageTitles.userCenter' | 'pageTitles.admin';

export type RouteHandle =
  | { kind: 'home' }
  | { kind: 'tool'; tool: ToolDefinition }
  | { kind: 'page'; titleKey: PageTitleKey }
  | { kind: 'error'; status: number };

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
