import { extname } from 'node:path';
import { Router } from 'express';
import type { Request, Response } from 'express';
import type { Config } from '../../config';
import { resolveLocalePath } from './locale-path';
import { renderPage } from './render-page';
import { siteOrigin } from './site-origin';
import { buildRobotsTxt, buildSitemap } from './sitemap';
import { staticFiles } from './static-files';
import { createWebBundleLoader } from './web-bundle';

const NOT_BUILT_HINT = 'The website is not built yet: run `npm run build:web` (the API works without it).\n';

function sendNotBuilt(res: Response): void {
  res.status(503).type('text/plain').send(NOT_BUILT_HINT);
}

function rawSearch(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? '' : url.slice(queryStart);
}

/** Browser navigations: GET/HEAD for an extension-less path that accepts HTML (asset misses stay 404). */
function isPageRequest(req: Request): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !req.path.startsWith('/api/') &&
    extname(req.path) === '' &&
    req.accepts('html') === 'html'
  );
}

export function websiteRouter(config: Pick<Config, 'webDir' | 'siteUrl' | 'allowedHosts'>): Router {
  const loadBundle = createWebBundleLoader(config.webDir);
  const router = Router();

  router.get('/robots.txt', (req, res) => {
    res.type('text/plain').send(buildRobotsTxt(siteOrigin(req, config)));
  });

  router.get('/sitemap.xml', async (req, res) => {
    const bundle = await loadBundle();
    if (!bundle) return sendNotBuilt(res);
    // A sitemap must list absolute URLs; without a trusted origin there is none (docs/decisions.md).
    const origin = siteOrigin(req, config);
    if (!origin) return res.status(404).type('text/plain').send('No sitemap: set SITE_URL (or ALLOWED_HOSTS) to publish one.\n');
    res.type('application/xml').send(buildSitemap(bundle.manifest.routes, origin));
  });

  router.use(staticFiles(config.webDir));

  router.use(async (req, res, next) => {
    if (!isPageRequest(req)) return next();
    const resolved = resolveLocalePath(req.path, rawSearch(req.originalUrl));
    if (resolved.kind === 'redirect') return res.redirect(301, resolved.location);

    const bundle = await loadBundle();
    if (!bundle) return sendNotBuilt(res);
    const alias = bundle.manifest.redirects?.find((candidate) => candidate.from.toLowerCase() === resolved.path.toLowerCase());
    if (alias) return res.redirect(301, `${resolved.language === 'en' ? '/en' : ''}${alias.to}${rawSearch(req.originalUrl)}`);
    const route = bundle.manifest.routes.find((candidate) => candidate.path === resolved.path);
    const html = renderPage(bundle.template, bundle.manifest, {
      language: resolved.language,
      route,
      origin: siteOrigin(req, config) ?? '',
    });
    res
      .status(route ? 200 : 404)
      .setHeader('Cache-Control', 'no-cache')
      .type('html')
      .send(html);
  });

  return router;
}
