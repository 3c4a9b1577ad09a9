/**
 * Spec §2's untitled internal routes that belong to no tool, for development only: pages that are
 * never in a menu or the sitemap and tell robots `noindex` (seo-routes.ts), and one redirect.
 * /test shows the shared components, /test/test2 sets off what the page furniture reacts to.
 */
export const DEV_PAGES = ['/test', '/test/test2'] as const;

/** /my/admin is the back office's old address: the app and the server (301) send it to /admin. */
export const DEV_REDIRECTS = [{ from: '/my/admin', to: '/admin' }] as const;
