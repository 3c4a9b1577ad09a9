import { test as base, expect } from '@playwright/test';
import type { BrowserContext, Page, Request, WebSocket } from '@playwright/test';

/**
 * "Your files never leave your device", tested: every local tool's e2e imports `test` from here, and
 * a test fails when its page sent anything that could carry file content to any host — a request
 * body over MAX_BODY_BYTES or any multipart body, also from workers and service workers, and any
 * large WebSocket frame. The API's own JSON (login, settings, page views) stays far below it.
 */
export const MAX_BODY_BYTES = 4 * 1024;

/**
 * A destination a tool whose purpose is uploading (PicHub) may send file content to: the user's own
 * chosen server, say. Narrow on purpose — one origin, one path prefix, optionally one method — so
 * a picture sent anywhere else (our API, another host, another repository) still fails the test.
 */
export interface PrivacyAllowance {
  /** Why this destination may receive file content; shown when the rule is malformed. */
  why: string;
  /** The exact origin, or a function that answers it once the test's own server has started. */
  origin: string | (() => string);
  /** The request's path: exactly this, or anything under it when it ends with '/' (default: any path). */
  path?: string;
  method?: string;
}

function allows(allowance: PrivacyAllowance, request: Request): boolean {
  const origin = typeof allowance.origin === 'function' ? allowance.origin() : allowance.origin;
  if (!/^https?:\/\/[^/]+$/.test(origin)) throw new Error(`privacy allowance "${allowance.why}": ${origin} is not an origin`);
  const url = new URL(request.url());
  if (url.origin !== origin) return false;
  if (allowance.method && request.method() !== allowance.method.toUpperCase()) return false;
  const path = allowance.path ?? '/';
  return path.endsWith('/') ? url.pathname.startsWith(path) : url.pathname === path;
}

/** Methods whose requests carry no body: fetch refuses one, and beacons are POSTs. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function leakOf(request: Request, allowed: readonly PrivacyAllowance[]): Promise<string | undefined> {
  if (BODILESS.has(request.method()) || allowed.some((allowance) => allows(allowance, request))) return undefined;
  // The headers the network stack sent: a Blob or File body (fetch(url, { body: file })) is not shown
  // to the inspector, but its Content-Length is. A pass-through route would show the body too, at the
  // price of the HTTP cache: Playwright turns it off while requests are intercepted, and every page
  // load then fetched the site's ~115 files again (measured: a second visit 0.35 s → 1 s).
  const headers = await request.allHeaders().catch(() => request.headers());
  const type = headers['content-type'] ?? '';
  const size = Math.max(request.postDataBuffer()?.length ?? 0, Number(headers['content-length']) || 0);
  const label = `${request.method()} ${request.url()}`;
  if (/multipart\//i.test(type)) return `${label}: a multipart body (${size} bytes)`;
  // A streamed body has no length to judge; none of our pages sends one.
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) return `${label}: a streamed body`;
  if (size > MAX_BODY_BYTES) return `${label}: a ${size}-byte body`;
  return undefined;
}

/** Starts watching a context; the returned function stops and lists what may have carried file content. */
export async function watchPrivacy(context: BrowserContext, allowed: readonly PrivacyAllowance[] = []): Promise<() => Promise<string[]>> {
  const checks: Promise<string | undefined>[] = [];
  const frames: string[] = [];
  const onRequest = (request: Request) => void checks.push(leakOf(request, allowed));
  const onSocket = (socket: WebSocket) =>
    socket.on('framesent', ({ payload }) => {
      if (payload.length > MAX_BODY_BYTES) frames.push(`WebSocket ${socket.url()}: a ${payload.length}-byte frame`);
    });
  const watchPage = (page: Page) => page.on('websocket', onSocket);
  context.on('request', onRequest);
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  return async () => {
    context.off('request', onRequest);
    context.off('page', watchPage);
    return [...(await Promise.all(checks)).filter((leak) => leak !== undefined), ...frames];
  };
}

export const test = base.extend<{ privacyGuard: void; privacyChecked: boolean; privacyAllowed: PrivacyAllowance[] }>({
  /** Only the fixture's own test turns it off, to look at what it found instead of failing. */
  privacyChecked: [true, { option: true }],
  /** Empty for every local tool; an uploading tool's spec names its destinations (see PrivacyAllowance). */
  privacyAllowed: [[], { option: true }],
  privacyGuard: [
    async ({ context, privacyChecked, privacyAllowed }, use) => {
      const stop = privacyChecked ? await watchPrivacy(context, privacyAllowed) : undefined;
      await use();
      if (stop) expect(await stop(), 'the page sent what may be file content').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
