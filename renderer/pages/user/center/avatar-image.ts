import { AVATAR_SIZE } from '@shared/contracts/users';

/** Twice the stored size, so the server's 256×256 re-encode still has detail to work with. */
export const AVATAR_UPLOAD_EDGE = AVATAR_SIZE * 2;

/**
 * The cropper keeps the picture's full resolution, so a square cut from a phone photo can weigh
 * many megabytes (over the 2 MB limit). Anything larger than AVATAR_UPLOAD_EDGE is scaled down to
 * it as PNG — at most 1 MiB of pixels, so always under the limit; small pictures go as they are.
 */
export async function fitAvatar(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    if (bitmap.width <= AVATAR_UPLOAD_EDGE && bitmap.height <= AVATAR_UPLOAD_EDGE) return file;
    const scale = AVATAR_UPLOAD_EDGE / Math.max(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return blob ? new File([blob], 'avatar.png', { type: 'image/png' }) : file;
  } finally {
    bitmap.close();
  }
}
