import { ImageError, MAX_IMAGE_SIDE } from '@shared/contracts/image-base';
import { whileLoading } from '@/lib/load-failure';
import { HeifDecodeError, decodeHeif, initLibHeif } from '@shared/image/heif';
import type { LibHeif } from '@shared/image/heif';
import factory from 'libheif-js/libheif-wasm/libheif.js';
import wasmUrl from 'libheif-js/libheif-wasm/libheif.wasm?url';

/**
 * HEIC input for the browser engine. This module is imported only when a file sniffs as HEIC and
 * the browser's own decoder refused it, so the libheif glue and its 1.4 MB wasm (a separate asset,
 * precached by the service worker like the other codecs) cost nothing to anyone else until then.
 */

let runtime: Promise<LibHeif> | undefined;

async function load(): Promise<LibHeif> {
  const response = await whileLoading(
    () => fetch(wasmUrl),
    (error) => new ImageError('codecUnavailable', String(error)),
  );
  // A 404 is an old page asking for a codec a newer release renamed: a download failure, not the file's.
  if (!response.ok) throw new ImageError('codecUnavailable', `libheif wasm: HTTP ${response.status}`);
  return initLibHeif(factory, await response.arrayBuffer());
}

function libheif(): Promise<LibHeif> {
  runtime ??= load().catch((error: unknown) => {
    // A failed download (offline) should not poison the worker: the next HEIC file tries again.
    runtime = undefined;
    throw error;
  });
  return runtime;
}

/** The primary image of a HEIC/HEIF file as a bitmap, with the file's rotation and mirroring applied. */
export async function decodeHeic(blob: Blob): Promise<ImageBitmap> {
  const lib = await libheif();
  try {
    const { width, height, data } = await decodeHeif(lib, new Uint8Array(await blob.arrayBuffer()), MAX_IMAGE_SIDE);
    return await createImageBitmap(new ImageData(data, width, height));
  } catch (error) {
    if (error instanceof HeifDecodeError) throw new ImageError(error.reason, error.message);
    throw error;
  }
}
