export { BookImportError } from './errors';
export type { BookErrorCode } from './errors';
export { readBookMetadata } from './read-book';
export type { BookCover, BookFormat, BookMetadata } from './metadata';
