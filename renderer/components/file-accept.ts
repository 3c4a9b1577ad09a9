/**
 * Spec §5 file-type filter: a comma list of extensions (`.png`), MIME types (`image/png`) or
 * wildcard types (`image/*`), as in `<input accept>`. Pure, so it can be tested without a DOM.
 */
export function parseAccept(accept: string | undefined): string[] {
  return (accept ?? '')
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token.length > 0);
}

/** Whether a file passes the filter. No filter (or `*`, `*\/*`) accepts everything. */
export function matchesAccept(file: { readonly name: string; readonly type: string }, accept: string | undefined): boolean {
  const tokens = parseAccept(accept);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) => {
    if (token === '*' || token === '*/*') return true;
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    if (token.includes('/')) return type === token;
    // A bare `png` is taken as the extension people meant.
    return name.endsWith(token.startsWith('.') ? token : `.${token}`);
  });
}

/** Splits files into those the filter accepts and those it rejects. */
export function filterAccepted<F extends { readonly name: string; readonly type: string }>(
  files: readonly F[],
  accept: string | undefined,
): { accepted: F[]; rejected: F[] } {
  const accepted: F[] = [];
  const rejected: F[] = [];
  for (const file of files) (matchesAccept(file, accept) ? accepted : rejected).push(file);
  return { accepted, rejected };
}
