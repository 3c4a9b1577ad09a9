import { GITHUB_API_URL } from '../contracts/pic-hub-base';
import { BUILTIN_CDN_ORIGINS } from './cdn';

/**
 * What PicHub adds to the page's Content-Security-Policy, on the website (server/http/security-headers.ts)
 * and in the desktop app (electron/main/security/csp.ts) alike (docs/pic-hub.md "CSP"): the page
 * calls GitHub's API with the user's token and probes the built-in CDNs (connect-src), and shows
 * pictures from whichever CDN template the user picked (img-src https:). Other origins — a GitHub
 * Enterprise API, a user's own CDN to probe by HEAD, the loopback test servers of the e2e tests —
 * come from the setting PICHUB_CONNECT_SRC.
 */
export const PIC_HUB_CONNECT_ORIGINS: readonly string[] = [GITHUB_API_URL, ...BUILTIN_CDN_ORIGINS];

/**
 * PICHUB_CONNECT_SRC: origins separated by white space (`https://ghe.example.com http://127.0.0.1:4600`),
 * a `*.` wildcard allowed for the host as CSP allows it. Paths, queries and bare host names are
 * refused: a value CSP would read differently than its author meant must stop the start, not
 * silently block the page.
 */
export function parseOriginList(text: string | undefined): { origins: string[] } | { error: string } {
  const origins: string[] = [];
  for (const item of (text ?? '').split(/\s+/).filter(Boolean)) {
    const wildcard = /^(https?:\/\/)\*\./i.exec(item);
    const probe = wildcard ? `${wildcard[1]}wildcard.${item.slice(wildcard[0].length)}` : item;
    const url = URL.canParse(probe) ? new URL(probe) : undefined;
    const bare = probe.replace(/\/$/, '');
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin.toLowerCase() !== bare.toLowerCase())
      return { error: `not an http(s) origin: ${item}` };
    origins.push(wildcard ? url.origin.replace('://wildcard.', '://*.') : url.origin);
  }
  return { origins: [...new Set(origins)] };
}
