import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useRouteHandle } from './route-handle';
import { createViewCounter } from './view-counter';
import type { View } from './view-counter';

const LOG_URL = '/api/system/action-stat/log';

class Refused extends Error {
  constructor(readonly status: number) {
    super(`action-stat log answered ${status}`);
  }
}

/**
 * A keepalive fetch: it outlives the page (a view counted just before the visitor leaves still
 * arrives), bypasses the API client (no error toast, no axios in the first paint), and — unlike a
 * beacon — says when it was refused, so a 429 makes the counter back off. Only the website counts
 * (see useActionStat), so the API is always on the page's own origin.
 */
function sendView(view: View): Promise<unknown> {
  const body = { sourceUrl: view.sourceUrl, action: 'view', toolId: view.toolId };
  return fetch(LOG_URL, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => {
    if (!response.ok) throw new Refused(response.status);
  });
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
