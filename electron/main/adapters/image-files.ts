import { ImageError } from '@shared/contracts/image';

/**
 * The file-system errors a picked file can run into before sharp opens it, as the `fileUnavailable`
 * ImageError the batch translates (a file moved or deleted after picking, no permission, not a
 * regular file). The detail names the errno only: the path came from the renderer and goes back to it.
 */
export function describeFsError(error: unknown): ImageError {
  const code = error instanceof Error && 'code' in error ? String(error.code) : 'unknown';
  return new ImageError('fileUnavailable', code);
}
