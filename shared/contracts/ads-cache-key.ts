/**
 * Spec §9: the visitor's ad cache is kept per hostname. Its own module because the page's first
 * chunk reads the key (renderer/ads/first-page.ts) and must not bring the rest of ads-base along.
 */
export const adCacheKey = (hostname: string) => `baibao:ads:${hostname}`;
