import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenStore } from './adapters/token-store';
import { registerIpc } from './ipc/register';
import { OpenedFiles, openedPathsFromArgv, routeUrl, showsRoute } from './opened-files';
import { isAppUrl } from './protocol/app-url';
import { FakeIpcMain, FakeSender } from '../testing/fake-ipc';
import { createTestCipher } from '../testing/test-cipher';

const dir = mkdtempSync(join(tmpdir(), 'baibao-opened-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('opened files', () => {
  it('takes the associated files from a command line, relative ones against its working directory', () => {
    const argv = ['/opt/Baibao/baibao', '--no-sandbox', 'report.DOCX', '/home/u/a.psd', 'notes.txt', '/home/u/b.sketch'];
    expect(openedPathsFromArgv(argv, '/home/u/docs')).toEqual(['/home/u/docs/report.DOCX', '/home/u/a.psd', '/home/u/b.sketch']);
    // A development start: electron, then the app's own script, which is no document.
    expect(openedPathsFromArgv(['electron', 'out/main/index.js'], '/')).toEqual([]);
  });

  it('queues files per tool and hands each over once', () => {
    const files = new OpenedFiles();
    expect(files.add(['/a/x.txt'])).toBeUndefined();
    expect(files.add(['/a/one.docx', '/a/sheet.csv', '/a/two.docx'])).toBe('/doc/preview');
    expect(files.next).toBe('/doc/preview');
    expect(files.take('/doc/preview')).toEqual(['/a/one.docx', '/a/two.docx']);
    expect(files.take('/doc/preview')).toEqual([]);
    expect(files.next).toBe('/excel');
  });

  it('goes to the tool in the language the window shows', () => {
    expect(routeUrl('app://baibao', 'app://baibao/en/file/hasher', '/psd')).toBe('app://baibao/en/psd');
    expect(routeUrl('app://baibao', 'app://baibao/', '/psd')).toBe('app://baibao/psd');
    expect(routeUrl('app://baibao', '', '/sketch')).toBe('app://baibao/sketch');
    expect(showsRoute('app://baibao/en/doc/preview', '/doc/preview')).toBe(true);
    expect(showsRoute('app://baibao/doc/preview/', '/doc/preview')).toBe(true);
    expect(showsRoute('app://baibao/excel', '/doc/preview')).toBe(false);
  });

  it('the page takes its files through the bridge: main reads them, each once, only for the route asked', async () => {
    const docx = join(dir, '报告.docx');
    writeFileSync(docx, 'PK docx bytes');
    const files = new OpenedFiles();
    files.add([docx, join(dir, 'gone.docx'), join(dir, 'sheet.xlsx')]);
    const warnings: string[] = [];
    const ipc = new FakeIpcMain();
    registerIpc(ipc, {
      version: '1',
      isTrustedSender: isAppUrl,
      tokens: createTokenStore({ file: join(dir, 'tokens.bin'), cipher: createTestCipher(), warn: () => undefined }),
      openedFiles: { files, warn: (message) => warnings.push(message) },
    });
    const take = (route: unknown, page = 'app://baibao/doc/preview') => ipc.invoke('files:take-opened', page, new FakeSender(1), { route });

    const taken = (await take('/doc/preview')) as { name: string; bytes: Uint8Array }[];
    expect(taken.map(({ name, bytes }) => [name, Buffer.from(bytes).toString()])).toEqual([['报告.docx', 'PK docx bytes']]);
    expect(warnings).toEqual([expect.stringContaining('gone.docx')]);
    await expect(take('/doc/preview')).resolves.toEqual([]);
    // Main validates the route and the calling frame before anything is read.
    await expect(take('/etc/passwd')).rejects.toThrow();
    await expect(take('/excel', 'https://evil.example/')).rejects.toThrow();
    expect(files.next).toBe('/excel');
  });
});
