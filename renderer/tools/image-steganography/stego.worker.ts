import { expose, transfer } from 'comlink';
import type { RgbaPixels } from '@shared/image/lsb';
import { isComponentUnavailable } from '@/lib/load-failure';
import { decodeBitmap } from '@/platform/worker';
import { StegoFailure, checkSize, decodeImage, hideText, revealText, summarize } from './stego-core';
import type { ImageSummary, Revealed, StegoErrorCode } from './stego-core';

/**
 * Non-PNG inputs (JPEG, WebP, GIF, BMP…) are only ever carriers to write into, never records to
 * read exactly, so the browser's decoder (libheif for HEIC) is fine for them; EXIF orientation is applied.
 */
async function decodeWithCanvas(bytes: Uint8Array<ArrayBuffer>): Promise<RgbaPixels> {
  const bitmap = await decodeBitmap(new Blob([bytes]));
  try {
    checkSize(bitmap.width, bitmap.height);
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new StegoFailure('tooBig');
    context.drawImage(bitmap, 0, 0);
    const image = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer) };
  } finally {
    bitmap.close();
  }
}

/** Comlink turns thrown errors into plain ones; answering with a code keeps the reason intact. */
export type Outcome<T> =
  { ok: true; value: T } | { ok: false; error: StegoErrorCode | 'componentUnavailable' | 'unknown'; message?: string };

function failureOf(error: unknown): Extract<Outcome<never>, { ok: false }> {
  if (error instanceof StegoFailure) return { ok: false, error: error.code };
  if (isComponentUnavailable(error)) return { ok: false, error: 'componentUnavailable' };
  // A file that vanished after picking, or memory running out: say what happened.
  return { ok: false, error: 'unknown', message: error instanceof Error ? error.message : String(error) };
}

async function attempt<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return failureOf(error);
  }
}

const load = async (file: Blob) => decodeImage(new Uint8Array(await file.arrayBuffer()), decodeWithCanvas);

/** What the steganography worker offers the page. Each call decodes the file afresh: nothing large stays in the worker between calls. */
export const stegoWorkerApi = {
  analyse: (file: Blob): Promise<Outcome<ImageSummary>> => attempt(async () => summarize(await load(file))),
  hide: (file: Blob, text: string, password: string): Promise<Outcome<{ png: Uint8Array; summary: ImageSummary }>> =>
    attempt(async () => {
      const image = await load(file);
      const png = await hideText(image, text, password);
      return transfer({ png, summary: summarize(image) }, [png.buffer]);
    }),
  reveal: (file: Blob, password: string): Promise<Outcome<Revealed>> => attempt(async () => revealText(await load(file), password)),
};

export type StegoWorkerApi = typeof stegoWorkerApi;

expose(stegoWorkerApi);
