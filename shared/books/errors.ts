/**
 * Why a file cannot become a book, for the caller to translate (renderer/lib/books/locales.ts):
 * the parsers throw nothing else, whatever the bytes.
 */
export type BookErrorCode = 'empty' | 'unsupported' | 'truncated' | 'corrupt' | 'drm' | 'unreadable';

export class BookImportError extends Error {
  constructor(
    readonly code: BookErrorCode,
    detail?: string,
  ) {
    super(detail ? `book ${code}: ${detail}` : `book ${code}`);
    this.name = 'BookImportError';
  }
}
