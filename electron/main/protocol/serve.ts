import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { APP_SCHEME } from './app-url';
import { resolveAppRequest } from './resolve';

/** Must run before `app.ready`: privileges are fixed when the scheme is registered. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true, stream: true } },
  ]);
}

/** Serves the built renderer from disk (or the asar archive) with the CSP on every response. */
export function serveRenderer(rendererRoot: string, contentSecurityPolicy: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppRequest(rendererRoot, request.url);
    if (!file) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('content-security-policy', contentSecurityPolicy);
    headers.set('x-content-type-options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}
