import { describe, expect, it } from 'vitest';
import { AD_CACHE_LIFETIME_MS, adCacheKey } from '@shared/contracts/ads-base';
import type { SiteAd } from '@shared/contracts/ads-base';
import { adOfType, nextAdCache, nextExpiry, readAdCache, unexpiredAds, writeAdCache } from './ad-cache';
import type { AdCache, AdStorage } from './ad-cache';

const NOW = Date.UTC(2026, 10, 27, 12);

function memoryStorage(entries: Record<string, string> = {}): AdStorage & { entries: Record<string, string> } {
  return {
    entries,
    getItem: (key) => entries[key] ?? null,
    setItem: (key, value) => void (entries[key] = value),
    removeItem: (key) => void delete entries[key],
  };
}

const ad = (id: number, type: SiteAd['type'], expirationTime = NOW + 3600_000): SiteAd => ({
  id,
  type,
  settings: { text: `ad ${id}` },
  expirationTime,
});

const cache = (latestTimestamp: number, ads: SiteAd[], savedAt = NOW): AdCache => ({ latestTimestamp, savedAt, ads });

describe('ad cache', () => {
  it('is kept per hostname and read back', () => {
    const storage = memoryStorage();
    writeAdCache(storage, 'baibao.test', cache(5, [ad(1, 'TOP_BANNER')]));
    expect(Object.keys(storage.entries)).toEqual([adCacheKey('baibao.test')]);
    expect(readAdCache(storage, 'baibao.test', NOW)).toEqual(cache(5, [ad(1, 'TOP_BANNER')]));
    expect(readAdCache(storage, 'other.test', NOW)).toBeUndefined();
  });

  it('is dropped 7 days after the server last gave or confirmed it', () => {
    const storage = memoryStorage();
    writeAdCache(storage, 'h', cache(5, [ad(1, 'TOP_BANNER')], NOW));
    expect(readAdCache(storage, 'h', NOW + AD_CACHE_LIFETIME_MS - 1)).toBeDefined();
    expect(readAdCache(storage, 'h', NOW + AD_CACHE_LIFETIME_MS)).toBeUndefined();
  });

  it('survives damaged or tampered copies and a storage that throws', () => {
    expect(readAdCache(memoryStorage({ [adCacheKey('h')]: '{not json' }), 'h', NOW)).toBeUndefined();
    expect(readAdCache(memoryStorage({ [adCacheKey('h')]: '{"latestTimestamp":"x","savedAt":1,"ads":[]}' }), 'h', NOW)).toBeUndefined();
    const mixed = JSON.stringify(cache(5, [ad(1, 'TOP_BANNER'), { id: 2, type: 'POPUP', settings: {}, expirationTime: NOW } as never]));
    expect(readAdCache(memoryStorage({ [adCacheKey('h')]: mixed }), 'h', NOW)?.ads.map((a) => a.id)).toEqual([1]);
    const throwing: AdStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(readAdCache(throwing, 'h', NOW)).toBeUndefined();
    expect(() => writeAdCache(throwing, 'h', cache(1, []))).not.toThrow();
    expect(readAdCache(undefined, 'h', NOW)).toBeUndefined();
  });

  it("is replaced only when the server's latestTimestamp is newer", () => {
    const old = cache(5, [ad(1, 'TOP_BANNER')], NOW - 1000);
    expect(nextAdCache(old, { ads: [ad(2, 'BOTTOM_BANNER')], latestTimestamp: 9 }, NOW)).toEqual(cache(9, [ad(2, 'BOTTOM_BANNER')]));
    // ads: null confirms the copy: same ads, a renewed lifetime.
    expect(nextAdCache(old, { ads: null, latestTimestamp: 5 }, NOW)).toEqual(cache(5, [ad(1, 'TOP_BANNER')], NOW));
    // Older ads (a restored server) neither replace the copy nor keep it alive.
    expect(nextAdCache(old, { ads: [ad(3, 'TOP_BANNER')], latestTimestamp: 4 }, NOW)).toBe(old);
    expect(nextAdCache(undefined, { ads: [ad(3, 'TOP_BANNER')], latestTimestamp: 4 }, NOW)).toEqual(cache(4, [ad(3, 'TOP_BANNER')]));
    expect(nextAdCache(undefined, { ads: null, latestTimestamp: 4 }, NOW)).toBeUndefined();
  });

  it('shows only unexpired ads and knows when the next one expires', () => {
    const ads = [ad(1, 'TOP_BANNER', NOW - 1), ad(2, 'TOP_BANNER', NOW + 50), ad(3, 'BOTTOM_BANNER', NOW + 10)];
    expect(unexpiredAds(ads, NOW).map((a) => a.id)).toEqual([2, 3]);
    expect(unexpiredAds(ads, NOW + 10).map((a) => a.id)).toEqual([2]);
    expect(nextExpiry(ads, NOW)).toBe(NOW + 10);
    expect(nextExpiry(ads, NOW + 50)).toBeUndefined();
  });

  it('gives several ads of one type turns, page view by page view', () => {
    const ads = [ad(1, 'TOP_BANNER'), ad(2, 'BOTTOM_BANNER'), ad(3, 'TOP_BANNER')];
    expect([0, 1, 2, 3].map((turn) => adOfType(ads, 'TOP_BANNER', turn)?.id)).toEqual([1, 3, 1, 3]);
    expect(adOfType(ads, 'BOTTOM_BANNER', 7)?.id).toBe(2);
    expect(adOfType(ads, 'TOP_MINI_BANNER', 0)).toBeUndefined();
  });
});
