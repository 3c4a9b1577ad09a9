/** At most `limit` requests in `windowMs` per key (express-rate-limit's fixed window). */
export interface RateRule {
  windowMs: number;
  limit: number;
}

/** Not environment settings: code defaults, which tests tighten (config.ts `picHub`). */
export interface PicHubConfig {
  /**
   * `sys/upload` per (account or visitor, address): each call sends a picture to the site's own
   * GitHub repository, so a visitor gets a handful per hour, not a mirror.
   */
  sysUploadPerAccountAndIp: RateRule;
  /**
   * Every other call per (account, address): opening the page lists hubs, settings and a page of
   * files; the gallery pages on; a batch saves 100 records. This is many times that, and far too
   * little to fill a disk.
   */
  callsPerAccountAndIp: RateRule;
}

export const DEFAULT_PIC_HUB_CONFIG: PicHubConfig = {
  sysUploadPerAccountAndIp: { windowMs: 60 * 60_000, limit: 20 },
  callsPerAccountAndIp: { windowMs: 60_000, limit: 300 },
};
