/** Spec §5: a GitHub hub's folder is kept without leading or trailing slashes ('' is the root). */
export function normalizeHubPath(path: string): string {
  return path.trim().replace(/^\/+|\/+$/g, '');
}

/** The file's path in the repository: the hub's folder, then the (possibly nested) renamed file. */
export function joinHubPath(hubPath: string, name: string): string {
  const folder = normalizeHubPath(hubPath);
  const file = normalizeHubPath(name);
  return folder ? `${folder}/${file}` : file;
}
