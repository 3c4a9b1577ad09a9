import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { http } from './http';
import { useRouteHandle } from './route-handle';
import { createViewCounter } from './view-counter';

/** One per page session: what it remembers is which tools this load has already counted. */
const counter = createViewCounter({
  send: (view) => http.post('/api/system/action-stat/log', { sourceUrl: view.sourceUrl, action: 'view', toolId: view.toolId }, { quiet: true }),
});

/**
 * Counts tool page views on our own server (spec §7 action-stat log): the address and the tool id,
 * nothing about the files. Quiet: a visitor never hears about a failed counter. The desktop app
 * (not on http) does not count.
 */
export function useActionStat(): void {
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const toolId = handle?.kind === 'tool' ? handle.tool.id : undefined;
  useEffect(() => {
    if (!location.protocol.startsWith('http')) return;
    counter.view(toolId, location.href);
  }, [pathname, toolId]);
}
