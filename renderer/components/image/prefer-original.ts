import { imageSize } from 'image-size';
import type { ImageResult } from '@shared/contracts/image';
import { sniffFormat } from '@shared/image/sniff';

/** Enough of a file for sniffFormat and for image-size to find a JPEG's frame header behind its EXIF. */
export const ORIGINAL_HEADER_BYTES = 128 * 1024;

/** The upright size the header declares (EXIF orientations 5–8 swap the sides, as both engines do). */
function uprightSize(header: Uint8Array): { width: number; height: number } | undefined {
  try {
    const { width, height, orientation } = imageSize(header);
    if (!width || !height) return undefined;
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return undefined;
  }
}

/**
 * Whether the original file is the better result: the output is no smaller, in the same format and
 * at the same pixel size, so the original is what the user asked for, only cheaper. A result in
 * another format or size is kept even when larger: that is a conversion the user chose.
 */
export function originalIsSmaller(
  header: Uint8Array,
  originalBytes: number,
  result: Pick<ImageResult, 'bytes' | 'format' | 'width' | 'height'>,
): boolean {
  if (result.bytes.length < originalBytes) return false;
  if (sniffFormat(header) !== result.format) return false;
  const size = uprightSize(header);
  return size !== undefined && size.width === result.width && size.height === result.height;
}

/** The original in place of a result that is no smaller (see originalIsSmaller), or undefined to keep the result. */
export async function originalInstead(file: File, result: ImageResult): Promise<ImageResult | undefined> {
  if (result.bytes.length < file.size) return undefined;
  const header = new Uint8Array(await file.slice(0, ORIGINAL_HEADER_BYTES).arrayBuffer());
  if (!originalIsSmaller(header, file.size, result)) return undefined;
  return { ...result, bytes: new Uint8Array(await file.arrayBuffer()), mime: file.type || result.mime };
}
