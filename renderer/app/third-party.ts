import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { adsHidden } from '@/ads/visibility';
import { native } from '@/platform/host';
import { useRouteHandle } from './route-handle';

/**
 * The ad and statistics scripts run after every route change, error reporting starts once (spec
 * §1); the work is in third-party-run.ts, off the first load. Not in the desktop app: its pages are
 * local files with their own CSP, and it has no ads or page statistics.
 */
export function useThirdPartyServices(): void {
  const { pathname, search } = useLocation();
  const hideAds = adsHidden(useRouteHandle(), search);
  useEffect(() => {
    if (!native) void import('./third-party-run').then(({ runThirdParty }) => runThirdParty(hideAds));
    // Once per page: a changed query or hash is the same page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}
