import type { Readable } from 'node:stream';

/**
 * The one place the server keeps files (docs/architecture.md, "Files"). Keys are slash-separated
 * paths such as `avatars/12-0123456789abcdef.webp`; the first segment is the owning module's folder.
 */
export interface Storage {
  /**
   * Stores `body` under `key`, all or nothing: a write that fails, is cut off or passes `maxBytes`
   * leaves no object and rejects (StorageTooLargeError, or StorageFullError when out of space).
   */
  put(key: string, body: Readable | Buffer, options: { maxBytes: number }): Promise<{ size: number }>;
  /** The object's bytes, or the inclusive byte `range` of them; undefined when there is no such object. */
  get(key: string, range?: { start: number; end: number }): Promise<StoredObject | undefined>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (which must end in `/`). */
  list(prefix: string): Promise<ListedObject[]>;
  /** Removes what interrupted writes left behind; run at start-up, before any upload is accepted. */
  sweepUnfinished(): Promise<number>;
}

export interface StoredObject {
  body: Readable;
  /** Bytes in `body`. */
  size: number;
  /** Bytes of the whole object. */
  totalSize: number;
}

export interface ListedObject {
  key: string;
  size: number;
  modified: Date;
}

export class StorageTooLargeError extends Error {
  override name = 'StorageTooLargeError';
}

export class StorageFullError extends Error {
  override name = 'StorageFullError';
}

const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/;

/** Keys come from modules, but often carry a visitor's input: no `..`, no absolute path, no hidden file. */
export function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.split('/').some((segment) => segment.startsWith('.'))) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

export function checkPrefix(prefix: string): string {
  if (!/^[a-z0-9-]+\/([A-Za-z0-9._-]+\/)*$/.test(prefix)) throw new Error(`Invalid storage prefix: ${prefix}`);
  return prefix;
}
