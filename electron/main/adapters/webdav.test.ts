import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebdavError } from '@shared/contracts/webdav';
import type { WebdavConnection } from '@shared/contracts/webdav';
import { freePort, nginxMissing, rcloneMissing, startNginx, startRclone } from '../../testing/webdav-servers';
import type { RunningServer } from '../../testing/webdav-servers';
import { createWebdavClient, DEFAULT_WEBDAV_CLIENT } from './webdav';

// The desktop client against real servers on loopback. rclone and nginx come from Debian; without
// them their tests skip and say why. The failure cases use plain sockets and HTTP servers.

const USER = '读者';
const PASSWORD = '书架-密码';
const BOOK = Buffer.from(Array.from({ length: 2_000_000 }, (_, i) => (i * 31) % 251));

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: unknown) => (error instanceof WebdavError ? error.code : `not a WebdavError: ${String(error)}`),
  );

let dir: string;
let root: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baibao-webdav-'));
  // nginx's workers drop root for 'nobody': they must be able to enter the (0700) temp folder.
  await chmod(dir, 0o755);
  root = join(dir, 'root');
  await mkdir(join(root, '书架'), { recursive: true });
  await writeFile(join(root, '三体 第一部.epub'), BOOK);
  await writeFile(join(root, 'Moby Dick.epub'), 'moby');
  await writeFile(join(root, '书架', '红楼梦.mobi'), 'x');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const client = createWebdavClient();
const connect = (url: string, overrides: Partial<WebdavConnection> = {}): WebdavConnection => ({
  serverURL: url,
  authType: 'basic',
  username: USER,
  password: PASSWORD,
  ...overrides,
});

const rcloneSkip = rcloneMissing();
describe.skipIf(rcloneSkip)(`desktop WebDAV against rclone serve webdav${rcloneSkip ? ` (skipped: ${rcloneSkip})` : ''}`, () => {
  let rclone: RunningServer;
  beforeAll(async () => {
    rclone = await startRclone(root, USER, PASSWORD);
  });
  afterAll(() => rclone?.stop());

  it('checks and lists with a UTF-8 login: Chinese names, folders first, ETags', async () => {
    await client.check(connect(rclone.url));
    const items = await client.list(connect(rclone.url), '');
    expect(items.map(({ path, kind }) => ({ path, kind }))).toEqual([
      { path: '/书架', kind: 'folder' },
      { path: '/三体 第一部.epub', kind: 'file' },
      { path: '/Moby Dick.epub', kind: 'file' },
    ]);
    expect(items[1]).toMatchObject({ size: BOOK.length, etag: expect.stringMatching(/^"/) as string });
    expect((await client.list(connect(rclone.url), '/书架')).map((item) => item.name)).toEqual(['红楼梦.mobi']);
  });

  it('downloads the exact bytes with progress', async () => {
    const progress: [number, number | undefined][] = [];
    const { bytes } = await client.download(connect(rclone.url), '/三体 第一部.epub', {
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(Buffer.from(bytes).equals(BOOK)).toBe(true);
    expect(progress[0]).toEqual([0, BOOK.length]);
    expect(progress.at(-1)).toEqual([BOOK.length, BOOK.length]);
  });

  it('says unauthorized for a wrong password and for no login; notFound for a missing file', async () => {
    expect(await codeOf(client.list(connect(rclone.url, { password: 'wrong' }), ''))).toBe('unauthorized');
    expect(await codeOf(client.check(connect(rclone.url, { authType: 'none' })))).toBe('unauthorized');
    expect(await codeOf(client.download(connect(rclone.url), '/gone.epub'))).toBe('notFound');
  });

  it('refuses a file over the size cap', async () => {
    const small = createWebdavClient({ ...DEFAULT_WEBDAV_CLIENT, maxBytes: 1000 });
    expect(await codeOf(small.download(connect(rclone.url), '/三体 第一部.epub'))).toBe('tooLarge');
  });

  it('cancels a download', async () => {
    const controller = new AbortController();
    const pending = codeOf(
      client.download(connect(rclone.url), '/三体 第一部.epub', { signal: controller.signal, onProgress: () => controller.abort() }),
    );
    expect(await pending).toBe('cancelled');
  });
});

const nginxSkip = nginxMissing();
describe.skipIf(nginxSkip)(
  `desktop WebDAV against nginx dav-ext, a server without ETags${nginxSkip ? ` (skipped: ${nginxSkip})` : ''}`,
  () => {
    let nginx: RunningServer;
    beforeAll(async () => {
      nginx = await startNginx(root, join(dir, 'nginx'));
    });
    afterAll(() => nginx?.stop());

    it('lists without ETags (sizes and dates instead) and downloads', async () => {
      const connection = connect(nginx.url, { authType: 'none', username: '', password: '' });
      await client.check(connection);
      const items = await client.list(connection, '');
      expect(items.map((item) => item.path)).toEqual(['/dav/书架', '/dav/三体 第一部.epub', '/dav/Moby Dick.epub']);
      for (const item of items) expect(item.etag).toBeUndefined();
      expect(items[1]).toMatchObject({ size: BOOK.length, modified: expect.any(Number) as number });
      const { bytes } = await client.download(connection, items[1]!.path);
      expect(Buffer.from(bytes).equals(BOOK)).toBe(true);
    });
  },
);

describe('desktop WebDAV failures, each with its own code', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let web: HttpServer;
  let webUrl: string;
  beforeAll(async () => {
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    web = createHttpServer((req, res) => {
      if (req.url === '/page/') res.end('<!doctype html><title>router login</title>');
      else if (req.url === '/strict/') res.writeHead(405).end();
      else if (req.url === '/loop/') res.writeHead(302, { Location: '/loop/' }).end();
      else if (req.url === '/stall.epub') res.writeHead(200, { 'Content-Length': 100 }).write('x'.repeat(10));
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
    web.closeAllConnections();
    web.close();
  });

  const quick = createWebdavClient({ ...DEFAULT_WEBDAV_CLIENT, timeoutMs: 500 });

  it('unreachable: a closed port, a name that does not resolve', async () => {
    expect(await codeOf(client.check(connect(`http://127.0.0.1:${await freePort()}/dav/`)))).toBe('unreachable');
    expect(await codeOf(client.check(connect('http://no-such-host.invalid/dav/')))).toBe('unreachable');
  });

  it('timeout: a server that accepts and never answers, and a body that stalls', async () => {
    const port = (silent.address() as AddressInfo).port;
    expect(await codeOf(quick.check(connect(`http://127.0.0.1:${port}/`)))).toBe('timeout');
    expect(await codeOf(quick.download(connect(webUrl), '/stall.epub'))).toBe('timeout');
  });

  it('notWebdav: a web page, a 405, an address that is not http', async () => {
    expect(await codeOf(client.check(connect(`${webUrl}/page/`)))).toBe('notWebdav');
    expect(await codeOf(client.list(connect(`${webUrl}/strict/`), ''))).toBe('notWebdav');
    expect(await codeOf(client.check(connect('ftp://127.0.0.1/')))).toBe('notWebdav');
  });

  it('stops after five redirects', async () => {
    expect(await codeOf(client.check(connect(`${webUrl}/loop/`)))).toBe('failed');
  });

  it('cancels a call waiting for a silent server', async () => {
    const controller = new AbortController();
    const port = (silent.address() as AddressInfo).port;
    const pending = codeOf(client.list(connect(`http://127.0.0.1:${port}/`), '', { signal: controller.signal }));
    setTimeout(() => controller.abort(), 200);
    expect(await pending).toBe('cancelled');
  });
});
