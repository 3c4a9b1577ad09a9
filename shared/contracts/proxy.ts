/**
 * The outbound proxy's contract (docs/api.md "Outbound proxy"): `ALL /api/proxy/<purpose>?url=<target>`
 * sends the call's method, allowed headers and body to the target and streams its answer back.
 */
export const PROXY_PURPOSES = ['webdav', 'm3u8', 'probe', 'book'] as const;
export type ProxyPurpose = (typeof PROXY_PURPOSES)[number];

/**
 * The m3u8 purpose's refusal once the user or their address has used up the day's bytes (UTC day,
 * docs/decisions.md "m3u8 on the desktop, proxy quota, benchmarks"): a 429 whose message has this
 * key and `{ gigabytes }`. The client translates it like every refusal (ProxyError.keys holds it).
 */
export const PROXY_DAILY_QUOTA_KEY = 'proxy.dailyQuota' as const;

export const PROXY_HEADERS = {
  /** On the proxy's own refusals (an envelope with ext.messages), never on the target's answers. */
  error: 'X-Proxy-Error',
  /** The target's final URL after redirects: relative links in a playlist resolve against it. */
  url: 'X-Proxy-Url',
  /**
   * A redirect the proxy did not follow (a call with a body, a PROPFIND): the target's Location made
   * absolute. Sent instead of Location, which the page's fetch would follow into our own origin.
   */
  location: 'X-Proxy-Location',
  /** The response cap; a body that breaks off at this many bytes was too large. */
  maxBytes: 'X-Proxy-Max-Bytes',
  /** The user's own credentials for the target (WebDAV only), sent on as its Authorization. */
  targetAuthorization: 'X-Target-Authorization',
} as const;
