/**
 * The renderer is served from app://baibao/ rather than file://. A standard, secure custom scheme
 * gives the page a real origin (so absolute asset paths like /assets/x.js resolve, history routing
 * works on reload, `'self'` in the CSP means our files only, and storage is scoped to us), while
 * file:// would give every local file the same opaque origin.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'baibao';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** True for URLs of our own pages. Compares scheme and host because Node reports 'null' as the origin of custom schemes. */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}
