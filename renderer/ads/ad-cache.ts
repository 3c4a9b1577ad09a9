import { AD_CACHE_LIFETIME_MS, AD_TYPES, adCacheKey } from '@shared/contracts/ads-base';
import type { AdType, SiteAd, SiteAdsResponse } from '@shared/contracts/ads-base';

/**
 * The visitor's copy of the site's ads (spec §4, §9), kept per hostname in localStorage so a page
 * knows before its first paint which ads it shows and reserves their room. zod-free on purpose:
 * this runs in the first chunk of every page.
 */
export interface AdCache {
  /** The server's `latestTimestamp` these ads are from. */
  latestTimestamp: number;
  /** When the server last gave or confirmed these ads; the copy is dropped 7 days later. */
  savedAt: number;
  ads: SiteAd[];
}

/** Minimal storage, so the rules are tested without a browser. */
export type AdStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or nothing where reading it throws (sandboxed frames, some privacy modes). */
export function adStorage(): AdStorage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** An ad as the renderer can draw it; anything else in a tampered or older copy is left out. */
function isSiteAd(value: unknown): value is SiteAd {
  return (
    isObject(value) &&
    Number.isInteger(value.id) &&
    AD_TYPES.includes(value.type as AdType) &&
    isObject(value.settings) &&
    isTime(value.expirationTime)
  );
}

export function readAdCache(storage: AdStorage | undefined, hostname: string, now: number): AdCache | undefined {
  let parsed: unknown;
  try {
    const text = storage?.getItem(adCacheKey(hostname));
    if (!text) return undefined;
    parsed = JSON.parse(text);
  } catch {
    // No storage (a sandboxed frame, a privacy mode) or a damaged copy: no cache.
    return undefined;
  }
  if (!isObject(parsed) || !isTime(parsed.latestTimestamp) || !isTime(parsed.savedAt) || !Array.isArray(parsed.ads)) return undefined;
  if (now - parsed.savedAt >= AD_CACHE_LIFETIME_MS) return undefined;
  return { latestTimestamp: parsed.latestTimestamp, savedAt: parsed.savedAt, ads: parsed.ads.filter(isSiteAd) };
}

export function writeAdCache(storage: AdStorage | undefined, hostname: string, cache: AdCache): void {
  try {
    storage?.setItem(adCacheKey(hostname), JSON.stringify(cache));
  } catch {
    // A full or refused storage only costs the next page its head start.
  }
}

/**
 * The cache after the server's answer: replaced only when the server's latestTimestamp is newer;
 * `ads: null` (the copy is current) keeps the ads and renews the copy's lifetime.
 */
export function nextAdCache(cache: AdCache | undefined, response: SiteAdsResponse, now: number): AdCache | undefined {
  if (response.ads && (!cache || response.latestTimestamp > cache.latestTimestamp)) {
    return { latestTimestamp: response.latestTimestamp, savedAt: now, ads: response.ads.filter(isSiteAd) };
  }
  // Only a confirmation renews the copy: a server that answers older ads (its data restored from a
  // backup) leaves ours to run out instead of keeping it alive for ever.
  if (cache && response.ads === null) return { ...cache, savedAt: now };
  return cache;
}

/** Only unexpired ads are ever shown (spec §4). */
export const unexpiredAds = (ads: readonly SiteAd[], now: number): SiteAd[] => ads.filter((ad) => ad.expirationTime > now);

/** The next moment an ad of these expires, for a page that stays open. */
export function nextExpiry(ads: readonly SiteAd[], now: number): number | undefined {
  const times = ads.map((ad) => ad.expirationTime).filter((time) => time > now);
  return times.length ? Math.min(...times) : undefined;
}

/**
 * Several ads of one type take turns: each page view shows the next one (`turn` counts the page
 * views of this tab), in the server's order, so every ad gets its share without anything moving
 * while a page is read.
 */
export function adOfType(ads: readonly SiteAd[], type: AdType, turn: number): SiteAd | undefined {
  const ofType = ads.filter((ad) => ad.type === type);
  return ofType.length ? ofType[turn % ofType.length] : undefined;
}
