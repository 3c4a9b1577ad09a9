import helmet from 'helmet';

/**
 * CSP for the SPA: hash-wasm compiles WebAssembly ('wasm-unsafe-eval'), workers may come from
 * blob: URLs, previews use data:/blob: images, and antd injects its css-in-js styles inline.
 * upgrade-insecure-requests is off because self-hosted instances often run on plain http in a LAN.
 * The e-book reader (foliate-js) shows each chapter in a blob: iframe whose pages inherit this
 * policy, with the book's own style sheets, fonts and media as blob: URLs; its scripts stay blocked.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'", 'blob:'],
        fontSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
}
