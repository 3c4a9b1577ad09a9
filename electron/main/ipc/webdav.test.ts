import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v2 as webdav } from 'webdav-server';
import { webdavErrorCode } from '@shared/contracts/webdav';
import type { WebdavItem } from '@shared/contracts/webdav';
import { createTokenStore } from '../adapters/token-store';
import { isAppUrl } from '../protocol/app-url';
import { createTestCipher } from '../../testing/test-cipher';
import { FakeIpcMain, FakeSender } from '../../testing/fake-ipc';
import { registerIpc } from './register';

// The webdav:* channels as the preload calls them, against the npm webdav-server on loopback.

const PAGE = 'app://baibao/book/library';
const BOOK = Buffer.alloc(1_500_000, 7);
let dir: string;
let dav: webdav.WebDAVServer;
let davUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-webdav-ipc-'));
  const root = join(dir, 'root');
  mkdirSync(root);
  writeFileSync(join(root, '三体.epub'), BOOK);
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
  await dav.setFileSystemAsync('/dav', new webdav.PhysicalFileSystem(root));
  const server = await dav.startAsync(0);
  davUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dav/`;
});
afterAll(async () => {
  await dav.stopAsync();
  rmSync(dir, { recursive: true, force: true });
});

function setup() {
  const ipc = new FakeIpcMain();
  const cipher = createTestCipher();
  registerIpc(ipc, {
    version: '9.9.9',
    isTrustedSender: isAppUrl,
    tokens: createTokenStore({ file: join(dir, 'tokens.bin'), cipher, warn: () => undefined }),
  });
  return ipc;
}

const connection = (password = 'shelf-secret') => ({ serverURL: davUrl, authType: 'basic', username: 'reader', password });

describe('webdav channels', () => {
  it('lists and downloads with progress events for the job', async () => {
    const ipc = setup();
    const sender = new FakeSender(1);
    const items = (await ipc.invoke('webdav:list', PAGE, sender, { jobId: 'l', connection: connection(), folderPath: '' })) as WebdavItem[];
    expect(items.map((item) => item.path)).toEqual(['/dav/三体.epub']);
    const result = (await ipc.invoke('webdav:download', PAGE, sender, {
      jobId: 'd',
      connection: connection(),
      filePath: '/dav/三体.epub',
    })) as {
      bytes: Uint8Array;
    };
    expect(Buffer.from(result.bytes).equals(BOOK)).toBe(true);
    const progress = sender.sent.filter(({ channel }) => channel === 'webdav:progress').map(({ payload }) => payload);
    expect(progress.at(-1)).toEqual({ jobId: 'd', loaded: BOOK.length, total: BOOK.length });
  });

  it('sends the failure’s code in the message, which the page reads back', async () => {
    const error = await setup()
      .invoke('webdav:check', PAGE, new FakeSender(1), { jobId: 'c', connection: connection('wrong') })
      .catch((caught: unknown) => caught);
    expect(webdavErrorCode(error)).toBe('unauthorized');
  });

  it('refuses an address that is not http(s) before any adapter runs', async () => {
    const refused = setup().invoke('webdav:check', PAGE, new FakeSender(1), {
      jobId: 'c',
      connection: { ...connection(), serverURL: 'file:///etc/' },
    });
    await expect(refused).rejects.toThrow();
  });

  it('cancels a download through webdav:cancel', async () => {
    const ipc = setup();
    const sender = new FakeSender(1);
    const pending = ipc
      .invoke('webdav:download', PAGE, sender, { jobId: 'big', connection: connection(), filePath: '/dav/三体.epub' })
      .catch((caught: unknown) => caught);
    await ipc.invoke('webdav:cancel', PAGE, sender, { jobId: 'big' });
    expect(webdavErrorCode(await pending)).toBe('cancelled');
  });
});
