import helmet from 'helmet';

/**
 * CSP for the SPA: hash-wasm compiles WebAssembly ('wasm-unsafe-eval'), workers may come from
 * blob: URLs, previews use data:/blob: images, and antd injects its css-in-js styles inline.
 * upgrade-insecure-requests is off because self-hosted instances often run on plain http in a LAN.
 */
export function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
}
