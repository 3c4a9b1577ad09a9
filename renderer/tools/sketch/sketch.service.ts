import { unzipSync } from 'fflate';
import { SketchError, findBoard, readSketch, summarize } from './sketch-model';
import type { SketchDocument, SketchSummary } from './sketch-model';
import { boardSvg } from './sketch-svg';
import type { MeasureText } from './sketch-svg';

/**
 * A .sketch file (a zip of JSON and images) opened into the page's summary and artboard SVGs.
 * Pure apart from fflate: runs in the worker and under Node.
 */

export interface OpenedSketch {
  doc: SketchDocument;
  summary: SketchSummary;
  /** `images/<name>` → bytes. */
  images: Map<string, Uint8Array>;
}

const isZip = (bytes: Uint8Array) =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && (bytes[3] === 4 || bytes[3] === 6);

/** Unzips and reads; throws SketchError ('notSketch' for a file that is no zip or a zip of something else). */
export function openSketch(bytes: Uint8Array): OpenedSketch {
  if (bytes.length === 0) throw new SketchError('empty');
  if (!isZip(bytes)) throw new SketchError('notSketch');
  let entries: Record<string, Uint8Array>;
  try {
    // The previews and text previews are not needed: the boards are drawn from the JSON.
    entries = unzipSync(bytes, { filter: (file) => file.name.endsWith('.json') || file.name.startsWith('images/') });
  } catch (error) {
    throw new SketchError('damaged', error instanceof Error ? error.message : String(error));
  }
  if (!entries['document.json']) throw new SketchError('notSketch', 'zip');
  const doc = readSketch(entries);
  const images = new Map(Object.entries(entries).filter(([name]) => name.startsWith('images/')));
  return { doc, summary: summarize(doc), images };
}

const MIME: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

function sniffMime(bytes: Uint8Array, name: string): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes[0] === 0x47 && bytes[1] === 0x49) return 'image/gif';
  return MIME[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'image/png';
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A PNG's or JPEG's pixel size from its header (PNG: IHDR; JPEG: the first start-of-frame marker). */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50) return { width: view.getUint32(16), height: view.getUint32(20) };
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) };
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

/** The SVG of one artboard or symbol master, images inlined so that the file stands alone. */
export function artboardSvg(opened: OpenedSketch, id: string, measure?: MeasureText): string {
  const board = findBoard(opened.doc, id);
  if (!board) throw new SketchError('damaged', `no artboard ${id}`);
  const cache = new Map<string, string>();
  return boardSvg(
    opened.doc,
    board,
    {
      get: (path) => {
        const bytes = opened.images.get(path);
        if (!bytes) return undefined;
        let url = cache.get(path);
        if (!url) {
          url = `data:${sniffMime(bytes, path)};base64,${base64(bytes)}`;
          cache.set(path, url);
        }
        return url;
      },
      size: (path) => {
        const bytes = opened.images.get(path);
        return bytes ? imageSize(bytes) : undefined;
      },
    },
    measure,
  );
}
