import { expose } from 'comlink';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { whileLoading } from '../load-failure';
import { QrError } from './qr-error';
import { readQrTexts } from './qr-reader';

/** Larger screenshots are scaled down to this side first: ZXing finds a phone-sized code long before it. */
const MAX_SIDE = 4096;

async function loadWasm(): Promise<ArrayBuffer> {
  const response = await whileLoading(
    () => fetch(wasmUrl),
    (error) => new QrError('codecUnavailable', String(error)),
  );
  if (!response.ok) throw new QrError('codecUnavailable', `zxing wasm: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Any picture the browser can open (WebP, AVIF and HEIC on Safari too) as pixels. */
async function pixelsOf(blob: Blob): Promise<ImageData> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch (error) {
    throw new QrError('notImage', String(error));
  }
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const context = new OffscreenCanvas(width, height).getContext('2d', { willReadFrequently: true });
    if (!context) throw new QrError('notImage', 'no 2d context');
    // A transparent PNG's empty pixels would read as black, hiding a black-on-transparent code.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return context.getImageData(0, 0, width, height);
  } finally {
    bitmap.close();
  }
}

export const qrWorkerApi = {
  async decode(input: Blob | ImageData): Promise<string[]> {
    return readQrTexts(input instanceof Blob ? await pixelsOf(input) : input, loadWasm);
  },
};

export type QrWorkerApi = typeof qrWorkerApi;

expose(qrWorkerApi);
