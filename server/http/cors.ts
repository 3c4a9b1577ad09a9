import cors from 'cors';
import type { RequestHandler } from 'express';

/**
 * The desktop app loads its pages from app://baibao and calls this API across origins; the website
 * is same-origin and needs no CORS. Only these origins are allowed, never `*`: tokens travel in the
 * Authorization header, which a wildcard would hand to any site.
 */
export const DESKTOP_APP_ORIGIN = 'app://baibao';

export function apiCors(extraOrigins: readonly string[]): RequestHandler {
  const allowed = new Set([DESKTOP_APP_ORIGIN, ...extraOrigins]);
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Cache-Control', 'Pragma'],
    exposedHeaders: ['X-Request-Id'],
    maxAge: 600,
  });
}
