import { domToBlob } from 'modern-screenshot';
import { zipImages } from '@/components/image/zip';

/** Exported slides are drawn at up to 1920 px wide (2× a 960 px slide), never below their own size. */
export function exportScale(slideWidth: number): number {
  return Math.min(2, Math.max(1, 1920 / slideWidth));
}

/**
 * Draws a slide's DOM (SlideCanvas at its own size) into a PNG through an SVG foreignObject:
 * the text stays text until the canvas paints it. Fonts are the reader's installed ones, which an
 * SVG image may use; images are blob: URLs that modern-screenshot inlines — nothing is fetched
 * from the network.
 */
export async function slideToPng(node: HTMLElement, width: number, height: number): Promise<Blob> {
  const blob = await domToBlob(node, {
    width,
    height,
    scale: exportScale(width),
    type: 'image/png',
    font: false,
    backgroundColor: '#ffffff',
  });
  if (!blob) throw new Error('canvas');
  return blob;
}

export async function zipPngs(entries: { name: string; blob: Blob }[]): Promise<Blob> {
  const files = await Promise.all(
    entries.map(async (entry) => ({ name: entry.name, bytes: new Uint8Array(await entry.blob.arrayBuffer()) })),
  );
  return zipImages(files);
}

/** `deck.pptx`, slide 3 of 12 → `deck-03.png` (numbers padded so the files sort in slide order). */
export function pngName(fileName: string, number: number, total: number): string {
  const base = fileName.replace(/\.[^.]+$/, '') || 'slide';
  return `${base}-${String(number).padStart(String(total).length, '0')}.png`;
}
