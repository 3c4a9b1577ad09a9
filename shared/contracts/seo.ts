import { z } from 'zod';

/**
 * `dist/web/seo.json`: written by scripts/build-seo.ts from the tool registry and locales, read by
 * the server to put per-route titles into the HTML it returns and to list routes in the sitemap.
 * The server never trusts the file blindly: it parses it with this schema when loading it.
 */
export const SEO_MANIFEST_FILE = 'seo.json';

const seoTextsSchema = z.object({
  /** Empty for spec §2's untitled internal routes (headed with the site's title). */
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
});

const siteTextsSchema = z.object({
  title: z.string().min(1),
  subTitle: z.string(),
});

const routePathSchema = z.string().regex(/^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/, 'must look like /a/b without trailing slash');

export const seoRouteSchema = z.object({
  /** Path without language prefix; '/' is home. */
  path: routePathSchema,
  requireAuth: z.boolean(),
  requireAdmin: z.boolean(),
  /** Served as a page but kept out of search engines and the sitemap (the login page). */
  noindex: z.boolean().default(false),
  cn: seoTextsSchema,
  en: seoTextsSchema,
});

export const seoManifestSchema = z.object({
  site: z.object({ cn: siteTextsSchema, en: siteTextsSchema }),
  routes: z.array(seoRouteSchema),
  /** Internal aliases (spec §2: `/md` opens /md/editor), answered with a redirect in the same language. */
  redirects: z.array(z.object({ from: routePathSchema, to: routePathSchema })).optional(),
});

export type SeoTexts = z.infer<typeof seoTextsSchema>;
export type SeoRoute = z.infer<typeof seoRouteSchema>;
export type SeoManifest = z.infer<typeof seoManifestSchema>;
export type SeoLanguage = keyof SeoManifest['site'];
