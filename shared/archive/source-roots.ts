/**
 * 7-Zip adds files and folders from disk, each under its own name. The page knows each source as
 * (absolute path on disk, path inside the archive); this finds the disk paths to hand 7-Zip so the
 * archive gets exactly those inner paths: a file at the top level is itself, a file inside a
 * dropped folder `a/b/c.txt` at `/home/u/a/b/c.txt` means the folder `/home/u/a`. Null when the
 * two do not line up (then the browser engine, which writes any layout, takes over).
 */
export function sourceRoots(sources: readonly { absolute: string; inner: string }[]): string[] | null {
  const roots = new Map<string, string>();
  for (const { absolute, inner } of sources) {
    const slashed = absolute.replace(/\\/g, '/');
    if (!slashed || inner.startsWith('/') || inner.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'))
      return null;
    if (!slashed.endsWith(`/${inner}`)) return null;
    const top = inner.split('/')[0]!;
    // Same length in both spellings: '\' and '/' are one character each.
    const root = absolute.slice(0, slashed.length - inner.length + top.length);
    const seen = roots.get(top);
    if (seen !== undefined && seen !== root) return null;
    roots.set(top, root);
  }
  return roots.size > 0 ? [...roots.values()] : null;
}
