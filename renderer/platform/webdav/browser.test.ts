import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 as webdav } from 'webdav-server';
import { PROXY_HEADERS } from '@shared/contracts/proxy';
import { WebdavError } from '@shared/contracts/webdav';
import type { SecretStore } from '@shared/contracts/secrets';
import type { WebdavCapability, WebdavConnection } from '@shared/contracts/webdav';
import { createProxyClient } from '@/http/proxy';
import { createBrowserWebdav } from './browser';

// The website's WebDAV end to end under Node: this client → the real API server (its own process,
// PROXY_ALLOW_PRIVATE=true for this test only) → a real WebDAV server on loopback.

// Chosen so the Basic credentials' base64 holds no '+' or '/': webdav-server 2.6's header regex
// ([a-zA-Z0-9]+=*) refuses those characters (the desktop tests log in with '读者' on rclone).
const USER = '书虫';
const PASSWORD = '书架-密码';
const BOOK = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
const noPasswords: SecretStore = {
  durable: () => Promise.resolve(false),
  get: () => Promise.resolve(undefined),
  save: () => Promise.resolve(),
  delete: () => Promise.resolve(),
};

async function startApi(dataDir: string): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/testing/live-instance.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ADMIN_PASSWORD: 'admin-secret-pw',
      JWT_SECRET: 'test-secret-of-at-least-32-characters!!',
      PROXY_ALLOW_PRIVATE: 'true',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  for await (const line of createInterface({ input: child.stdout! })) {
    if (line.includes('"live-ready"')) {
      child.stdout!.resume();
      return { baseUrl: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`, child };
    }
  }
  throw new Error(`the API server ended before it listened (exit code ${child.exitCode})`);
}

const listenOn = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof WebdavError ? error.code : `not a WebdavError: ${String(error)}`),
  );

describe('website WebDAV through the real proxy', () => {
  let dir: string;
  let api: { baseUrl: string; child: ChildProcess };
  let dav: webdav.WebDAVServer;
  let davUrl: string;
  let capability: WebdavCapability;
  let anonymous: WebdavCapability;
  let silent: Server;
  const sockets = new Set<Socket>();
  let silentUrl: string;
  let closedUrl: string;
  let plainUrl: string;
  let plain: ReturnType<typeof express.application.listen>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'webdav-browser-'));
    const root = join(dir, 'root');
    await mkdir(join(root, '书架'), { recursive: true });
    await writeFile(join(root, '三体 第一部.epub'), BOOK);
    await writeFile(join(root, '书架', 'a.txt'), 'a');

    const users = new webdav.SimpleUserManager();
    const reader = users.addUser(USER, PASSWORD, false);
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
    await dav.setFileSystemAsync('/dav', new webdav.PhysicalFileSystem(root));
    const davServer = await dav.startAsync(0);
    davUrl = `http://127.0.0.1:${(davServer.address() as AddressInfo).port}/dav/`;

    // Accepts and never answers: the proxy's silence limit.
    silent = createServer((socket) => sockets.add(socket));
    silentUrl = `http://127.0.0.1:${await listenOn(silent)}/dav/`;
    // A port that was open a moment ago and is closed now: nothing listens there.
    const closing = createServer();
    const closedPort = await listenOn(closing);
    await new Promise((resolve) => closing.close(resolve));
    closedUrl = `http://127.0.0.1:${closedPort}/dav/`;
    // A plain web server: PROPFIND answered with a page (200) or a 405.
    const site = express();
    site.all('/page/', (_req, res) => res.type('html').send('<!doctype html><title>NAS login</title>'));
    site.all('/strict/', (_req, res) => res.status(405).send('Method Not Allowed'));
    // A server that moved its folder: the proxy hands a PROPFIND's redirect back, the client follows it.
    const listing = readFileSync(new URL('../../../shared/books/fixtures/webdav/nginx-depth1.xml', import.meta.url), 'utf8');
    site.all('/old/', (_req, res) => res.redirect(301, '/dav/'));
    site.all('/dav/', (req, res) =>
      res
        .status(req.method === 'PROPFIND' ? 207 : 405)
        .type('application/xml')
        .send(listing),
    );
    plain = site.listen(0, '127.0.0.1');
    await once(plain, 'listening');
    plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;

    api = await startApi(dir);
    const login = await fetch(`${api.baseUrl}/api/users/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: 'admin-secret-pw' }),
    });
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
    const client = (token?: string) => createProxyClient({ baseURL: api.baseUrl, getAccessToken: () => token, language: () => 'en' });
    capability = createBrowserWebdav(client(accessToken), noPasswords);
    anonymous = createBrowserWebdav(client(undefined), noPasswords);
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    silent?.close();
    plain?.close();
    await dav?.stopAsync();
    if (api) {
      api.child.kill('SIGTERM');
      await once(api.child, 'exit');
    }
    await rm(dir, { recursive: true, force: true });
  });

  const connection = (overrides: Partial<WebdavConnection> = {}): WebdavConnection => ({
    serverURL: davUrl,
    authType: 'basic',
    username: USER,
    password: PASSWORD,
    ...overrides,
  });

  it('checks, lists (Chinese names, folders first) and downloads the exact bytes with progress, logging in as a UTF-8 user', async () => {
    await capability.check(connection());
    const items = await capability.list(connection(), '');
    expect(items.map(({ path, kind }) => ({ path, kind }))).toEqual([
      { path: '/dav/书架', kind: 'folder' },
      { path: '/dav/三体 第一部.epub', kind: 'file' },
    ]);
    expect(items[1]).toMatchObject({ size: BOOK.length, etag: expect.any(String) as string });
    expect((await capability.list(connection(), '/dav/书架')).map((item) => item.name)).toEqual(['a.txt']);

    const progress: [number, number | undefined][] = [];
    const blob = await capability.download(connection(), items[1]!.path, { onProgress: (loaded, total) => progress.push([loaded, total]) });
    expect(Buffer.from(await blob.arrayBuffer()).equals(BOOK)).toBe(true);
    expect(progress.at(-1)).toEqual([BOOK.length, BOOK.length]);
  });

  it('tells a wrong password, a missing file, a server that is not WebDAV and a missing login apart', async () => {
    expect(await codeOf(capability.list(connection({ password: 'wrong' }), ''))).toBe('unauthorized');
    expect(await codeOf(capability.list(connection({ authType: 'none' }), ''))).toBe('unauthorized');
    expect(await codeOf(capability.download(connection(), '/dav/gone.epub'))).toBe('notFound');
    expect(await codeOf(capability.check(connection({ serverURL: `${plainUrl}/page/` })))).toBe('notWebdav');
    expect(await codeOf(capability.check(connection({ serverURL: `${plainUrl}/strict/` })))).toBe('notWebdav');
    expect(await codeOf(anonymous.list(connection(), ''))).toBe('loginRequired');
  });

  it('follows a redirect that the proxy hands back for a PROPFIND', async () => {
    const items = await capability.list(connection({ serverURL: `${plainUrl}/old/` }), '');
    expect(items.map((item) => item.path)).toEqual(['/dav/书架', '/dav/三体.epub', '/dav/Moby Dick.epub']);
  });

  it('says unreachable for a closed port', async () => {
    expect(await codeOf(capability.check(connection({ serverURL: closedUrl })))).toBe('unreachable');
  });

  it('cancels a listing that is waiting for a silent server', async () => {
    const controller = new AbortController();
    const pending = codeOf(capability.list(connection({ serverURL: silentUrl }), '', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 300);
    expect(await pending).toBe('cancelled');
  });
});

// The real proxy's silence limit is 60 s (proven to answer 504 proxy.timeout in
// server/modules/proxy/proxy.test.ts); here a stand-in gives that same answer at once.
describe('website WebDAV: the proxy’s timeout', () => {
  it('is told apart from unreachable', async () => {
    const app = express();
    app.all('/api/proxy/webdav', (_req, res) => {
      res.setHeader(PROXY_HEADERS.error, '1');
      res.status(504).json({ code: 40000, msg: '…', data: null, ext: { messages: [{ key: 'proxy.timeout', params: { seconds: 60 } }] } });
    });
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const proxy = createProxyClient({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, language: () => 'cn' });
      const capability = createBrowserWebdav(proxy, noPasswords);
      const call = capability.list({ serverURL: 'https://dav.example.com/', authType: 'none', username: '', password: '' }, '');
      expect(await codeOf(call)).toBe('timeout');
    } finally {
      server.close();
    }
  });
});
