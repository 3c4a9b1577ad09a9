/**
 * The desktop page's Content-Security-Policy. `'self'` is app://baibao; the only other origin the
 * page may talk to, and take images (avatars) from, is the API. `'wasm-unsafe-eval'` lets hash-wasm and other WebAssembly tools
 * compile without allowing `eval`; workers may come from blob: URLs because bundled workers are
 * sometimes started that way; inline styles are needed by antd's CSS-in-JS.
 */
export function contentSecurityPolicy(apiOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "worker-src 'self' blob:",
    `connect-src 'self' ${apiOrigin}`,
    // Avatars are served by the API.
    `img-src 'self' data: blob: ${apiOrigin}`,
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
