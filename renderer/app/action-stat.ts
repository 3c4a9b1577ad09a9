import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteHandle } from './route-handle';
import { platform } from '@/platform';
import { createViewCounter } from './view-counter';
import type { View } from './view-counter';

const LOG_URL = '/api/system/action-stat/log';

/**
 * A beacon: it outlives the page (a view counted just before the visitor leaves still arrives) and
 * nothing waits for its answer. Where there is none, a quiet post.
 */
function sendView(view: View): Promise<unknown> {
  const body = { sourceUrl: view.sourceUrl, action: 'view', toolId: view.toolId };
  if (typeof navigator.sendBeacon === 'function' && !platform.apiUrl) {
    navigator.sendBeacon(LOG_URL, new Blob([JSON.stringify(body)], { type: 'application/json' }));
    return Promise.resolve();
  }
  // The API client (axios) is no part of the first paint; a view can wait for it.
  return import('./http').then(({ http }) => http.post(LOG_URL, body, { quiet: true }));
}

/** One per page session: what it remembers is which tools this load has already counted. */
const counter = createViewCounter({ send: sendView, storage: browserStorage() });

/** localStorage, unless the browser refuses it (some private modes throw on access). */
function browserStorage(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

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
