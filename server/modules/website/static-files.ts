import { basename, relative, sep } from 'node:path';
import express from 'express';
import type { RequestHandler } from 'express';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Files whose name stays the same across releases: the browser must check them every time. */
const STABLE_NAMES = new Set(['sw.js', 'index.html', 'manifest.json', 'manifest.webmanifest', 'seo.json']);

/** Vite fingerprints everything under /assets, so those can be cached for good. */
export function staticFiles(webDir: string): RequestHandler {
  return express.static(webDir, {
    index: false,
    redirect: false,
    setHeaders(res, filePath) {
      const path = relative(webDir, filePath).split(sep).join('/');
      if (path.startsWith('assets/')) res.setHeader('Cache-Control', IMMUTABLE);
      else if (STABLE_NAMES.has(basename(path)) || path.endsWith('.webmanifest')) res.setHeader('Cache-Control', REVALIDATE);
    },
  });
}
