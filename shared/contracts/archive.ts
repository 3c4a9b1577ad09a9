/**
 * Archives (issue: text and file utilities, /compress). Two engines behind one capability: the
 * browser's (fflate in our own worker pool for zip/tar/gz, 7-Zip compiled to wasm for the formats
 * fflate cannot read) and the desktop's (7-Zip itself in the main process, from file paths).
 * This file holds what both engines and the page agree on; the capability interface sits beside
 * the page's needs in renderer/platform/archive.
 */

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
 * DOMException name from the browser); diskFull: the target's disk ran out of space.
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
