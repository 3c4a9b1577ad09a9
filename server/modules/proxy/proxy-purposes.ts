import type { ProxyPurpose } from '@shared/contracts/proxy';

/**
 * What the proxy does for each client feature (docs/api.md "Outbound proxy"). The methods are the
 * contract; the sizes, times and rates are code defaults that tests tighten through the config.
 */

export interface RateRule {
  windowMs: number;
  limit: number;
}

export interface PurposeRules {
  methods: readonly string[];
  /** Anonymous callers are allowed only where nothing heavy or private passes. */
  login: boolean;
  /** Whether `X-Target-Authorization` is sent on as the target's Authorization. */
  targetCredentials: boolean;
  maxRequestBytes: number;
  maxResponseBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  perIp: RateRule;
  /** Counted only for purposes that need a login. */
  perUser: RateRule;
}

const MB = 1024 * 1024;
const MINUTE = 60_000;

export const DEFAULT_PROXY_PURPOSES: Record<ProxyPurpose, PurposeRules> = {
  // The reader's WebDAV import and sync: the user's own server, their own credentials.
  webdav: {
    methods: ['PROPFIND', 'GET', 'PUT', 'MKCOL', 'DELETE', 'HEAD', 'OPTIONS', 'MOVE', 'COPY'],
    login: true,
    targetCredentials: true,
    maxRequestBytes: 100 * MB,
    maxResponseBytes: 512 * MB,
    timeoutMs: 60_000,
    maxRedirects: 5,
    perIp: { windowMs: MINUTE, limit: 300 },
    perUser: { windowMs: MINUTE, limit: 300 },
  },
  // Playlists and their segments: many small GETs, one after another (a 2-hour video is ~1200).
  m3u8: {
    methods: ['GET', 'HEAD'],
    login: true,
    targetCredentials: false,
    maxRequestBytes: 0,
    maxResponseBytes: 1024 * MB,
    timeoutMs: 60_000,
    maxRedirects: 5,
    perIp: { windowMs: MINUTE, limit: 600 },
    perUser: { windowMs: MINUTE, limit: 600 },
  },
  // Picture hosting's CDN probe (spec §7: HEAD, 30000 ms, 18 candidates): no body either way.
  probe: {
    methods: ['HEAD'],
    login: false,
    targetCredentials: false,
    maxRequestBytes: 0,
    maxResponseBytes: 0,
    timeoutMs: 30_000,
    maxRedirects: 5,
    perIp: { windowMs: MINUTE, limit: 120 },
    perUser: { windowMs: MINUTE, limit: 120 },
  },
};

export interface ProxyConfig {
  /** PROXY_ALLOW_PRIVATE: self-hosters reach their LAN WebDAV or NAS (and this machine). */
  allowPrivate: boolean;
  /** Not environment settings: code defaults, which tests override. */
  purposes: Record<ProxyPurpose, PurposeRules>;
}
