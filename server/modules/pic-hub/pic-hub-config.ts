import type { RateRule } from '../users/rate-limits';

/** Not environment settings: code defaults, which tests tighten (config.ts `picHub`). */
export interface PicHubConfig {
  /**
   * `sys/upload` per (account or visitor, address): each call sends a picture to the site's own
   * GitHub repository, so a visitor gets a handful per hour, not a mirror.
   */
  sysUploadPerAccountAndIp: RateRule;
}

export const DEFAULT_PIC_HUB_CONFIG: PicHubConfig = {
  sysUploadPerAccountAndIp: { windowMs: 60 * 60_000, limit: 20 },
};
