/**
 * Why received files could not be written, as codes the page translates: the browser's own
 * errors (DOMException names) differ between the picked folder and the private storage.
 */
export type ReceivedFilesErrorCode =
  /** The disk or the browser's storage quota is full. */
  | 'quota'
  /** The user withdrew the folder permission, or the browser refuses storage (private mode). */
  | 'not-allowed'
  /** The folder or file went away while writing (deleted or moved outside the page). */
  | 'gone'
  /** This browser cannot write files here at all (no OPFS, or no writable streams in it). */
  | 'unavailable'
  | 'failed';

export class ReceivedFilesError extends Error {
  constructor(
    readonly code: ReceivedFilesErrorCode,
    override readonly cause?: unknown,
  ) {
    super(`received files: ${code}`);
    this.name = 'ReceivedFilesError';
  }
}

export function toReceivedFilesError(error: unknown): ReceivedFilesError {
  if (error instanceof ReceivedFilesError) return error;
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'QuotaExceededError':
      return new ReceivedFilesError('quota', error);
    case 'NotAllowedError':
    case 'SecurityError':
      return new ReceivedFilesError('not-allowed', error);
    case 'NotFoundError':
      return new ReceivedFilesError('gone', error);
    case 'NotSupportedError':
      return new ReceivedFilesError('unavailable', error);
    default:
      return new ReceivedFilesError('failed', error);
  }
}

/** Runs a file-system call, turning whatever it throws into a ReceivedFilesError. */
export async function fileSystemCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toReceivedFilesError(error);
  }
}
