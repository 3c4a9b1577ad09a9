import cors from 'cors';
import type { RequestHandler } from 'express';
import { PROXY_HEADERS } from '@shared/contracts/proxy';

/**
 * The desktop app loads its pages from app://baibao and calls this API across origins; the website
 * is same-origin and needs no CORS. Only these origins are allowed, never `*`: tokens travel in the
 * Authorization header, which a wildcard would hand to any site.
 */
export const DESKTOP_APP_ORIGIN = 'app://baibao';

/** What the desktop app's reader and downloader send through /api/proxy, and read back (docs/api.md). */
const PROXY_REQUEST_HEADERS = [
  'Range',
  'If-Range',
  'If-Match',
  'If-None-Match',
  'If-Modified-Since',
  'If-Unmodified-Since',
  'Depth',
  'Destination',
  'Overwrite',
  PROXY_HEADERS.targetAuthorization,
];
const PROXY_RESPONSE_HEADERS = [
  'Content-Range',
  'Accept-Ranges',
  'ETag',
  'Last-Modified',
  'DAV',
  'Allow',
  PROXY_HEADERS.location,
  PROXY_HEADERS.error,
  PROXY_HEADERS.url,
  PROXY_HEADERS.maxBytes,
];
const WEBDAV_ONLY_METHODS = ['PROPFIND', 'MKCOL', 'MOVE', 'COPY', 'OPTIONS'];

export function apiCors(extraOrigins: readonly string[]): RequestHandler {
  const allowed = new Set([DESKTOP_APP_ORIGIN, ...extraOrigins]);
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Cache-Control', 'Pragma', ...PROXY_REQUEST_HEADERS],
    methods: ['GET', 'HEAD', 'PUT', 'PATCH', 'POST', 'DELETE', ...WEBDAV_ONLY_METHODS],
    exposedHeaders: ['X-Request-Id', ...PROXY_RESPONSE_HEADERS],
    maxAge: 600,
  });
}
