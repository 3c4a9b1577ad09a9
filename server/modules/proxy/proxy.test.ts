import express from 'express';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pinoHttp } from 'pino-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 as webdav } from 'webdav-server';
import type { ApiEnvelope } from '@shared/contracts/api';
import { loadConfig } from '../../config';
import { createAuthGuards, unauthorized } from '../../http/auth';
import { errorHandler } from '../../http/error-handler';
import { createLogger } from '../../logger';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';
import type { ModuleContext } from '../module-context';
import { proxyModule } from './proxy.module';
import { DEFAULT_PROXY_PURPOSES } from './proxy-purposes';
import type { PurposeRules } from './proxy-purposes';
import type { ProxyPurpose } from '@shared/contracts/proxy';

const TOKEN = 'user-7-token';
// 127.0.0.3 stands in for a public host (let through by the test seam); 127.0.0.1 stays refused.
const UPSTREAM_HOST = '127.0.0.3';

function listen(server: Server, host: string): Promise<string> {
  return new Promise((resolve) => server.listen(0, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`)));
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const OPDS_FEED =
  '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>书库</title>' +
  '<entry><title>三体</title><link rel="http://opds-spec.org/acquisition" href="/books/三体.epub" type="application/epub+zip"/></entry></feed>';
const BOOK = Buffer.from('PK\u0003\u0004mimetypeapplication/epub+zip 三体');

/** What the target received last, for the "nothing of the site leaks" checks. */
let lastUpstreamHeaders: IncomingHttpHeaders = {};

const upstreamRoutes: RequestListener = (req, res) => {
  lastUpstreamHeaders = req.headers;
  const path = (req.url ?? '').split('?')[0];
  if (path === '/echo') {
    res.setHeader('Set-Cookie', 'tracker=1');
    res.setHeader('Content-Type', 'text/html');
    res.end('<script>alert(1)</script>');
  } else if (path === '/range') {
    const body = 'abcdefghijklmnopqrstuvwxyz';
    const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (!match) return void res.end(body);
    const [start, end] = [Number(match[1]), Number(match[2])];
    res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${body.length}`, 'Accept-Ranges': 'bytes' });
    res.end(body.slice(start, end + 1));
  } else if (path === '/big-declared') {
    res.writeHead(200, { 'Content-Length': 4096 });
    res.end(Buffer.alloc(4096));
  } else if (path === '/big-chunked') {
    // No Content-Length: the cap can only cut the stream.
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    // 700 does not divide the 1024-byte cap: the chunk that crosses it is split.
    const chunk = Buffer.alloc(700, 1);
    for (let i = 0; i < 6; i += 1) res.write(chunk);
    res.end();
  } else if (path === '/catalog.xml') {
    res.writeHead(200, { 'Content-Type': 'application/atom+xml;profile=opds-catalog;kind=acquisition', ETag: '"feed-1"' });
    res.end(OPDS_FEED);
  } else if (path === '/books/三体.epub' || path === `/books/${encodeURIComponent('三体')}.epub`) {
    res.writeHead(200, { 'Content-Type': 'application/epub+zip', 'Content-Length': BOOK.length, ETag: '"book-1"' });
    res.end(req.method === 'HEAD' ? undefined : BOOK);
  } else if (path === '/books/untyped.mobi') {
    res.end(BOOK);
  } else if (path === '/books/huge.epub') {
    // No Content-Length: the 1 KB cap of the test can only cut the stream.
    res.writeHead(200, { 'Content-Type': 'application/epub+zip' });
    for (let i = 0; i < 4; i += 1) res.write(Buffer.alloc(700, 2));
    res.end();
  } else if (path === '/login-page') {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<form action="/login"><input name="password"></form>');
  } else if (path === '/slow') {
    // Never answers within the timeout.
    setTimeout(() => res.end('late'), 5_000).unref();
  } else if (path === '/to-loopback') {
    res.writeHead(302, { Location: 'http://127.0.0.1:9/secret' });
    res.end();
  } else if (path === '/to-range') {
    res.writeHead(301, { Location: '/range' });
    res.end();
  } else {
    res.statusCode = 404;
    res.end('nope');
  }
};

interface Harness {
  base: string;
  upstream: string;
  close(): Promise<void>;
}

async function startHarness(
  tweak: Partial<Record<ProxyPurpose, Partial<PurposeRules>>> = {},
  resolve?: (host: string) => Promise<{ address: string; family: 4 | 6 }[]>,
): Promise<Harness> {
  const upstreamServer = createServer(upstreamRoutes);
  const upstream = await listen(upstreamServer, UPSTREAM_HOST);
  const loaded = loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const purposes = Object.fromEntries(
    Object.entries(DEFAULT_PROXY_PURPOSES).map(([name, rules]) => [name, { ...rules, ...tweak[name as ProxyPurpose] }]),
  ) as Record<ProxyPurpose, PurposeRules>;
  const logger = createLogger('silent');
  const guards = createAuthGuards(async (token) => {
    if (token !== TOKEN) throw unauthorized('bad token');
    return { userId: 7, sessionId: 's' };
  });
  // Only what the proxy module reads; the database and secret belong to other modules.
  const context = { config: { ...loaded, proxy: { allowPrivate: false, purposes } }, logger, guards } as unknown as ModuleContext;
  const app = express();
  app.use(pinoHttp({ logger }));
  app.use('/api/proxy', proxyModule(context, { exemptAddresses: new Set([UPSTREAM_HOST]), ...(resolve ? { resolve } : {}) }));
  app.use(errorHandler);
  const appServer = createServer(app);
  const base = await listen(appServer, '127.0.0.1');
  return {
    base,
    upstream,
    async close() {
      await close(appServer);
      await close(upstreamServer);
    },
  };
}

const auth = { Authorization: `Bearer ${TOKEN}` };

async function proxied(h: Harness, purpose: string, target: string, init: RequestInit = {}) {
  return fetch(`${h.base}/api/proxy/${purpose}?url=${encodeURIComponent(target)}`, { ...init, headers: { ...auth, ...init.headers } });
}

async function refusal(response: Response) {
  expect(response.headers.get('x-proxy-error')).toBe('1');
  const body = (await response.json()) as ApiEnvelope;
  return { status: response.status, key: body.ext?.messages?.[0]?.key, params: body.ext?.messages?.[0]?.params };
}

describe('outbound proxy', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      m3u8: { maxResponseBytes: 1024, timeoutMs: 300 },
      probe: { perIp: { windowMs: 60_000, limit: 3 } },
      webdav: { maxRequestBytes: 64, timeoutMs: 300 },
    });
  });
  afterAll(() => h.close());

  it.each([
    ['loopback', 'http://127.0.0.1:8080/'],
    ['loopback by another name of 127/8', 'http://127.1/'],
    ['private', 'http://192.168.1.1/'],
    ['link-local metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['CGNAT', 'http://100.64.1.1/'],
    ['unspecified', 'http://0.0.0.0:8080/'],
    ['multicast', 'http://224.0.0.1/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv6 unique-local', 'http://[fd00::1]/'],
  ])('refuses a %s target before connecting', async (_name, target) => {
    expect(await refusal(await proxied(h, 'm3u8', target))).toMatchObject({ status: 400, key: 'proxy.forbiddenAddress' });
  });

  it('refuses anything but http and https, and credentials in the URL', async () => {
    for (const target of ['ftp://example.com/a', 'file:///etc/passwd', 'not a url', `${h.upstream.replace('//', '//u:p@')}/echo`]) {
      expect(await refusal(await proxied(h, 'm3u8', target))).toMatchObject({ status: 400, key: 'proxy.badUrl' });
    }
  });

  it('checks every redirect hop: a redirect to 127.0.0.1 is refused', async () => {
    expect(await refusal(await proxied(h, 'm3u8', `${h.upstream}/to-loopback`))).toMatchObject({
      status: 400,
      key: 'proxy.forbiddenAddress',
    });
  });

  it('follows an allowed redirect and names the final URL', async () => {
    const response = await proxied(h, 'm3u8', `${h.upstream}/to-range`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-proxy-url')).toBe(`${h.upstream}/range`);
    expect(await response.text()).toBe('abcdefghijklmnopqrstuvwxyz');
  });

  it('hands a redirect it did not follow (a call with a body) back as X-Proxy-Location, never as Location', async () => {
    const response = await proxied(h, 'webdav', `${h.upstream}/to-range`, { method: 'PROPFIND', body: '<propfind/>' });
    // With a Location header fetch would have followed it itself, to /range on the API's origin.
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('x-proxy-location')).toBe(`${h.upstream}/range`);
  });

  it('passes Range through and the partial answer back', async () => {
    const response = await proxied(h, 'm3u8', `${h.upstream}/range`, { headers: { Range: 'bytes=2-5' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 2-5/26');
    expect(await response.text()).toBe('cdef');
  });

  it('forwards no cookie, no site token and returns no Set-Cookie; the answer cannot run on our origin', async () => {
    const response = await proxied(h, 'm3u8', `${h.upstream}/echo`, {
      headers: { Cookie: 'session=secret', 'X-Target-Authorization': 'Basic eDp5' },
    });
    expect(response.status).toBe(200);
    expect(lastUpstreamHeaders.cookie).toBeUndefined();
    // m3u8 takes no target credentials, and the site's own bearer token never leaves.
    expect(lastUpstreamHeaders.authorization).toBeUndefined();
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-proxy-error')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(response.headers.get('content-disposition')).toBe('attachment');
  });

  it('cuts a response over the cap with a translated error', async () => {
    expect(await refusal(await proxied(h, 'm3u8', `${h.upstream}/big-declared`))).toMatchObject({
      status: 502,
      key: 'proxy.responseTooLarge',
      params: { megabytes: 1 },
    });
    // Without a declared length the stream is cut at the cap, which the header announces.
    const chunked = await proxied(h, 'm3u8', `${h.upstream}/big-chunked`);
    expect(chunked.headers.get('x-proxy-max-bytes')).toBe('1024');
    // Exactly the cap arrives before the break, so the client can tell "too large" from "broken".
    const reader = chunked.body!.getReader();
    let received = 0;
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += value.length;
        }
      })(),
    ).rejects.toThrow();
    expect(received).toBe(1024);
  });

  it('times a slow upstream out', async () => {
    expect(await refusal(await proxied(h, 'm3u8', `${h.upstream}/slow`))).toMatchObject({
      status: 504,
      key: 'proxy.timeout',
      params: { seconds: 1 },
    });
  });

  // The reader says "cannot connect" and "no answer in time" differently (issue 15): the client maps the keys.
  it('tells a WebDAV server that never answers (504 timeout) from a closed port (502 upstreamFailed)', async () => {
    expect(await refusal(await proxied(h, 'webdav', `${h.upstream}/slow`, { method: 'PROPFIND', headers: { Depth: '1' } }))).toMatchObject({
      status: 504,
      key: 'proxy.timeout',
    });
    const closing = createServer();
    const closedPort = await listen(closing, UPSTREAM_HOST).then((url) => new URL(url).port);
    await close(closing);
    expect(
      await refusal(
        await proxied(h, 'webdav', `http://${UPSTREAM_HOST}:${closedPort}/dav/`, { method: 'PROPFIND', headers: { Depth: '1' } }),
      ),
    ).toMatchObject({ status: 502, key: 'proxy.upstreamFailed' });
  });

  it('refuses a method its purpose does not allow', async () => {
    expect(await refusal(await proxied(h, 'm3u8', `${h.upstream}/echo`, { method: 'POST', body: 'x' }))).toMatchObject({
      status: 405,
      key: 'proxy.methodNotAllowed',
      params: { method: 'POST' },
    });
    expect(await refusal(await proxied(h, 'probe', `${h.upstream}/echo`, { method: 'GET' }))).toMatchObject({
      status: 405,
      key: 'proxy.methodNotAllowed',
    });
  });

  it('asks for a login where the purpose needs one, and lets the CDN probe through anonymously', async () => {
    const anonymous = await fetch(`${h.base}/api/proxy/m3u8?url=${encodeURIComponent(`${h.upstream}/echo`)}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-proxy-error')).toBe('1');
    const probe = await fetch(`${h.base}/api/proxy/probe?url=${encodeURIComponent(`${h.upstream}/range`)}`, { method: 'HEAD' });
    expect(probe.status).toBe(200);
  });

  it('limits requests per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await fetch(`${h.base}/api/proxy/probe?url=${encodeURIComponent(`${h.upstream}/range`)}`, { method: 'HEAD' })).status);
    }
    expect(statuses).toContain(429);
  });

  it('refuses a request body over the purpose’s cap before sending anything', async () => {
    lastUpstreamHeaders = {};
    const response = await proxied(h, 'webdav', `${h.upstream}/echo`, { method: 'PUT', body: 'x'.repeat(65) });
    expect(await refusal(response)).toMatchObject({ status: 413, key: 'proxy.requestTooLarge' });
    expect(lastUpstreamHeaders).toEqual({});
  });

  it('refuses a WebDAV Destination on another host', async () => {
    const response = await proxied(h, 'webdav', `${h.upstream}/a.epub`, {
      method: 'MOVE',
      headers: { Destination: 'http://169.254.169.254/b.epub' },
    });
    expect(await refusal(response)).toMatchObject({ status: 400, key: 'proxy.badDestination' });
  });
});

describe('outbound proxy for cloud lists (purpose book)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ book: { maxResponseBytes: 1024 } });
  });
  afterAll(() => h.close());

  it('fetches a feed and a book, and answers HEAD with the book’s headers only', async () => {
    const feed = await proxied(h, 'book', `${h.upstream}/catalog.xml`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('etag')).toBe('"feed-1"');
    expect(await feed.text()).toBe(OPDS_FEED);
    const book = await proxied(h, 'book', `${h.upstream}/books/${encodeURIComponent('三体')}.epub`);
    expect(book.headers.get('content-type')).toBe('application/epub+zip');
    expect(Buffer.from(await book.arrayBuffer()).equals(BOOK)).toBe(true);
    const head = await proxied(h, 'book', `${h.upstream}/books/${encodeURIComponent('三体')}.epub`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(BOOK.length));
    expect(head.headers.get('etag')).toBe('"book-1"');
    // A file served with no type at all is octet-stream (RFC 9110), which a book server may send.
    expect((await proxied(h, 'book', `${h.upstream}/books/untyped.mobi`)).status).toBe(200);
  });

  it('cuts a book over the cap, announcing the cap', async () => {
    const response = await proxied(h, 'book', `${h.upstream}/books/huge.epub`);
    expect(response.headers.get('x-proxy-max-bytes')).toBe('1024');
    const reader = response.body!.getReader();
    let received = 0;
    await expect(
      (async () => {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          received += value.length;
        }
      })(),
    ).rejects.toThrow();
    expect(received).toBe(1024);
  });

  it('refuses an answer that is neither a book nor a list, naming its type', async () => {
    expect(await refusal(await proxied(h, 'book', `${h.upstream}/login-page`))).toMatchObject({
      status: 502,
      key: 'proxy.responseTypeNotAllowed',
      params: { type: 'text/html' },
    });
    // The other purposes are not limited: the same page passes through m3u8 (as a sandboxed download).
    expect((await proxied(h, 'm3u8', `${h.upstream}/login-page`)).status).toBe(200);
  });

  it('passes a target’s error as its status only, without the target’s page', async () => {
    const missing = await proxied(h, 'book', `${h.upstream}/books/gone.epub`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-proxy-error')).toBeNull();
    expect(await missing.text()).toBe('');
  });

  it('allows GET and HEAD only, and needs a login (an anonymous download relay is an open relay)', async () => {
    expect(await refusal(await proxied(h, 'book', `${h.upstream}/catalog.xml`, { method: 'PUT', body: 'x' }))).toMatchObject({
      status: 405,
      key: 'proxy.methodNotAllowed',
    });
    const anonymous = await fetch(`${h.base}/api/proxy/book?url=${encodeURIComponent(`${h.upstream}/catalog.xml`)}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-proxy-error')).toBe('1');
  });

  it.each(['perIp', 'perUser'] as const)('limits requests %s', async (rule) => {
    const limited = await startHarness({ book: { [rule]: { windowMs: 60_000, limit: 2 } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await proxied(limited, 'book', `${limited.upstream}/catalog.xml`)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('outbound proxy name resolution', () => {
  it('refuses a name that resolves to a private address, and a name with one private record among public ones', async () => {
    const records: Record<string, { address: string; family: 4 | 6 }[]> = {
      'nas.example.com': [{ address: '192.168.1.20', family: 4 }],
      'mixed.example.com': [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ],
    };
    const h = await startHarness({}, async (host) => records[host] ?? []);
    try {
      for (const host of Object.keys(records)) {
        expect(await refusal(await proxied(h, 'm3u8', `http://${host}/index.m3u8`))).toMatchObject({
          status: 400,
          key: 'proxy.forbiddenAddress',
        });
      }
      expect(await refusal(await proxied(h, 'm3u8', 'http://unknown.example.com/'))).toMatchObject({ status: 502, key: 'proxy.dnsFailed' });
    } finally {
      await h.close();
    }
  });

  it('connects to the address it checked, keeping the name as Host', async () => {
    const h = await startHarness({}, async () => [{ address: UPSTREAM_HOST, family: 4 }]);
    try {
      const port = new URL(h.upstream).port;
      const response = await proxied(h, 'm3u8', `http://cdn.example.com:${port}/range`);
      expect(await response.text()).toBe('abcdefghijklmnopqrstuvwxyz');
      expect(lastUpstreamHeaders.host).toBe(`cdn.example.com:${port}`);
    } finally {
      await h.close();
    }
  });
});

describe('outbound proxy against a real WebDAV server (PROXY_ALLOW_PRIVATE=true)', () => {
  let dav: webdav.WebDAVServer;
  let davUrl: string;
  let api: AccountsServer;
  let accessToken: string;

  beforeAll(async () => {
    const users = new webdav.SimpleUserManager();
    const reader = users.addUser('reader', 'shelf-secret', false);
    const privileges = new webdav.SimplePathPrivilegeManager();
    privileges.setRights(reader, '/', ['all']);
    dav = new webdav.WebDAVServer({
      hostname: '127.0.0.1',
      // A free port: start(0) alone means webdav-server's default 1900, which parallel runs would share.
      port: 0,
      httpAuthentication: new webdav.HTTPBasicAuthentication(users, 'books'),
      privilegeManager: privileges,
      requireAuthentification: true,
    });
    const server = await dav.startAsync(0);
    davUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    api = await startAccountsServer({ env: { PROXY_ALLOW_PRIVATE: 'true' } });
    accessToken = (await api.adminLogin()).accessToken;
  });
  afterAll(async () => {
    await api.close();
    await dav.stopAsync();
  });

  const davCall = (path: string, init: RequestInit & { davLogin?: string } = {}) =>
    fetch(`${api.server.baseUrl}/api/proxy/webdav?url=${encodeURIComponent(`${davUrl}${path}`)}`, {
      ...init,
      headers: {
        Authorization: `Bearer ${accessToken}`,
        'X-Target-Authorization': `Basic ${Buffer.from(init.davLogin ?? 'reader:shelf-secret').toString('base64')}`,
        ...init.headers,
      },
    });

  it('creates a folder, uploads, lists and downloads through the proxy with the user’s own credentials', async () => {
    expect((await davCall('/books', { method: 'MKCOL' })).status).toBe(201);
    // A JSON body reaches the target as sent: the API's JSON parser leaves proxied bodies alone.
    const progress = JSON.stringify({ book: 'a', cfi: 'epubcfi(/6/2)' });
    expect(
      (await davCall('/books/progress.json', { method: 'PUT', body: progress, headers: { 'Content-Type': 'application/json' } })).status,
    ).toBe(201);
    const listing = await davCall('/books/', { method: 'PROPFIND', headers: { Depth: '1', 'Content-Type': 'application/xml' } });
    expect(listing.status).toBe(207);
    expect(await listing.text()).toContain('progress.json');
    const download = await davCall('/books/progress.json');
    expect(await download.text()).toBe(progress);
    const part = await davCall('/books/progress.json', { headers: { Range: 'bytes=0-6' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('{"book"');
  });

  it('sends a WebDAV OPTIONS to the target (no CORS preflight), and lets the desktop app preflight the proxy', async () => {
    // From the desktop app, the real OPTIONS (after its preflight) carries an allowed Origin too.
    const options = await davCall('/books/', { method: 'OPTIONS', headers: { Origin: 'app://baibao' } });
    expect(options.status).toBe(200);
    expect(options.headers.get('dav')).toBeTruthy();
    const preflight = await fetch(`${api.server.baseUrl}/api/proxy/webdav?url=x`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'app://baibao',
        'Access-Control-Request-Method': 'PROPFIND',
        'Access-Control-Request-Headers': 'authorization,depth,x-target-authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PROPFIND');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-target-authorization');
  });

  it('lists and downloads a Chinese file name (percent-encoded both ways) through the proxy', async () => {
    const book = Buffer.from('三体 — 第一部 '.repeat(1000));
    const path = `/books/${encodeURIComponent('三体 第一部.epub')}`;
    expect((await davCall(path, { method: 'PUT', body: book })).status).toBe(201);
    const listing = await davCall('/books/', { method: 'PROPFIND', headers: { Depth: '1' } });
    expect(listing.status).toBe(207);
    expect(await listing.text()).toContain(path);
    const download = await davCall(path);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(book)).toBe(true);
  });

  it('passes the target’s own refusal back, unmarked as a proxy error', async () => {
    const wrong = await davCall('/books/', { method: 'PROPFIND', headers: { Depth: '1' }, davLogin: 'reader:wrong' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('x-proxy-error')).toBeNull();
  });

  it('lets a logged-in user fetch a cloud list and its book through `book`, and nobody else', async () => {
    const books = createServer(upstreamRoutes);
    const origin = await listen(books, '127.0.0.1');
    try {
      const bookCall = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${api.server.baseUrl}/api/proxy/book?url=${encodeURIComponent(`${origin}${path}`)}`, { headers });
      const feed = await bookCall('/catalog.xml', { Authorization: `Bearer ${accessToken}` });
      expect(await feed.text()).toBe(OPDS_FEED);
      const book = await bookCall(`/books/${encodeURIComponent('三体')}.epub`, { Authorization: `Bearer ${accessToken}` });
      expect(Buffer.from(await book.arrayBuffer()).equals(BOOK)).toBe(true);
      expect((await bookCall('/catalog.xml')).status).toBe(401);
      expect((await bookCall('/catalog.xml', { Authorization: 'Bearer forged' })).status).toBe(401);
    } finally {
      await close(books);
    }
  });

  it('stays closed to loopback without PROXY_ALLOW_PRIVATE', async () => {
    const closed = await startAccountsServer();
    try {
      const token = (await closed.adminLogin()).accessToken;
      const response = await fetch(`${closed.server.baseUrl}/api/proxy/webdav?url=${encodeURIComponent(`${davUrl}/books/`)}`, {
        method: 'PROPFIND',
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(await refusal(response)).toMatchObject({ status: 400, key: 'proxy.forbiddenAddress' });
    } finally {
      await closed.close();
    }
  });
});
