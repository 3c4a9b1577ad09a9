import { adCacheKey } from '@shared/contracts/ads-cache-key';

/**
 * In the first chunk, so kept tiny (the home page's budget): the ad slots themselves are a chunk of
 * their own (AdSlots.tsx), and a page painted before they arrive keeps its layout without ads until
 * the next page (docs/ads.md, "No layout shift"). So when this visitor's cache holds ads, the app's
 * first render waits for the slots — at most FIRST_PAINT_WAIT_MS, a bound for a request that hangs,
 * not a guess at how long it takes — and the landing page opens with the boxes of its ads. A first
 * visit (no cache) and `debug` in the address wait for nothing.
 */
const FIRST_PAINT_WAIT_MS = 3000;

function cacheHoldsAds(): boolean {
  try {
    if (new URLSearchParams(location.search).has('debug')) return false;
    const text = localStorage.getItem(adCacheKey(location.hostname));
    return !!text && !text.includes('"ads":[]');
  } catch {
    // No storage (a sandboxed frame, a privacy mode): no cache, nothing to wait for.
    return false;
  }
}

/** Loads and registers the ad slots; resolves when the first render may run. */
export function loadAdSlots(): Promise<void> {
  const slots = import('./AdSlots').then(({ registerAdSlots }) => registerAdSlots());
  // A failed download only costs this visit its ads.
  const settled = slots.catch(() => undefined);
  if (!cacheHoldsAds()) return Promise.resolve();
  return Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS))]);
}
