import type { RouteHandle } from '@/app/route-handle';

/**
 * Whether a page shows no ads (spec §1, §4): `debug` in its address, or a route whose meta hides
 * them. Ads run on the home page and on tool pages only; a tool hides them with `hideAds` in its
 * `tool.ts` (full-screen tools, the reader, the remote terminal: docs/decisions.md), and the account,
 * admin, login and error pages never carry them. The third-party ad script follows the same rule.
 */
export function adsHidden(handle: RouteHandle | undefined, search: string): boolean {
  if (new URLSearchParams(search).has('debug')) return true;
  if (handle?.kind === 'home') return false;
  if (handle?.kind === 'tool') return handle.tool.meta.hideAds;
  return true;
}
