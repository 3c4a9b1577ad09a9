import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useContext, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { randomHexId } from '@/lib/ids';
import { usePageState } from '@/stores/page';
import { NavigationPendingContext } from './route-handle';

/** Spec §9 route progress constants. */
export const PROGRESS = {
  finishDelayMs: 300,
  throttleMs: 200,
  durationMs: 5000,
  hideDelayMs: 500,
} as const;

NProgress.configure({ showSpinner: false, trickleSpeed: PROGRESS.throttleMs, speed: PROGRESS.hideDelayMs, minimum: 0.1 });

/**
 * Starts the bar when a navigation begins (lazy chunks load before the location changes) and
 * finishes it 300 ms after the new route is in place; a stuck navigation is finished after 5 s.
 */
export function useRouteProgress(): void {
  const location = useLocation();
  const pending = useContext(NavigationPendingContext);
  const setPage = usePageState((state) => state.set);

  useEffect(() => {
    if (!pending) return;
    NProgress.start();
    setPage({ headerProgress: true });
    const giveUp = window.setTimeout(() => NProgress.done(), PROGRESS.durationMs);
    return () => window.clearTimeout(giveUp);
  }, [pending, setPage]);

  useEffect(() => {
    NProgress.start();
    setPage({ headerProgress: true, requestId: randomHexId() });
    const finish = window.setTimeout(() => {
      NProgress.done();
      setPage({ headerProgress: false });
    }, PROGRESS.finishDelayMs);
    return () => window.clearTimeout(finish);
  }, [location.pathname, setPage]);
}
