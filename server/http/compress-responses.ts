import compression from 'compression';
import type { RequestHandler } from 'express';

/** Smaller than this, compressing costs more than it saves (a header or two of overhead). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** What the server renders per request: pages, API JSON, sitemap and robots. */
const RENDERED_TYPES = /^(text\/html|application\/json|application\/xml|text\/plain)\b/;

/**
 * Brotli or gzip (whichever the browser prefers; brotli at quality 4, fast enough per request) for
 * responses the server renders. Built files are never compressed here: they are precompressed at
 * build (website/static-files.ts), and a response that already carries Content-Encoding is left alone.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    filter: (_req, res) => RENDERED_TYPES.test(String(res.getHeader('Content-Type') ?? '')),
  });
}
