/** At most `limit` requests in `windowMs` per key (express-rate-limit's fixed window). */
export interface RateRule {
  windowMs: number;
  limit: number;
}

/** Not environment settings: code defaults, which tests tighten (config.ts `board`). */
export interface BoardConfig {
  /** Posts and replies per user: a conversation's pace, not a script's. */
  postsPerUser: RateRule;
  /** Posts and replies per address, for several accounts made from one machine. */
  postsPerIp: RateRule;
  /** The clock of the edit window; tests move it. */
  now: () => number;
}

export const DEFAULT_BOARD_CONFIG: BoardConfig = {
  postsPerUser: { windowMs: 10 * 60_000, limit: 10 },
  postsPerIp: { windowMs: 10 * 60_000, limit: 30 },
  now: Date.now,
};
