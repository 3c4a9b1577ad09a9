import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import { PIC_HUB_CONNECT_ORIGINS } from '@shared/pic-hub/csp';
import type { ThirdPartyServices } from '@shared/contracts/third-party';
import { thirdPartyCspOrigins } from '../third-party-config';

/**
 * CSP for the SPA: hash-wasm compiles WebAssembly ('wasm-unsafe-eval'), workers may come from
 * blob: URLs, previews use data:/blob: images, and antd injects its css-in-js styles inline.
 * upgrade-insecure-requests is off because self-hosted instances often run on plain http in a LAN.
 * The e-book reader (foliate-js) shows each chapter in a blob: iframe whose pages inherit this
 * policy, with the book's own style sheets, fonts and media as blob: URLs; its scripts stay blocked.
 *
 * PicHub (/pic/hub) calls GitHub's API from the page with the user's token and probes the built-in
 * CDNs, and shows pictures from any CDN template, hence those connect-src origins and img-src
 * https:. The SPA is one document for every route, so this cannot be scoped to that page.
 * `extraOrigins` (PICHUB_CONNECT_SRC: GitHub Enterprise, a user CDN, the e2e test servers) join
 * both lists.
 *
 * The remote-device tunnel's page (/terminal) runs the expressions a connected device sends once
 * its user accepted (docs/decisions.md "Remote-device tunnel"), which needs eval; only a document
 * loaded at that address gets 'unsafe-eval', and the page reloads itself there before it opens a
 * tunnel when it was reached by in-app navigation.
 *
 * The configured third-party services (AD_SCRIPT_URL, STATS_SCRIPT_URL, ERROR_REPORTING_DSN) add
 * exactly their own origins; with none configured the policy names no other host for scripts.
 */
/** /terminal in either language (the English page is /en/terminal). */
export const TERMINAL_DOCUMENT = /^(?:\/en)?\/terminal\/?$/;
const evalFor = (req: IncomingMessage) => (TERMINAL_DOCUMENT.test(new URL(req.url ?? '/', 'http://x').pathname) ? "'unsafe-eval'" : '');

export function securityHeaders(extraOrigins: readonly string[] = [], thirdParty: ThirdPartyServices = {}) {
  const services = thirdPartyCspOrigins(thirdParty);
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", evalFor, ...services.script],
        workerSrc: ["'self'", 'blob:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...extraOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", 'blob:'],
        fontSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", ...PIC_HUB_CONNECT_ORIGINS, ...extraOrigins, ...services.connect],
        upgradeInsecureRequests: null,
      },
    },
    // helmet's same-origin would cut the external tools' windows off from the page that opened them,
    // and their handshake (a postMessage and its ack, docs/decisions.md#external-tools-issue-18) with it;
    // this still keeps a page that opens ours from reaching into it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
