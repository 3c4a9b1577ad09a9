import { transfer } from 'comlink';
import { WorkerClient } from '@/lib/worker-client';
import type { TextLine } from '@shared/handwriting';
import type { RenderedPage } from './engine-port';
import type { ExportWorkerApi } from './export.worker';
import type { PdfPageInput } from './pdf-export';

/** The export worker starts with the first export and stays for the next one. */
let client: WorkerClient<ExportWorkerApi> | undefined;
const exporter = () =>
  (client ??= new WorkerClient<ExportWorkerApi>(
    () => new Worker(new URL('./export.worker.ts', import.meta.url), { type: 'module', name: 'hand-write-export' }),
  ));

const bytesOf = async (page: RenderedPage) => new Uint8Array(await page.png.arrayBuffer());

/** A zip of the pages' PNGs (page order, zero-padded names). */
export async function exportZip(pages: readonly RenderedPage[], baseName: string): Promise<Blob> {
  const pngs = await Promise.all(pages.map(bytesOf));
  const bytes = await exporter().api.zip(
    transfer(
      pngs,
      pngs.map((png) => png.buffer),
    ),
    baseName,
  );
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
}

/** A PDF of the page pictures with each page's text as an invisible, searchable layer. */
export async function exportPdf(
  pages: readonly RenderedPage[],
  lines: readonly (readonly TextLine[])[],
  size: { width: number; height: number },
  title: string,
): Promise<Blob> {
  const inputs: PdfPageInput[] = await Promise.all(
    pages.map(async (page) => ({ png: await bytesOf(page), page: size, lines: [...(lines[page.index] ?? [])] })),
  );
  const bytes = await exporter().api.pdf(
    transfer(
      inputs,
      inputs.map((input) => input.png.buffer),
    ),
    title,
  );
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

export function disposeExporter(): void {
  client?.terminate('disposed');
  client = undefined;
}
