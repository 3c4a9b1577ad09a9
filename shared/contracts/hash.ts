export const HASH_ALGORITHMS = ['md5', 'sha1', 'sha256', 'sha512', 'crc32', 'sm3'] as const;
export type HashAlgorithm = (typeof HASH_ALGORITHMS)[number];

/** Lower-case hex digest per requested algorithm. */
export type HashDigests = Partial<Record<HashAlgorithm, string>>;

export interface HashProgress {
  loaded: number;
  total: number;
}

/**
 * The part of a browser `File` that hashing needs. Declared here so `shared` stays free of DOM
 * types; a DOM `File` satisfies it structurally.
 */
export interface ReadableFile {
  readonly name: string;
  readonly size: number;
  slice(start?: number, end?: number): { arrayBuffer(): Promise<ArrayBuffer> };
}

export interface HashFileOptions {
  algorithms: readonly HashAlgorithm[];
  onProgress?: (progress: HashProgress) => void;
  /** Cancels the job; the returned promise then rejects with a `HashCancelledError`. */
  signal?: { readonly aborted: boolean; addEventListener(type: 'abort', listener: () => void): void };
}

/** Which implementation did the work, so the UI (and tests) can tell the native path from the browser one. */
export type HashEngine = 'native' | 'browser';

export interface HashCapability {
  readonly engine: HashEngine;
  hashFile(file: ReadableFile, options: HashFileOptions): Promise<HashDigests>;
}

export class HashCancelledError extends Error {
  constructor() {
    super('hash cancelled');
    this.name = 'HashCancelledError';
  }
}
