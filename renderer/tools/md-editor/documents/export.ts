import { downloadText } from '@/components/download';
import type { PdfCapability } from '@/platform';
import { imageUrl, inlineImageLinks, replaceUrls } from './local-images';
import { exportFileName, inlineFontUrls, standaloneHtml } from './md-files';

/** What an export reads from the page (the port's MdExportSource). */
export interface ExportSource {
  markdown: () => string;
  html: () => Promise<string>;
  css: () => Promise<string>;
}

export interface ExportInput {
  source: ExportSource;
  title: string;
  /** Used when the title leaves no file name. */
  fallbackName: string;
  lang: string;
  /** The preview's blob: URLs and the pictures behind them, inlined into the HTML. */
  images: () => Promise<Map<string, Blob>>;
  /** A local picture's link (md-image:<id>) → its blob: URL, to find its bytes for the .md. */
  resolveUrl?: (url: string) => string | undefined;
}

async function dataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** A font of the site (same origin, precached) as a data: URL; undefined when it cannot be read. */
async function fontDataUrl(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(new URL(url, location.href));
    return response.ok ? await dataUrl(new Blob([await response.arrayBuffer()], { type: 'font/woff2' })) : undefined;
  } catch {
    return undefined;
  }
}

/** The document as one self-contained HTML file (pictures and formula fonts as data: URLs, styles inlined). */
export async function buildStandaloneHtml({ source, title, lang, images }: ExportInput): Promise<string> {
  const [body, css, blobs] = await Promise.all([source.html(), source.css(), images()]);
  const inlined = new Map<string, string>();
  for (const [url, blob] of blobs) if (body.includes(url)) inlined.set(url, await dataUrl(blob));
  // Formula fonts weigh ~300 KB: only a document with formulas carries them.
  const styles = body.includes('class="katex') ? await inlineFontUrls(css, fontDataUrl) : css;
  return standaloneHtml({ title, body: replaceUrls(body, inlined), css: styles, lang });
}

/** The .md carries its local pictures as data: URLs (docs/decisions.md): the file stands alone. */
export async function exportMarkdown({ source, title, fallbackName, images, resolveUrl }: ExportInput): Promise<void> {
  const markdown = source.markdown();
  const dataUrls = new Map<string, string>();
  if (resolveUrl && markdown.includes('md-image:')) {
    for (const [url, blob] of await images()) dataUrls.set(url, await dataUrl(blob));
  }
  const text = inlineImageLinks(markdown, (id) => dataUrls.get(resolveUrl?.(imageUrl(id)) ?? ''));
  downloadText(text, exportFileName(title, 'md', fallbackName), 'text/markdown;charset=utf-8');
}

export async function exportHtml(input: ExportInput): Promise<void> {
  const html = await buildStandaloneHtml(input);
  downloadText(html, exportFileName(input.title, 'html', input.fallbackName), 'text/html;charset=utf-8');
}

/**
 * PDF without a dialog in between (the desktop's printToPDF): the same standalone HTML, laid out
 * with its print rules by main. null: the user closed the save dialog.
 */
export async function savePdf(input: ExportInput, pdf: PdfCapability): Promise<{ savedPath: string } | null> {
  const html = await buildStandaloneHtml(input);
  return pdf.saveHtml(html, exportFileName(input.title, 'pdf', input.fallbackName));
}

/**
 * PDF through the browser's print dialog ("Save as PDF"): the standalone HTML in a hidden frame,
 * printed with its print rules. Where the platform saves PDFs itself (the desktop), `savePdf`.
 */
export async function printPdf(input: ExportInput): Promise<void> {
  const html = await buildStandaloneHtml(input);
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  frame.srcdoc = html;
  document.body.appendChild(frame);
  await loaded;
  const view = frame.contentWindow;
  if (!view) {
    frame.remove();
    throw new Error('print frame has no window');
  }
  // The print dialog blocks until closed in most browsers; the frame goes once it is done.
  view.addEventListener('afterprint', () => setTimeout(() => frame.remove(), 0), { once: true });
  // The file name the dialog suggests comes from the frame's title.
  view.focus();
  view.print();
  setTimeout(() => frame.isConnected && frame.remove(), 60_000);
}
