import { ImageError } from '@shared/contracts/image';
import { sniffFormat } from '@shared/image/sniff';
import { decodeHeic } from './codecs';

/** Enough of the file for sniffFormat to name it. */
const SNIFF_BYTES = 64;

/**
 * Every image tool's way from a file to pixels, so all of them read the same formats: the
 * browser's decoder first (EXIF orientation applied), then libheif for HEIC, which only Safari
 * decodes itself. Fails with an ImageError: `unsupportedInput` for a real image no decoder here
 * reads (TIFF), `decode` for anything damaged or not an image.
 */
export async function decodeBitmap(blob: Blob, header?: Uint8Array): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch (error) {
    const format = sniffFormat(header ?? new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (format === 'heic') return decodeHeic(blob);
    if (format === 'tiff') throw new ImageError('unsupportedInput', format);
    throw new ImageError('decode', error instanceof Error ? error.message : String(error));
  }
}
