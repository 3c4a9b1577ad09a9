import { ImageError } from '@shared/contracts/image-base';
import { whileLoading } from '@/lib/load-failure';

/**
 * The codecs canvas lacks. WebAssembly encoders (Squoosh's, packaged as @jsquash): AVIF, which
 * canvas cannot write, and MozJPEG / libwebp at its slowest method / OxiPNG for the opt-in
 * "smallest file" mode; gifenc for GIF; libheif for HEIC input. Each is imported on first use only,
 * so a page that never asks for them never downloads their code or wasm. The service worker
 * precaches them all; should one still fail to download (offline before the worker had it), the
 * page says so in its language (`codecUnavailable`) instead of the browser's "Failed to fetch".
 */

const unavailable = (error: unknown) => new ImageError('codecUnavailable', error instanceof Error ? error.message : String(error));

type Lossy = 'jpeg' | 'webp' | 'avif';

export function encodeWasm(format: Lossy, pixels: ImageData, quality: number, smallest: boolean): Promise<Uint8Array> {
  return whileLoading(() => encodeWith(format, pixels, quality, smallest), unavailable);
}

async function encodeWith(format: Lossy, pixels: ImageData, quality: number, smallest: boolean): Promise<Uint8Array> {
  if (format === 'avif') {
    const { default: encode } = await import('@jsquash/avif/encode.js');
    // speed 0–10: 6 is Squoosh's default; "smallest" trades time for about 5–10 % less.
    return new Uint8Array(await encode(pixels, { quality, speed: smallest ? 4 : 6 }));
  }
  if (format === 'jpeg') {
    const { default: encode } = await import('@jsquash/jpeg/encode.js');
    return new Uint8Array(await encode(pixels, { quality, progressive: true, optimize_coding: true }));
  }
  const { default: encode } = await import('@jsquash/webp/encode.js');
  return new Uint8Array(await encode(pixels, { quality, method: 6 }));
}

/** Lossless recompression of a PNG (OxiPNG): same pixels, usually 10–30 % fewer bytes. */
export function optimisePng(png: Uint8Array): Promise<Uint8Array> {
  return whileLoading(async () => {
    const { default: optimise } = await import('@jsquash/oxipng/optimise.js');
    return new Uint8Array(await optimise(png.slice().buffer, { level: 3 }));
  }, unavailable);
}

/** A still GIF of the pixels (gifenc's palette quantizer; alpha kept as one transparent index). */
export async function encodeGif(pixels: ImageData): Promise<Uint8Array> {
  const { writeGif } = await import('@shared/image/gif');
  return writeGif(pixels.data, pixels.width, pixels.height);
}

/** HEIC/HEIF input through libheif (wasm), for browsers whose createImageBitmap cannot read it. */
export async function decodeHeic(blob: Blob): Promise<ImageBitmap> {
  const { decodeHeic: decode } = await whileLoading(() => import('./heic'), unavailable);
  return decode(blob);
}
