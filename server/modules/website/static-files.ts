import { stat } from 'node:fs/promises';
import { basename, extname, join, relative, resolve, sep } from 'node:path';
import express from 'express';
import type { Request, RequestHandler } from 'express';
import Negotiator from 'negotiator';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Files whose name stays the same across releases: the browser must check them every time. */
const STABLE_NAMES = new Set(['sw.js', 'index.html', 'manifest.json', 'manifest.webmanifest', 'seo.json']);

/**
 * The siblings `npm run build:web` writes next to each compressible asset (vite-plugin-compression2
 * in vite.config.ts), best first: brotli is 15–20 % smaller than gzip on our chunks.
 */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** negotiator 1.x takes a server preference for ties; its published types predate that option. */
type EncodingNegotiator = { encodings(available: readonly string[], options: { preferred: readonly string[] }): string[] };

/** Highest q-value wins; among equals (browsers send `gzip, deflate, br, zstd`, all q=1) brotli does. */
function chooseEncoding(req: Request, available: readonly string[]): string | undefined {
  const negotiator = new Negotiator(req) as unknown as EncodingNegotiator;
  return negotiator.encodings([...available, 'identity'], { preferred: available })[0];
}

function cacheControl(path: string): string | undefined {
  if (path.startsWith('assets/')) return IMMUTABLE;
  if (STABLE_NAMES.has(basename(path)) || path.endsWith('.webmanifest')) return REVALIDATE;
  return undefined;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a GET/HEAD asks for, inside the root; undefined for anything else (express.static answers those). */
function requestedFile(root: string, req: Request): string | undefined {
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  let path: string;
  try {
    path = decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
  const file = join(root, path);
  return file.startsWith(root + sep) && extname(file) !== '' ? file : undefined;
}

/**
 * Serves the built website. A request for a file that has precompressed siblings gets the best one
 * the browser accepts (`Content-Encoding`, the original's type, `Vary: Accept-Encoding` either way),
 * so nothing is compressed per request and a rebuild while the server runs is picked up at once.
 * Vite fingerprints everything under /assets, so those are cached for good.
 */
export function staticFiles(webDir: string): RequestHandler {
  const root = resolve(webDir);
  const serve = express.static(webDir, {
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      const path = relative(root, filePath).split(sep).join('/');
      // A sibling is cached like the file it stands for.
      const sibling = PRECOMPRESSED.find(({ encoding }) => res.getHeader('Content-Encoding') === encoding);
      const cache = cacheControl(sibling && path.endsWith(sibling.suffix) ? path.slice(0, -sibling.suffix.length) : path);
      if (cache) res.setHeader('Cache-Control', cache);
    },
  });

  return async (req, res, next) => {
    const file = requestedFile(root, req);
    if (!file) return serve(req, res, next);
    const available = await Promise.all(
      PRECOMPRESSED.map(async (variant) => ((await isFile(file + variant.suffix)) ? variant : undefined)),
    );
    const variants = available.filter((variant) => variant !== undefined);
    if (variants.length === 0) return serve(req, res, next);

    res.vary('Accept-Encoding');
    const chosen = chooseEncoding(
      req,
      variants.map((variant) => variant.encoding),
    );
    const variant = variants.find((candidate) => candidate.encoding === chosen);
    if (!variant) return serve(req, res, next);

    // The sibling is sent under the original's type; send() keeps a Content-Type already set.
    res.type(extname(file));
    res.setHeader('Content-Encoding', variant.encoding);
    const originalUrl = req.url;
    const queryStart = originalUrl.indexOf('?');
    req.url =
      queryStart === -1 ? originalUrl + variant.suffix : originalUrl.slice(0, queryStart) + variant.suffix + originalUrl.slice(queryStart);
    serve(req, res, (error?: unknown) => {
      req.url = originalUrl;
      res.removeHeader('Content-Encoding');
      next(error);
    });
  };
}
