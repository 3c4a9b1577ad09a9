/**
 * Archives (issue: text and file utilities, /compress). Two engines behind one capability: the
 * browser's (fflate in our own worker pool for zip/tar/gz, 7-Zip compiled to wasm for the formats
 * fflate cannot read) and the desktop's (7-Zip itself in the main process, from file paths).
 * This file holds what both engines and the page agree on, the capability interface included.
 */
import type { ExpansionLimits } from '../archive/limits';

/** What Baibao can write. 7z needs 7-Zip: the desktop engine always, the browser engine only via wasm. */
export const ARCHIVE_CREATE_FORMATS = ['zip', '7z', 'tar', 'tar.gz'] as const;
export type ArchiveCreateFormat = (typeof ARCHIVE_CREATE_FORMATS)[number];

/** What Baibao can open (list, preview, extract). Compound tar.* names are reported as such. */
export const ARCHIVE_READ_FORMATS = ['zip', '7z', 'rar', 'tar', 'tar.gz', 'tar.bz2', 'tar.xz', 'gz', 'bz2', 'xz'] as const;
export type ArchiveReadFormat = (typeof ARCHIVE_READ_FORMATS)[number];

export interface ArchiveEntry {
  /** '/'-separated, relative, checked by `safeEntryPath`; folders have no trailing slash. */
  path: string;
  directory: boolean;
  /** Uncompressed size as the archive declares it (an extractor must not trust it: see shared/archive/limits). */
  size: number;
  /** The archive does not record the size (a bare bz2 or xz stream): `size` is then 0 and shown as unknown. */
  sizeUnknown?: boolean;
  /** Compressed size where the format records it per entry (zip, 7z, rar); undefined for solid blocks and tar. */
  packedSize?: number;
  encrypted: boolean;
  /** Epoch milliseconds. */
  modified?: number;
}

export interface ArchiveListing {
  format: ArchiveReadFormat;
  entries: ArchiveEntry[];
  /** Some entries (or, for 7z with encrypted headers, the listing itself) need a password. */
  encrypted: boolean;
}

/**
 * Why an archive operation failed; the page shows a translated message per code.
 * passwordRequired / wrongPassword: encrypted content; corrupt: damaged or truncated;
 * unsupported: not an archive this engine reads; unsafePath: an entry would land outside the target
 * folder (`../`, absolute or drive paths); bomb: declared or actual expansion beyond the limits;
 * tooLarge: input beyond what this engine can hold; cancelled;
 * conflict: an entry would replace a folder with a file or a file with a folder in the target
 * (detail: the entry's relative name; nothing was written); fileUnavailable: a file or folder
 * involved is missing, moved, or cannot be read or written (detail: an errno such as ENOENT, or a
 * DOMException name from the browser); diskFull: the target's disk ran out of space;
 * unsupportedMethod: the archive is readable but an entry is packed with a method this engine
 * cannot decode (detail: the method's name, see shared/archive/format.ts);
 * missingVolume: one volume of a multi-volume archive is given without the others (detail: the
 * name of the first volume missing); damagedEntry: one entry read on its own (a preview, one file)
 * fails its checksum or does not decode (detail: its path) — in an extraction of several, damaged
 * entries are left out and listed in the result's `damaged` instead; codecUnavailable: the browser
 * could not download the 7-Zip engine (offline before the service worker had it).
 * Details never hold absolute paths: the page may show them.
 */
export const ARCHIVE_ERROR_CODES = [
  'passwordRequired',
  'wrongPassword',
  'corrupt',
  'unsupported',
  'unsafePath',
  'bomb',
  'tooLarge',
  'cancelled',
  'conflict',
  'fileUnavailable',
  'diskFull',
  'unsupportedMethod',
  'missingVolume',
  'damagedEntry',
  'codecUnavailable',
] as const;
export type ArchiveErrorCode = (typeof ARCHIVE_ERROR_CODES)[number];

/**
 * The one error type both engines throw. Only a message survives Comlink and Electron IPC (which
 * prefixes it), so the code travels in the message as `archive:<code>` and `archiveErrorCode` reads it back.
 */
export class ArchiveError extends Error {
  constructor(
    readonly code: ArchiveErrorCode,
    detail = '',
  ) {
    super(detail ? `archive:${code}: ${detail}` : `archive:${code}`);
    this.name = 'ArchiveError';
  }
}

const CODE_PATTERN = new RegExp(`archive:(${ARCHIVE_ERROR_CODES.join('|')})\\b`);

export function archiveErrorCode(error: unknown): ArchiveErrorCode | undefined {
  if (error instanceof ArchiveError) return error.code;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const found = CODE_PATTERN.exec(message)?.[1];
  return ARCHIVE_ERROR_CODES.find((code) => code === found);
}

/**
 * How much of a big encrypted entry the desktop page reads to check a password. An entry this
 * small or smaller is read whole, so 7-Zip's CRC check catches any wrong password; of a bigger one
 * only this much, which catches it wherever the format checks early (zip's AES and ZipCrypto
 * verifiers, 7z's compressed data failing to decode) but not in a 7z stored without compression.
 */
export const ARCHIVE_PASSWORD_PROBE_BYTES = 1024 * 1024;

/** Longest password either engine accepts (7-Zip's own limit is far above any typed password). */
export const ARCHIVE_PASSWORD_MAX = 256;

/** Largest entry main hands to the page in one answer (previews). */
export const ARCHIVE_READ_ENTRY_MAX = 64 * 1024 * 1024;
/** Most disk paths one `archive:create` takes; the page hands bigger sets to the browser engine rather than be refused. */
export const ARCHIVE_CREATE_SOURCES_MAX = 10_000;
/** Longest file name the save dialog is offered, extension included: what most file systems allow. */
export const ARCHIVE_FILE_NAME_MAX = 255;
/** Most entry paths one `archive:extract` names. */
export const ARCHIVE_EXTRACT_PATHS_MAX = 100_000;

/** Formats whose containers can carry a password: zip (AES-256) and 7z (AES-256, optionally over the names too). */
export const ARCHIVE_PASSWORD_FORMATS: readonly ArchiveCreateFormat[] = ['zip', '7z'];

/** How a new archive is written; shared by the page, the browser engine and the IPC schema. */
export interface ArchiveCreateSettings {
  format: ArchiveCreateFormat;
  /** 0 (store) … 9 (smallest); tar ignores it. */
  level: number;
  password?: string;
  /** 7z only: encrypt the file names as well (7-Zip's -mhe). */
  encryptNames?: boolean;
}

/** The file name extension Baibao gives each created format. */
export const ARCHIVE_EXTENSIONS: Record<ArchiveCreateFormat, string> = { zip: 'zip', '7z': '7z', tar: 'tar', 'tar.gz': 'tar.gz' };

/**
 * The host's file types. `shared` compiles without DOM types, so the capability below is written
 * over them; renderer/platform binds them to File, Blob and FileSystemDirectoryHandle once
 * (`DomArchiveTypes`) and its index exports the bound names tools use.
 */
export interface ArchiveHostTypes {
  file: unknown;
  blob: unknown;
  directory: unknown;
}

export interface CancelSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
}

/** One file to archive: its bytes and its '/'-separated path inside the archive. */
export interface ArchiveSource<H extends ArchiveHostTypes> {
  file: H['file'] | H['blob'];
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

/**
 * What a finished archive or extraction produced. The browser hands back a Blob to download, the
 * desktop writes where the user chose and says where.
 */
export type ArchiveResult<H extends ArchiveHostTypes> = (
  | { kind: 'blob'; blob: H['blob']; fileName: string }
  | { kind: 'saved'; savedPath: string; bytes: number; files?: number }
  | { kind: 'written'; folderName: string; files: number; bytes: number }
) & {
  /**
   * Extracted files that failed their checksum (CRC) or did not decode: left out of the result,
   * which holds every other file; the page names them. Absent or empty when all were sound.
   */
  damaged?: readonly string[];
};

/** Where extracted entries go: a new zip (download), a folder handle (File System Access) or a folder main asks for (desktop). */
export type ExtractTarget<H extends ArchiveHostTypes> =
  { kind: 'zip'; fileName: string } | { kind: 'directory'; handle: H['directory'] } | { kind: 'nativeFolder' };

export interface OpenedArchive<H extends ArchiveHostTypes> {
  readonly listing: ArchiveListing;
  /** Which engine holds this archive ('7zip' on the desktop unless it fell back). */
  readonly engine: 'browser' | '7zip';
  /** Extraction targets this archive supports here. */
  readonly targets: readonly ExtractTarget<H>['kind'][];
  /** Entry bytes, at most `maxBytes` (a longer entry is cut there: enough for a preview). */
  readEntry(path: string, options: { password?: string; maxBytes: number; signal?: CancelSignal }): Promise<Uint8Array>;
  /** Resolves when `password` opens the encrypted entries; throws ArchiveError wrongPassword otherwise. */
  checkPassword(password: string): Promise<void>;
  /** Extracts the given file paths (all files when omitted). */
  extract(
    paths: readonly string[] | undefined,
    target: ExtractTarget<H>,
    options?: ArchiveJobOptions & { password?: string },
  ): Promise<ArchiveResult<H>>;
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

/**
 * The archive capability tools use (/compress). Two engines: the browser's (fflate in our worker
 * pool, zip.js for AES zips and zip reading, 7-Zip compiled to wasm for the rest) and the
 * desktop's (7-Zip in the main process, from paths on disk).
 */
export interface ArchiveCapability<H extends ArchiveHostTypes> {
  readonly engine: 'browser' | '7zip';
  /** Formats this engine can write here (the page offers only these). */
  readonly createFormats: readonly ArchiveCreateFormat[];
  readonly limits: ExpansionLimits;
  /**
   * `baseName` is the archive's name without extension. `partialFolders`: the user removed files
   * from a dropped folder, so the folder on disk is not what should be archived.
   */
  create(sources: readonly ArchiveSource<H>[], settings: ArchiveCreateSettings, options?: ArchiveCreateOptions): Promise<ArchiveResult<H>>;
  /**
   * Lists the archive; refuses unsafe paths and bombs (ArchiveError unsafePath / bomb). One volume
   * of a multi-volume archive without the others fails with `missingVolume`; `volumes` are the
   * others (in any order; the opened file may be among them).
   */
  open(file: H['file'], options?: { password?: string; signal?: CancelSignal; volumes?: readonly H['file'][] }): Promise<OpenedArchive<H>>;
}
