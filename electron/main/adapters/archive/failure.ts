import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveReadFormat } from '@shared/contracts/archive';
import { unsupportedMethodName } from '@shared/archive/format';

/** Containers 7-Zip reads that the page opens (formats it only lists, like cab, are not sniffed). */
export type SniffedFormat = 'zip' | '7z' | 'gz' | 'bz2' | 'xz' | 'tar' | 'rar';

const startsWith = (head: Uint8Array, bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);

/** Identifies a container from its first 512 bytes, to tell "damaged" from "not one we read". */
export function sniffArchive(head: Uint8Array): SniffedFormat | undefined {
  if (startsWith(head, [0x50, 0x4b]) && [0x0304, 0x0506, 0x0708].includes(((head[2] ?? 0) << 8) | (head[3] ?? 0))) return 'zip';
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return '7z';
  if (startsWith(head, [0x1f, 0x8b])) return 'gz';
  if (startsWith(head, [0x42, 0x5a, 0x68])) return 'bz2';
  if (startsWith(head, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00])) return 'xz';
  if (startsWith(head, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07])) return 'rar';
  if (startsWith(head, [0x75, 0x73, 0x74, 0x61, 0x72], 257)) return 'tar';
  return undefined;
}

export interface SevenZipFailure {
  /** stdout and stderr together: 7-Zip splits its messages between them. */
  output: string;
  exitCode: number | null;
  passwordGiven: boolean;
  /** What the file looks like, from `sniffArchive`. */
  sniffed: SniffedFormat | undefined;
  /** Once listed: each entry's coders by the name 7-Zip prints, and the format, to name a method 7-Zip lacks. */
  methods?: ReadonlyMap<string, string>;
  format?: ArchiveReadFormat;
}

/** The method 7-Zip could not decode, by name ("Zstandard"), from the entry its error names. */
function missingMethod(output: string, methods: ReadonlyMap<string, string> | undefined, format: ArchiveReadFormat | undefined): string {
  const entries = [...output.matchAll(/Unsupported Method : (.*)$/gm)].map((match) => match[1]?.trim() ?? '');
  const entry = entries.at(-1);
  const field =
    (entry !== undefined ? methods?.get(entry) : undefined) ?? (methods?.size === 1 ? [...methods.values()][0] : undefined) ?? '';
  return field ? unsupportedMethodName(field, format) : '';
}

/** 7-Zip's first complaint (and the line after it, where it often puts the actual reason). 7-Zip never prints the password. */
function reason(output: string): string {
  const lines = output.split(/\r?\n/).map((line) => line.trim());
  const flagged = lines.findIndex((line) => /^(ERROR|ERRORS|Open ERROR)\b/.test(line));
  if (flagged < 0) return '';
  return lines
    .slice(flagged, flagged + 2)
    .filter(Boolean)
    .join(' ')
    .slice(0, 300);
}

/**
 * Archive-level complaints of 7-Zip that do not stop it reading every entry correctly: it
 * flags zip64 end records written by other tools as "Headers Error", for one.
 */
const BENIGN_OPEN_ERROR = /^(Headers Error|There are data after the end of archive|Unconfirmed start of archive)$/;

export function isBenignOpenError(message: string): boolean {
  return BENIGN_OPEN_ERROR.test(message.trim());
}

/** Exit code 2 caused only by benign archive-level complaints, with no entry failing. */
export function onlyBenignErrors(output: string): boolean {
  const lines = output.split(/\r?\n/).map((line) => line.trim());
  if (lines.some((line) => /^(ERROR:|Open ERROR)|Sub items Errors|Wrong password|CRC Failed|Data Error|Can ?not open/.test(line)))
    return false;
  let complaints = 0;
  for (let index = 0; index < lines.length; index++) {
    if (lines[index] !== 'ERRORS:') continue;
    for (let next = index + 1; next < lines.length && lines[next] && !/ = /.test(lines[next] ?? ''); next++, complaints++) {
      if (!isBenignOpenError(lines[next] ?? '')) return false;
    }
  }
  return complaints > 0;
}

/**
 * File-system failures 7-Zip names (strerror text, Windows' system messages, or the worker's
 * `system error <errno>`),
 * as the errno the page translates: 7-Zip's lines around them hold absolute paths.
 */
function namedSystemFailure(output: string): ArchiveError | undefined {
  if (/No space left on device|not enough space on the disk|Disk quota exceeded|system error E(NOSPC|DQUOT)/i.test(output))
    return new ArchiveError('diskFull', 'ENOSPC');
  if (/Read-only file system|media is write protected|system error EROFS/i.test(output))
    return new ArchiveError('fileUnavailable', 'EROFS');
  if (/Permission denied|Access is denied|Operation not permitted|system error (EACCES|EPERM)/i.test(output))
    return new ArchiveError('fileUnavailable', 'EACCES');
  // "No more files" is p7zip's ENOENT: the archive (or, creating, a source) is gone.
  if (/No more files|No such file or directory|cannot find the (file|path) specified/i.test(output))
    return new ArchiveError('fileUnavailable', 'ENOENT');
  return undefined;
}

/** Maps a failed 7-Zip run to the error the page understands. */
export function classifyFailure({ output, exitCode, passwordGiven, sniffed, methods, format }: SevenZipFailure): ArchiveError {
  const detail = reason(output);
  // Before the password: 7-Zip cannot check a password through a coder it lacks, and says so.
  if (/Unsupported Method/i.test(output)) return new ArchiveError('unsupportedMethod', missingMethod(output, methods, format));
  // The first volume of a multi-volume archive whose next volume is not beside it on disk: named
  // without its folder, as the page asks for it by name.
  const volume = /Missing volume : (.*)$/m.exec(output)?.[1]?.trim();
  if (volume !== undefined) return new ArchiveError('missingVolume', volume.replace(/^.*[\\/]/, ''));
  if (/Wrong password|Can ?not open encrypted archive/i.test(output)) {
    return new ArchiveError(passwordGiven ? 'wrongPassword' : 'passwordRequired', detail);
  }
  const system = namedSystemFailure(output);
  if (system) return system;
  // 7-Zip's own refusal of a link whose target leaves the folder (absolute, or up through `..`).
  if (/Dangerous link path/i.test(output)) return new ArchiveError('unsafePath', detail);
  if (/Unsupported feature/i.test(output)) return new ArchiveError('unsupported', detail);
  if (/Can ?not open the file as archive/i.test(output)) {
    // Generic "not an archive": unsupported unless it carries the signature of a format 7-Zip reads.
    return new ArchiveError(sniffed ? 'corrupt' : 'unsupported', detail);
  }
  if (exitCode === 8 || /Can't allocate required memory|Not enough memory/i.test(output)) return new ArchiveError('tooLarge', detail);
  return new ArchiveError('corrupt', detail || `7-Zip exit code ${exitCode ?? 'signal'}`);
}

/**
 * A failure 7-Zip reports only as E_FAIL: its word for a write that failed (a full disk, for
 * one). The caller, which knows where it was writing, decides whether the disk was the cause.
 */
export function isBareWriteFailure(error: unknown): boolean {
  return error instanceof ArchiveError && error.code === 'corrupt' && /\bE_FAIL\b/.test(error.message);
}

/**
 * Why `7zz a` failed, from its output: a full disk, a source or the output folder it could not
 * open, out of memory. Undefined when it names no cause (its bare E_FAIL after a failed write).
 */
export function classifyCreateFailure(output: string): ArchiveError | undefined {
  const system = namedSystemFailure(output);
  if (system) return system;
  if (/Can't allocate required memory|Not enough memory/i.test(output)) return new ArchiveError('tooLarge', 'memory');
  return undefined;
}
