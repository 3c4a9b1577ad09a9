import type { OfferedFile } from './protocol';

/** One file to send, read a piece at a time (a File's Blob.slice on the page): never whole in memory. */
export interface FileSource {
  /** Relative path with '/' between folders (a folder's structure); a plain name for a single file. */
  path: string;
  size: number;
  lastModified: number;
  type: string;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** Where received files go: a folder the user picked, the browser's private storage, memory in tests. */
export interface ReceiveSink {
  /**
   * Opens `file` for writing at `resumeAt`, keeping the bytes before it (0: a new, empty file).
   * The receiver then truncates to `resumeAt`, dropping any tail that was never acknowledged.
   */
  open(file: OfferedFile, options: { resumeAt: number }): Promise<SinkFile>;
  /** Removes a partial file kept (closed) for a resume that will not come: the transfer was cancelled. */
  discard(file: OfferedFile): Promise<void>;
}

export interface SinkFile {
  write(data: Uint8Array): Promise<void>;
  truncate(size: number): Promise<void>;
  /** Keeps what was written: a finished file, or a partial one a resume will continue. */
  close(): Promise<void>;
  /** Discards the file: it failed its check, or the transfer was cancelled. */
  abort(): Promise<void>;
}

/**
 * An incremental SHA-256 whose state can be saved and loaded, so a resume restarts hashing at the
 * last acknowledged offset. hash-wasm's `createSHA256()` fits as it is; shared stays free of it. A
 * hasher in a worker answers `save` and `digest` later: they may return promises, and an `update`
 * that failed there rejects the next of them.
 */
export interface P2pHasher {
  init(): unknown;
  update(data: Uint8Array): unknown;
  digest(): string | Promise<string>;
  save(): Uint8Array | Promise<Uint8Array>;
  load(state: Uint8Array): unknown;
  /** Lets go of what it holds (a worker's state) once the transfer has ended. */
  dispose?(): void;
}

export type TransferState = 'offered' | 'active' | 'paused' | 'done' | 'declined' | 'cancelled' | 'failed';
export type FileState = 'waiting' | 'active' | 'verifying' | 'done' | 'failed';

export type TransferError =
  /** The peer sent something this protocol does not allow (or a newer version of it). */
  | { code: 'protocol'; detail: string }
  /** Reading a file to send failed (moved, deleted, unreadable). */
  | { code: 'source'; detail: string; cause?: unknown }
  /** Writing a received file failed: `cause` is the sink's error (a quota error on the page). */
  | { code: 'sink'; detail: string; cause?: unknown }
  /** The SHA-256 code could not load (a chunk or its WebAssembly that failed to download). */
  | { code: 'hasher'; detail: string; cause?: unknown }
  /** The other side failed and said so. */
  | { code: 'peer'; detail: 'sender-error' | 'receiver-error' | 'protocol' };

export interface FileProgress {
  index: number;
  path: string;
  size: number;
  /** Sender: acknowledged bytes (on the receiver's disk). Receiver: written bytes. */
  bytes: number;
  state: FileState;
  /** Set on a failed file: its SHA-256 did not match the sender's. */
  error?: 'hash-mismatch';
}

export interface TransferSnapshot {
  transferId: string;
  role: 'send' | 'receive';
  state: TransferState;
  /** Who cancelled, when `state` is 'cancelled'. */
  cancelledBy?: 'me' | 'peer';
  error?: TransferError;
  files: FileProgress[];
  bytes: number;
  totalBytes: number;
  /** Over the last few seconds; 0 until two samples exist. */
  bytesPerSecond: number;
  /** Seconds left at the current speed; null while the speed is unknown. */
  etaSeconds: number | null;
}

export const isFinished = (state: TransferState): boolean =>
  state === 'done' || state === 'declined' || state === 'cancelled' || state === 'failed';
