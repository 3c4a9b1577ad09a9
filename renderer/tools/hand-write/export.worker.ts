import { expose, transfer } from 'comlink';
import { buildHandwritingPdf } from './pdf-export';
import type { PdfPageInput } from './pdf-export';
import { zipPages } from './zip-export';

/**
 * Builds the exports off the page's thread: embedding a hundred 200 dpi PNGs in a PDF (pdf-lib reads
 * each one) would freeze the page for seconds.
 */
const api = {
  async pdf(pages: PdfPageInput[], title: string): Promise<Uint8Array> {
    const bytes = await buildHandwritingPdf(pages, title);
    return transfer(bytes, [bytes.buffer]);
  },
  zip(pngs: Uint8Array[], baseName: string): Uint8Array {
    const bytes = zipPages(pngs, baseName);
    return transfer(bytes, [bytes.buffer]);
  },
};

export type ExportWorkerApi = typeof api;

expose(api);
