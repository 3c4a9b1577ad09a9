import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * QR decoding with ZXing-C++ compiled to wasm (zxing-wasm's reader-only build, ~950 KB). No DOM:
 * this runs in the QR worker and, for tests, in Node. The wasm bytes are always handed in
 * (`wasmBinary`): zxing-wasm's default fetches them from a CDN, which the site never does.
 */

/** Pixels as ImageData holds them (RGBA, 4 bytes a pixel); a plain object works as well. */
export interface QrPixels {
  data: Uint8ClampedArray | Uint8Array;
  width: number;
  height: number;
}

let prepared: Promise<unknown> | undefined;

/** Instantiates the reader once with the given wasm; a failure lets the next call try again. */
export function prepareQrReader(loadWasm: () => Promise<ArrayBuffer>): Promise<unknown> {
  prepared ??= loadWasm()
    .then((wasmBinary) => prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true }))
    .catch((error: unknown) => {
      prepared = undefined;
      throw error;
    });
  return prepared;
}

/**
 * The texts of every QR code in the picture, in the order ZXing finds them, each once (a
 * screenshot of Google Authenticator's export may show one code twice in a scroll capture).
 * Encoded image bytes (PNG, JPEG, BMP, GIF) are decoded by the wasm itself; the browser worker
 * passes pixels for everything else. An image without a QR code gives [].
 */
export async function readQrTexts(input: Uint8Array | QrPixels, loadWasm: () => Promise<ArrayBuffer>): Promise<string[]> {
  await prepareQrReader(loadWasm);
  const results = await readBarcodes(input as Uint8Array, {
    formats: ['QRCode'],
    // Several accounts' codes (or a whole export page) can be in one screenshot.
    maxNumberOfSymbols: 32,
    tryHarder: true,
    // Dark-mode screenshots show light modules on a dark ground.
    tryInvert: true,
  });
  const texts: string[] = [];
  for (const result of results) if (result.isValid && result.text && !texts.includes(result.text)) texts.push(result.text);
  return texts;
}
