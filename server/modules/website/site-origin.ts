import type { Request } from 'express';

export interface OriginSettings {
  /** SITE_URL, without trailing slash. */
  siteUrl: string | undefined;
  /** ALLOWED_HOSTS, lower case, each `name` or `name:port`. */
  allowedHosts: readonly string[];
}

/**
 * The origin absolute links are built on: SITE_URL, else the request's own host only when it is in
 * ALLOWED_HOSTS, else undefined. The Host header is the visitor's to choose, and a page or sitemap
 * naming it would let anyone plant their domain in a shared cache's copy (cache poisoning).
 */
export function siteOrigin(req: Request, { siteUrl, allowedHosts }: OriginSettings): string | undefined {
  if (siteUrl) return siteUrl;
  const host = req.host?.toLowerCase();
  return host && allowedHosts.includes(host) ? `${req.protocol}://${host}` : undefined;
}
