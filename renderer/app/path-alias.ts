/**
 * Where an internal alias (a tool's `pathAliases`, spec §2's `/md`) sends the visitor: the tool's
 * path under the same language prefix, keeping the query and hash. The alias matched the end of
 * the path, whatever its case, so only its length is cut off.
 */
export function aliasTarget(location: { pathname: string; search: string; hash: string }, alias: string, to: string): string {
  const pathname = location.pathname.replace(/\/+$/, '');
  const prefix = pathname.slice(0, pathname.length - alias.length);
  return `${prefix}${to}${location.search}${location.hash}`;
}
