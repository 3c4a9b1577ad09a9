import type { ArchiveEntry } from '../contracts/archive';

/**
 * Zip-bomb limits. A real archive of documents or photos expands a few times, source code maybe
 * 10–20×; 42.zip and friends expand millions of times. Declared sizes can lie, so extractors also
 * count what they actually produce and stop at the same limits (`ExpansionGuard`).
 */
export interface ExpansionLimits {
  /** Most bytes one extraction may produce. */
  maxTotalBytes: number;
  maxEntries: number;
  /** Largest total/packed ratio allowed once the output is above `ratioFloorBytes`. */
  maxRatio: number;
  /** Small outputs can have any ratio (a 10 KB file of zeros compresses 1000×) without harm. */
  ratioFloorBytes: number;
}

const MB = 1024 * 1024;

/** The browser holds extracted bytes in memory or writes them through a page; keep it modest. */
export const BROWSER_LIMITS: ExpansionLimits = {
  maxTotalBytes: 4096 * MB,
  maxEntries: 100_000,
  maxRatio: 1000,
  ratioFloorBytes: 100 * MB,
};

/** 7-Zip writes straight to disk on the desktop, so more room, same shape. */
export const DESKTOP_LIMITS: ExpansionLimits = {
  maxTotalBytes: 64 * 1024 * MB,
  maxEntries: 1_000_000,
  maxRatio: 1000,
  ratioFloorBytes: 100 * MB,
};

export type ExpansionVerdict =
  { ok: true } | { ok: false; reason: 'tooManyEntries' | 'tooLarge' | 'ratio'; totalBytes: number; ratio: number };

function verdict(totalBytes: number, entries: number, archiveBytes: number, limits: ExpansionLimits): ExpansionVerdict {
  const ratio = archiveBytes > 0 ? totalBytes / archiveBytes : Infinity;
  if (entries > limits.maxEntries) return { ok: false, reason: 'tooManyEntries', totalBytes, ratio };
  if (totalBytes > limits.maxTotalBytes) return { ok: false, reason: 'tooLarge', totalBytes, ratio };
  if (totalBytes > limits.ratioFloorBytes && ratio > limits.maxRatio) return { ok: false, reason: 'ratio', totalBytes, ratio };
  return { ok: true };
}

/** Checks what the listing declares, before extracting anything. */
export function assessListing(
  entries: readonly Pick<ArchiveEntry, 'size'>[],
  archiveBytes: number,
  limits: ExpansionLimits,
): ExpansionVerdict {
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  return verdict(total, entries.length, archiveBytes, limits);
}

/** Counts what extraction really produces, since headers can under-declare sizes. */
export class ExpansionGuard {
  private bytes = 0;
  private entries = 0;

  constructor(
    private readonly archiveBytes: number,
    private readonly limits: ExpansionLimits,
  ) {}

  /** Call per produced chunk; returns the failing verdict as soon as a limit is crossed. */
  add(chunkBytes: number, newEntry = false): ExpansionVerdict {
    this.bytes += chunkBytes;
    if (newEntry) this.entries += 1;
    return verdict(this.bytes, this.entries, this.archiveBytes, this.limits);
  }
}
