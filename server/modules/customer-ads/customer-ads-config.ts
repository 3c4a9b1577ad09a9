/** At most `limit` requests in `windowMs` per key (express-rate-limit's fixed window). */
export interface RateRule {
  windowMs: number;
  limit: number;
}

/** Not environment settings: code defaults, which tests tighten (config.ts `customerAds`). */
export interface CustomerAdsConfig {
  /** Publishes per user: each one waits for the admin's review, so a handful an hour is plenty. */
  publishPerUser: RateRule;
  /**
   * view and visit calls per address: a page shows at most four ads and sends one view each, so
   * this leaves room for an office behind one address while capping what a script can write.
   */
  countsPerIp: RateRule;
  /** The clock counting days and expiry; tests move it. */
  now: () => number;
}

export const DEFAULT_CUSTOMER_ADS_CONFIG: CustomerAdsConfig = {
  publishPerUser: { windowMs: 60 * 60_000, limit: 20 },
  countsPerIp: { windowMs: 60_000, limit: 240 },
  now: Date.now,
};
