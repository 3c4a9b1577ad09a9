import type { Request } from 'express';

/** SITE_URL when configured; otherwise what the request came in on (honours trust proxy). */
export function siteOrigin(req: Request, siteUrl: string | undefined): string {
  return siteUrl ?? `${req.protocol}://${req.host}`;
}
