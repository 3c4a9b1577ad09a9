import { statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { isAppUrl } from './app-url';

/**
 * Maps an app:// request to a file under `rendererRoot`, or `undefined` for a 404.
 * Existing files are served as they are; extension-less paths that match no file fall back to
 * index.html so deep links (app://baibao/en/file/hasher) and reloads reach the router. A missing
 * asset stays a 404 instead of silently becoming HTML, and nothing outside the root is reachable.
 */
export function resolveAppRequest(rendererRoot: string, requestUrl: string): string | undefined {
  if (!isAppUrl(requestUrl)) return undefined;
  const root = resolve(rendererRoot);
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(requestUrl).pathname);
  } catch {
    return undefined;
  }
  const candidate = resolve(join(root, pathname));
  const inside = relative(root, candidate);
  if (inside.startsWith('..') || inside.split(sep).includes('..')) return undefined;

  if (isFile(candidate)) return candidate;
  if (pathname.startsWith('/api/') || extname(pathname) !== '') return undefined;
  return join(root, 'index.html');
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
