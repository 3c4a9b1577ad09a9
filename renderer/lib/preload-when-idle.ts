import { useEffect } from 'react';

/**
 * Starts `load` (a lazy part's import) when the browser is idle after the page's first paint, so a
 * part that is not in the first view (a second tab) is not paid before the page is interactive and
 * is still there when it is opened. A failed download is left to the part's own `lazy` to report.
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    const start = () => void load().catch(() => undefined);
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(start, 1000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(start, { timeout: 3000 });
    return () => window.cancelIdleCallback(idle);
  }, [load]);
}
