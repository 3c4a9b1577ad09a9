import type { ProxyPurpose } from '@shared/contracts/proxy';
import type { DailyBytes } from './proxy-quota';

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
  /**
   * The media types a 2xx answer may have (lower case, no parameters); an answer without a
   * Content-Type counts as application/octet-stream (RFC 9110 §8.3). Unset: any type.
   */
  responseTypes?: readonly string[];
  perIp: RateRule;
  /** Counted only for purposes that need a login. */
  perUser: RateRule;
  /** Bytes a user and an address may fetch through this purpose per UTC day (config.ts sets m3u8's); unset: no quota. */
  dailyBytes?: DailyBytes;
}

const MB = 1024 * 1024;
const MINUTE = 60_000;

/**
 * What a book list, an OPDS feed or a book file is served as: the e-book types the library reads
 * (with the spellings Calibre, Standard Ebooks and plain web servers use), the feed types, and the
 * generic ones servers fall back on for files they do not know (S3 sends binary/octet-stream, many
 * send a .cbz or .fb2.zip as application/zip). Never HTML, scripts or images: not a relay for pages.
 */
export const BOOK_AND_FEED_TYPES: readonly string[] = [
  'application/epub+zip',
  'application/x-mobipocket-ebook',
  'application/x-mobi8-ebook',
  'application/vnd.amazon.ebook',
  'application/vnd.amazon.mobi8-ebook',
  'application/x-fictionbook+xml',
  'application/x-fictionbook',
  'application/x-zip-compressed-fb2',
  'application/vnd.comicbook+zip',
  'application/x-cbz',
  'text/plain',
  'text/uri-list',
  'application/atom+xml',
  'application/opds+json',
  'application/json',
  'application/xml',
  'text/xml',
  'application/zip',
  'application/octet-stream',
  'binary/octet-stream',
];

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
  // The reader's cloud lists (issue 15): a public list or OPDS feed and the books it names. A login
  // is needed all the same: an anonymous GET through our server would relay anything for anyone.
  book: {
    methods: ['GET', 'HEAD'],
    login: true,
    targetCredentials: false,
    maxRequestBytes: 0,
    maxResponseBytes: 100 * MB,
    timeoutMs: 60_000,
    maxRedirects: 5,
    responseTypes: BOOK_AND_FEED_TYPES,
    perIp: { windowMs: MINUTE, limit: 300 },
    perUser: { windowMs: MINUTE, limit: 300 },
  },
};

export interface ProxyConfig {
  /** PROXY_ALLOW_PRIVATE: self-hosters reach their LAN WebDAV or NAS (and this machine). */
  allowPrivate: boolean;
  /** Not environment settings: code defaults, which tests override. */
  purposes: Record<ProxyPurpose, PurposeRules>;
}
