import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTokenStore } from '../adapters/token-store';
import { isAppUrl } from '../protocol/app-url';
import { createTestCipher } from '../../testing/test-cipher';
import { FakeIpcMain, FakeSender } from '../../testing/fake-ipc';
import { PRINT_OPTIONS } from './capabilities/pdf';
import type { PdfDependencies, PrintContents, PrintOptions } from './capabilities/pdf';
import { registerIpc } from './register';

// pdf:save-html as the preload calls it, with a fake hidden window standing in for Electron's
// WebContents: it records what it was asked to load and print (the real printer runs in the
// desktop e2e, e2e/desktop/md-editor-pdf.e2e.ts).

const PAGE = 'app://baibao/md/editor';
const HTML = '<!doctype html><html lang="zh-CN"><head><title>周报</title></head><body><h1>本周进展</h1></body></html>';
const PDF_BYTES = new TextEncoder().encode('%PDF-1.7 fake\n%%EOF\n');

class FakeContents implements PrintContents {
  loaded?: { path: string; html: string };
  printed?: PrintOptions;
  closed = false;
  constructor(private readonly behaviour: { onLoad?: () => void; failPrint?: boolean } = {}) {}
  async loadFile(path: string): Promise<void> {
    this.loaded = { path, html: await readFile(path, 'utf8') };
    this.behaviour.onLoad?.();
  }
  async printToPDF(options: PrintOptions): Promise<Uint8Array> {
    if (this.behaviour.failPrint) throw new Error('printing failed');
    this.printed = options;
    return PDF_BYTES;
  }
  close(): void {
    this.closed = true;
  }
}

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'baibao-pdf-ipc-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(pdf: Partial<PdfDependencies> & { contents?: FakeContents } = {}) {
  const ipc = new FakeIpcMain();
  const asked: { name: string; senderId: number }[] = [];
  const opened: FakeContents[] = [];
  registerIpc(ipc, {
    version: '9.9.9',
    isTrustedSender: isAppUrl,
    tokens: createTokenStore({ file: join(dir, 'tokens.bin'), cipher: createTestCipher(), warn: () => undefined }),
    pdf: {
      chooseSavePath:
        pdf.chooseSavePath ??
        ((name, senderId) => {
          asked.push({ name, senderId });
          return Promise.resolve(join(dir, name));
        }),
      openContents: () => {
        const contents = pdf.contents ?? new FakeContents();
        opened.push(contents);
        return Promise.resolve(contents);
      },
    },
  });
  return { ipc, asked, opened };
}

describe('pdf:save-html', () => {
  it('prints the HTML in a hidden page and saves the PDF where the user chose', async () => {
    const { ipc, asked, opened } = setup();
    const result = await ipc.invoke('pdf:save-html', PAGE, new FakeSender(3), { html: HTML, suggestedName: '周报.pdf' });
    expect(result).toEqual({ savedPath: join(dir, '周报.pdf') });
    expect(asked).toEqual([{ name: '周报.pdf', senderId: 3 }]);
    expect(readFileSync(join(dir, '周报.pdf'))).toEqual(Buffer.from(PDF_BYTES));
    const [contents] = opened;
    expect(contents?.loaded?.html).toBe(HTML);
    expect(contents?.printed).toEqual(PRINT_OPTIONS);
    expect(contents?.closed).toBe(true);
    // The temp copy of the HTML is gone.
    expect(existsSync(dirname(contents!.loaded!.path))).toBe(false);
  });

  it('answers null without printing when the user closes the save dialog', async () => {
    const { ipc, opened } = setup({ chooseSavePath: () => Promise.resolve(undefined) });
    expect(await ipc.invoke('pdf:save-html', PAGE, new FakeSender(1), { html: HTML, suggestedName: 'a.pdf' })).toBeNull();
    expect(opened).toEqual([]);
  });

  it('closes the hidden page and leaves no file when printing fails', async () => {
    const contents = new FakeContents({ failPrint: true });
    const { ipc } = setup({ contents });
    await expect(ipc.invoke('pdf:save-html', PAGE, new FakeSender(1), { html: HTML, suggestedName: 'a.pdf' })).rejects.toThrow(
      'printing failed',
    );
    expect(contents.closed).toBe(true);
    expect(readdirSync(dir).filter((name) => name.includes('.pdf'))).toEqual([]);
  });

  it('saves nothing once the asking page has gone away', async () => {
    const sender = new FakeSender(1);
    const contents = new FakeContents({ onLoad: () => sender.destroy() });
    const { ipc } = setup({ contents });
    await expect(ipc.invoke('pdf:save-html', PAGE, sender, { html: HTML, suggestedName: 'a.pdf' })).rejects.toThrow();
    expect(contents.closed).toBe(true);
    expect(contents.printed).toBeUndefined();
    expect(existsSync(join(dir, 'a.pdf'))).toBe(false);
  });

  it.each([
    ['a path for a name', { html: HTML, suggestedName: '../../etc/a.pdf' }],
    ['a name that is no PDF', { html: HTML, suggestedName: 'a.exe' }],
    ['no HTML', { html: '', suggestedName: 'a.pdf' }],
  ])('refuses %s before anything runs', async (_case, args) => {
    const { ipc, asked, opened } = setup();
    await expect(ipc.invoke('pdf:save-html', PAGE, new FakeSender(1), args)).rejects.toThrow();
    expect(asked).toEqual([]);
    expect(opened).toEqual([]);
  });

  it('refuses a frame that is not the app', async () => {
    const { ipc, asked } = setup();
    await expect(
      ipc.invoke('pdf:save-html', 'https://evil.example/', new FakeSender(1), { html: HTML, suggestedName: 'a.pdf' }),
    ).rejects.toThrow();
    expect(asked).toEqual([]);
  });
});
