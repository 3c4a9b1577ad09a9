/** Spec §5: a GitHub hub's folder is kept without leading or trailing slashes ('' is the root). */
export function normalizeHubPath(path: string): string {
  return path.trim().replace(/^\/+|\/+$/g, '');
}
