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

let finishing: number | undefined;

function startBar(setPage: (state: { headerProgress: boolean; requestId?: string }) => void, requestId?: string): void {
  window.clearTimeout(finishing);
  NProgress.start();
  setPage(requestId ? { headerProgress: true, requestId } : { headerProgress: true });
}

/** The bar finishes 300 ms after the route is in place; a newer start cancels it. */
function finishBarSoon(setPage: (state: { headerProgress: boolean }) => void): void {
  window.clearTimeout(finishing);
  finishing = window.setTimeout(() => {
    NProgress.done();
    setPage({ headerProgress: false });
  }, PROGRESS.finishDelayMs);
}

/**
 * Starts the bar when a navigation begins (lazy chunks load before the location changes) and
 * finishes it 300 ms after the new route is in place; a stuck navigation is finished after 5 s.
 * A navigation that changes only the query (a tool's `?tab=`) also finishes when it ends: only a
 * new path used to finish the bar, so it stayed on screen after a tab switch.
 */
export function useRouteProgress(): void {
  const location = useLocation();
  const pending = useContext(NavigationPendingContext);
  const setPage = usePageState((state) => state.set);

  useEffect(() => {
    if (!pending) return;
    startBar(setPage);
    const giveUp = window.setTimeout(() => NProgress.done(), PROGRESS.durationMs);
    return () => {
      window.clearTimeout(giveUp);
      finishBarSoon(setPage);
    };
  }, [pending, setPage]);

  useEffect(() => {
    startBar(setPage, randomHexId());
    finishBarSoon(setPage);
  }, [location.pathname, setPage]);
}
