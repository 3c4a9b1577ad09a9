import type { ArchiveCreateFormat, ArchiveCreateSettings, ArchiveListing } from '@shared/contracts/archive';
import type { ExpansionLimits } from '@shared/archive/limits';

/**
 * The archive capability tools use (/compress). Two engines: the browser's (fflate in our worker
 * pool, zip.js for AES zips and zip reading, 7-Zip compiled to wasm for the rest) and the
 * desktop's (7-Zip in the main process, from paths on disk). Results differ by nature: the
 * browser hands back a Blob to download, the desktop writes where the user chose and says where.
 */

export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
}

/** One file to archive: its bytes and its '/'-separated path inside the archive. */
export interface ArchiveSource {
  file: File | Blob;
  path: string;
  /** Epoch ms; defaults to the File's lastModified. */
  modified?: number;
}

/** A folder to archive even when no file lies in it (an empty folder inside a dropped one). */
export interface ArchiveFolder {
  /** '/'-separated path inside the archive, without a trailing '/'. */
  path: string;
  /** Epoch ms; defaults to now. */
  modified?: number;
}

export interface ArchiveJobOptions {
  /** 0…1 as the work advances. */
  onProgress?: (fraction: number) => void;
  signal?: CancelSignal;
}

/** What a finished archive or extraction produced. */
export type ArchiveResult =
  | { kind: 'blob'; blob: Blob; fileName: string }
  | { kind: 'saved'; savedPath: string; bytes: number; files?: number }
  | { kind: 'written'; folderName: string; files: number; bytes: number };

/** Where extracted entries go: a new zip (download), a folder handle (File System Access) or a folder main asks for (desktop). */
export type ExtractTarget = { kind: 'zip'; fileName: string } | { kind: 'directory'; handle: FileSystemDirectoryHandle } | { kind: 'nativeFolder' };

export interface OpenedArchive {
  readonly listing: ArchiveListing;
  /** Which engine holds this archive ('7zip' on the desktop unless it fell back). */
  readonly engine: 'browser' | '7zip';
  /** Extraction targets this archive supports here. */
  readonly targets: readonly ExtractTarget['kind'][];
  /** Entry bytes, at most `maxBytes` (a longer entry is cut there: enough for a preview). */
  readEntry(path: string, options: { password?: string; maxBytes: number; signal?: CancelSignal }): Promise<Uint8Array>;
  /** Resolves when `password` opens the encrypted entries; throws ArchiveError wrongPassword otherwise. */
  checkPassword(password: string): Promise<void>;
  /** Extracts the given file paths (all files when omitted). */
  extract(paths: readonly string[] | undefined, target: ExtractTarget, options?: ArchiveJobOptions & { password?: string }): Promise<ArchiveResult>;
  close(): void;
}

export interface ArchiveCreateOptions extends ArchiveJobOptions {
  baseName: string;
  partialFolders?: boolean;
  /**
   * Folders the archive must hold besides those of the files: empty ones. The browser engine
   * writes them; the desktop's adds dropped folders from disk, empty ones included, and passes
   * these on only when it leaves the job to the browser engine.
   */
  folders?: readonly ArchiveFolder[];
}

export interface ArchiveCapability {
  readonly engine: 'browser' | '7zip';
  /** Formats this engine can write here (the page offers only these). */
  readonly createFormats: readonly ArchiveCreateFormat[];
  readonly limits: ExpansionLimits;
  /**
   * `baseName` is the archive's name without extension. `partialFolders`: the user removed files
   * from a dropped folder, so the folder on disk is not what should be archived.
   */
  create(sources: readonly ArchiveSource[], settings: ArchiveCreateSettings, options?: ArchiveCreateOptions): Promise<ArchiveResult>;
  /** Lists the archive; refuses unsafe paths and bombs (ArchiveError unsafePath / bomb). */
  open(file: File, options?: { password?: string; signal?: CancelSignal }): Promise<OpenedArchive>;
}
