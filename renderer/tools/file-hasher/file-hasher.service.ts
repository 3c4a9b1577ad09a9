import { HASH_ALGORITHMS } from '@shared/contracts/hash';
import type { HashAlgorithm, HashDigests } from '@shared/contracts/hash';
import { displayDigest, formatSumLine, formatTagLine } from '@shared/hash/checksum-format';
import { formatFileSize } from '@/lib/format';

/** Display names; technical names that are the same in every language. */
export const ALGORITHM_LABELS: Record<HashAlgorithm, string> = {
  md5: 'MD5',
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha512: 'SHA-512',
  crc32: 'CRC32',
  sm3: 'SM3',
};

/** The coreutils command whose output format a single-algorithm export follows. */
export const SUM_COMMAND: Partial<Record<HashAlgorithm, string>> = {
  md5: 'md5sum',
  sha1: 'sha1sum',
  sha256: 'sha256sum',
  sha512: 'sha512sum',
  sm3: 'cksum -a sm3',
};

/** Keeps algorithms in the canonical order whatever order they were ticked in. */
export function orderAlgorithms(algorithms: readonly HashAlgorithm[]): HashAlgorithm[] {
  return HASH_ALGORITHMS.filter((algorithm) => algorithms.includes(algorithm));
}

export type ExportFormat = 'all' | HashAlgorithm;

export interface ExportRow {
  readonly name: string;
  readonly digests?: HashDigests;
}

/**
 * Results as a checksum file. One algorithm: exactly what `sha256sum` (md5sum, …) prints, so
 * `sha256sum -c` verifies it. All: coreutils' `--tag` lines, which name their algorithm. Rows
 * without that digest (failed, cancelled, still running) are left out.
 */
export function formatExport(rows: readonly ExportRow[], format: ExportFormat, uppercase = false): string {
  const lines: string[] = [];
  for (const row of rows) {
    const algorithms = format === 'all' ? HASH_ALGORITHMS : [format];
    for (const algorithm of algorithms) {
      const hex = row.digests?.[algorithm];
      if (hex === undefined) continue;
      const shown = displayDigest(hex, uppercase);
      lines.push(format === 'all' ? formatTagLine(algorithm, shown, row.name) : formatSumLine(shown, row.name));
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** File name of an exported checksum file, after the conventional SHA256SUMS / MD5SUMS. */
export function exportFileName(format: ExportFormat): string {
  return format === 'all' ? 'CHECKSUMS.txt' : `${format.toUpperCase()}SUMS.txt`;
}

/** Elapsed time for people: ms under a second, then seconds with one decimal, then m:ss. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Throughput as a file size per second ("350.5 MB"); the caller appends "/s" in its locale. */
export function formatSpeed(bytes: number, ms: number): string {
  return formatFileSize(ms > 0 ? Math.round((bytes * 1000) / ms) : bytes);
}

export type HashErrorKind = 'cancelled' | 'unreadable' | 'tooLarge' | 'unknown';

/**
 * What went wrong, from the error's name: browsers report a file deleted, moved or locked after
 * picking as NotReadableError (Chromium) or NotFoundError, and a read too big for memory as a
 * RangeError or NotReadableError depending on the engine. On the desktop the file-system failure
 * comes from main as a HashFileError, whose name only survives IPC inside the message.
 */
export function classifyHashError(error: unknown): HashErrorKind {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'HashCancelledError' || name === 'AbortError') return 'cancelled';
  if (name === 'NotReadableError' || name === 'NotFoundError' || name === 'SecurityError') return 'unreadable';
  if (error instanceof Error && /\bHashFileError\b/.test(error.message)) return 'unreadable';
  if (name === 'RangeError' && error instanceof Error && /allocation|array buffer/i.test(error.message)) return 'tooLarge';
  return 'unknown';
}

/** Whether a finished row lacks a digest that is selected now (so "compute again" makes sense). */
export function missingAlgorithms(digests: HashDigests | undefined, selected: readonly HashAlgorithm[]): HashAlgorithm[] {
  return digests ? selected.filter((algorithm) => digests[algorithm] === undefined) : [];
}
