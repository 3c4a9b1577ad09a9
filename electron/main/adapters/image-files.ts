/** A failure worth showing to the user as is: only the message crosses the IPC boundary. */
export class ImageFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageFileError';
  }
}

/** Plain messages for the file-system errors a picked file can run into before sharp opens it. */
export function describeFsError(error: unknown, path: string): Error {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new ImageFileError(`File not found: ${path}`);
    case 'EACCES':
    case 'EPERM':
      return new ImageFileError(`Permission denied reading: ${path}`);
    case 'EISDIR':
      return new ImageFileError(`Not a file (it is a directory): ${path}`);
    default:
      return error instanceof Error ? error : new ImageFileError(`Could not read ${path}`);
  }
}
