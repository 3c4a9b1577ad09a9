import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { http } from './http';
import { useRouteHandle } from './route-handle';

/**
 * Counts tool page views on our own server (spec §7 action-stat log): the address and the tool id,
 * nothing about the files. Quiet: a visitor never hears about a failed counter.
 */
export function useActionStat(): void {
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  const toolId = handle?.kind === 'tool' ? handle.tool.id : undefined;
  useEffect(() => {
    if (!toolId || !location.protocol.startsWith('http')) return;
    http.post('/api/system/action-stat/log', { sourceUrl: location.href, action: 'view', toolId }, { quiet: true }).catch(() => undefined);
  }, [pathname, toolId]);
}
