import { imageSize } from 'image-size';
import { ImageError, MAX_IMAGE_SIDE } from '@shared/contracts/image-base';
import { sniffFormat } from '@shared/image/sniff';
import { decodeHeic } from './codecs';

/** Enough of the file for sniffFormat to name it and for image-size to find a JPEG's frame header behind its EXIF. */
const HEADER_BYTES = 128 * 1024;

/** The size the file's header declares, when image-size can read one. */
function declaredSize(header: Uint8Array): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(header);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every image tool's way from a file to pixels, so all of them read the same formats: the
 * browser's decoder first (EXIF orientation applied), then libheif for HEIC, which only Safari
 * decodes itself. Fails with an ImageError: `unsupportedInput` for a real image no decoder here
 * reads (TIFF, PSD: the detail names the format), `tooLarge` for one whose header declares more than MAX_IMAGE_SIDE on a side (the
 * browser refuses those without saying why), `decode` for anything damaged or not an image.
 */
export async function decodeBitmap(blob: Blob, header?: Uint8Array): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(blob, { imageOrientation: 'from-image' });
  } catch (error) {
    const head = header ?? new Uint8Array(await blob.slice(0, HEADER_BYTES).arrayBuffer());
    const format = sniffFormat(head);
    if (format === 'heic') return decodeHeic(blob);
    if (format === 'tiff' || format === 'psd') throw new ImageError('unsupportedInput', format);
    const size = declaredSize(head);
    if (size && Math.max(size.width, size.height) > MAX_IMAGE_SIDE) throw new ImageError('tooLarge', `${size.width}×${size.height}`);
    throw new ImageError('decode', error instanceof Error ? error.message : String(error));
  }
}
