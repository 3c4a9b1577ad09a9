import { PIC_HUB_CONNECT_ORIGINS } from '@shared/pic-hub/csp';

/**
 * The desktop page's Content-Security-Policy. `'self'` is app://baibao; the page talks to the API
 * and takes images (avatars) from it. `'wasm-unsafe-eval'` lets hash-wasm and other WebAssembly tools
 * compile without allowing `eval`; workers may come from blob: URLs because bundled workers are
 * sometimes started that way; inline styles are needed by antd's CSS-in-JS.
 * PicHub calls GitHub's API from the page with the user's token, probes the built-in CDNs and shows
 * pictures from any https CDN, as on the website (shared/pic-hub/csp.ts); `picHubOrigins` adds a
 * GitHub Enterprise API or a user's own CDN.
 */
export function contentSecurityPolicy(apiOrigin: string, picHubOrigins: readonly string[] = []): string {
  const extra = picHubOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    // The API's ws(s): origin is its live-message endpoint (/api/live): https: does not cover wss:.
    `connect-src 'self' ${apiOrigin} ${apiOrigin.replace(/^http/, 'ws')} ${PIC_HUB_CONNECT_ORIGINS.join(' ')}${extra}`,
    // Avatars are served by the API; PicHub's pictures by any CDN.
    `img-src 'self' data: blob: ${apiOrigin} https:${extra}`,
    "media-src 'self' data: blob:",
    // The e-book reader's chapters are blob: iframes with the book's style sheets and fonts as blob: URLs.
    "frame-src 'self' blob:",
    "font-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
