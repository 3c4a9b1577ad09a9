import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CapabilityIpc } from './types';

/** Electron's printToPDF options we use (a subset of `PrintToPDFOptions`). */
export interface PrintOptions {
  printBackground: boolean;
  preferCSSPageSize: boolean;
  pageSize: 'A4';
}

/** The slice of a hidden window's `WebContents` that lays HTML out and prints it; tests pass a fake. */
export interface PrintContents {
  loadFile(path: string): Promise<void>;
  printToPDF(options: PrintOptions): Promise<Uint8Array>;
  close(): void;
}

export interface PdfDependencies {
  /** Where to save (a .pdf name is proposed); undefined when the user closes the dialog. */
  chooseSavePath(suggestedName: string, senderId: number): Promise<string | undefined>;
  /** A hidden page without scripts, fresh for each document: an offscreen BrowserWindow in the app. */
  openContents(): Promise<PrintContents>;
}

// A4 unless the document's print rules name a size (`@page { size }`): the users are mostly in China.
export const PRINT_OPTIONS: PrintOptions = { printBackground: true, preferCSSPageSize: true, pageSize: 'A4' };

/**
 * The HTML goes through a temp file, not a data: URL: pictures inlined as data: URLs easily pass
 * the 2 MB Chromium allows a URL. The hidden page and the file are gone whatever happens.
 */
export async function printHtml(html: string, openContents: PdfDependencies['openContents'], signal: AbortSignal): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'baibao-print-'));
  let contents: PrintContents | undefined;
  try {
    const page = join(dir, 'document.html');
    await writeFile(page, html, 'utf8');
    contents = await openContents();
    await contents.loadFile(page);
    signal.throwIfAborted();
    return await contents.printToPDF(PRINT_OPTIONS);
  } finally {
    contents?.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** All or nothing: a failed write leaves no half PDF under the name the user chose. */
async function saveAtomically(path: string, bytes: Uint8Array): Promise<void> {
  const part = `${path}.part`;
  try {
    await writeFile(part, bytes);
    await rename(part, path);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

/** `platform.pdf` on the desktop: HTML saved as a PDF by Chromium's own printer, without the print dialog. */
export function registerPdf({ handle }: CapabilityIpc, pdf: PdfDependencies | undefined): void {
  handle('pdf:save-html', async ({ html, suggestedName }, context) => {
    if (!pdf) throw new Error('saving PDFs is not available');
    const target = await pdf.chooseSavePath(suggestedName, context.senderId);
    if (!target) return null;
    const bytes = await printHtml(html, pdf.openContents, context.signal);
    context.signal.throwIfAborted();
    await saveAtomically(target, bytes);
    return { savedPath: target };
  });
}
