import { safeEntryPath } from '@shared/archive/entry-path';
import { tarEnd, tarHeader, tarPadding } from '@shared/archive/tar-writer';
import { ZipLayout } from '@shared/archive/zip-writer';
import { ARCHIVE_EXTENSIONS, ArchiveError } from '@shared/contracts/archive';
import type { ArchiveCreateSettings } from '@shared/contracts/archive';
import type { DeflatedEntry, DeflateLevel } from './deflate-core';
import { archivePool, workerCallback } from './pool';
import type { ArchivePool } from './pool';
import { with7z } from './sevenzip-client';
import type { ArchiveCreateOptions, ArchiveFolder, ArchiveJobOptions, ArchiveResult, ArchiveSource } from './types';

/** 7z is built inside the wasm heap (2 GB): input plus output must fit with room to spare. */
export const BROWSER_7Z_MAX_INPUT = 1024 * 1024 * 1024;

interface PlannedEntry {
  path: string;
  directory: boolean;
  file: Blob;
  modified: number;
}

const EMPTY = new Blob([]);

/**
 * Sources as archive entries: paths checked, duplicates refused, every parent folder listed once
 * before its contents; `folders` (empty ones from a dropped folder, or an archive's own being
 * re-zipped) are kept too, and give their dates to the folders they name.
 */
export function planEntries(sources: readonly ArchiveSource[], folders: readonly ArchiveFolder[] = []): PlannedEntry[] {
  const out: PlannedEntry[] = [];
  const known = new Set<string>();
  const files = new Set<string>();
  const checked = folders.map((folder) => {
    const verdict = safeEntryPath(folder.path);
    if (!verdict.ok) throw new ArchiveError('unsafePath', folder.path);
    return { path: verdict.path, modified: folder.modified };
  });
  const dates = new Map(checked.filter((folder) => folder.modified !== undefined).map((folder) => [folder.path, folder.modified!]));
  const addFolders = (segments: readonly string[], upTo: number, modified: number) => {
    for (let depth = 1; depth <= upTo; depth++) {
      const folder = segments.slice(0, depth).join('/');
      if (known.has(folder)) continue;
      known.add(folder);
      out.push({ path: folder, directory: true, file: EMPTY, modified: dates.get(folder) ?? modified });
    }
  };
  for (const source of sources) {
    const verdict = safeEntryPath(source.path);
    if (!verdict.ok) throw new ArchiveError('unsafePath', source.path);
    if (files.has(verdict.path)) continue;
    files.add(verdict.path);
    const modified = source.modified ?? (source.file instanceof File ? source.file.lastModified : Date.now());
    const segments = verdict.path.split('/');
    addFolders(segments, segments.length - 1, modified);
    out.push({ path: verdict.path, directory: false, file: source.file, modified });
  }
  const now = Date.now();
  for (const folder of checked) {
    // A file of that name wins: a folder cannot take its place.
    if (files.has(folder.path)) continue;
    const segments = folder.path.split('/');
    addFolders(segments, segments.length, folder.modified ?? now);
  }
  return out;
}

function progressOver(total: number, onProgress?: (fraction: number) => void) {
  let done = 0;
  return (bytes: number) => {
    done += bytes;
    onProgress?.(total > 0 ? Math.min(1, done / total) : 1);
  };
}

/** Files below this travel to the workers in batches of up to BATCH_BYTES / BATCH_FILES. */
const BATCH_FILE = 1024 * 1024;
const BATCH_BYTES = 4 * 1024 * 1024;
const BATCH_FILES = 512;

interface Job {
  indices: number[];
  bytes: number;
}

/** Big files alone, small ones grouped; biggest jobs first so no worker is left with a long tail. */
function planJobs(entries: readonly PlannedEntry[]): Job[] {
  const jobs: Job[] = [];
  let batch: Job = { indices: [], bytes: 0 };
  entries.forEach((entry, index) => {
    if (entry.directory) return;
    if (entry.file.size >= BATCH_FILE) {
      jobs.push({ indices: [index], bytes: entry.file.size });
      return;
    }
    batch.indices.push(index);
    batch.bytes += entry.file.size;
    if (batch.bytes >= BATCH_BYTES || batch.indices.length >= BATCH_FILES) {
      jobs.push(batch);
      batch = { indices: [], bytes: 0 };
    }
  });
  if (batch.indices.length > 0) jobs.push(batch);
  return jobs.sort((a, b) => b.bytes - a.bytes);
}

/** A zip from our pool: workers deflate whole files (small ones in batches); this thread only lays out headers around their output. */
export async function zipWithPool(
  entries: readonly PlannedEntry[],
  level: DeflateLevel,
  options: ArchiveJobOptions = {},
  pool: ArchivePool = archivePool(),
): Promise<Blob> {
  const advance = progressOver(
    entries.reduce((sum, entry) => sum + entry.file.size, 0),
    options.onProgress,
  );
  const results: (DeflatedEntry | undefined)[] = new Array(entries.length);
  await Promise.all(
    planJobs(entries).map((job) =>
      pool.run(async (api, jobId) => {
        const packed =
          job.indices.length === 1 && entries[job.indices[0]!]!.file.size >= BATCH_FILE
            ? [await api.deflate(jobId, entries[job.indices[0]!]!.file, level)]
            : await api.deflateBatch(
                jobId,
                new Blob(job.indices.map((index) => entries[index]!.file)),
                job.indices.map((index) => entries[index]!.file.size),
                level,
              );
        job.indices.forEach((index, at) => (results[index] = packed[at]));
        advance(job.bytes);
      }, options.signal),
    ),
  );
  const layout = new ZipLayout();
  const parts: BlobPart[] = [];
  entries.forEach((entry, index) => {
    const packed = results[index];
    if (!packed) {
      parts.push(
        layout.add({
          path: entry.path,
          directory: true,
          method: 0,
          crc: 0,
          compressedSize: 0,
          size: 0,
          modified: entry.modified,
        }) as BlobPart,
      );
      return;
    }
    parts.push(
      layout.add({
        path: entry.path,
        directory: false,
        method: packed.method,
        crc: packed.crc,
        compressedSize: packed.compressedSize,
        size: packed.size,
        modified: entry.modified,
      }) as BlobPart,
    );
    // Stored entries are the source File itself: the Blob references it, nothing is copied.
    if (packed.method === 0) parts.push(entry.file);
    else parts.push(...(packed.chunks as BlobPart[]));
  });
  parts.push(layout.finish() as BlobPart);
  return new Blob(parts, { type: 'application/zip' });
}

function tarBlob(entries: readonly PlannedEntry[]): Blob {
  const parts: BlobPart[] = [];
  for (const entry of entries) {
    parts.push(tarHeader({ path: entry.path, directory: entry.directory, size: entry.file.size, modified: entry.modified }) as BlobPart);
    if (entry.directory) continue;
    parts.push(entry.file, new Uint8Array(tarPadding(entry.file.size)));
  }
  parts.push(tarEnd() as BlobPart);
  return new Blob(parts, { type: 'application/x-tar' });
}

export async function createInBrowser(
  sources: readonly ArchiveSource[],
  settings: ArchiveCreateSettings,
  options: ArchiveCreateOptions,
): Promise<ArchiveResult> {
  const entries = planEntries(sources, options.folders);
  const level = Math.min(9, Math.max(0, Math.round(settings.level))) as DeflateLevel;
  const fileName = `${options.baseName}.${ARCHIVE_EXTENSIONS[settings.format]}`;
  const pool = archivePool();
  const progress = workerCallback((fraction: number) => options.onProgress?.(fraction));
  let blob: Blob;
  switch (settings.format) {
    case 'zip':
      blob = settings.password
        ? await pool.run((api, jobId) => api.encryptZip(jobId, entries, level, settings.password!, progress), options.signal)
        : await zipWithPool(entries, level, options, pool);
      break;
    case 'tar':
      blob = tarBlob(entries);
      options.onProgress?.(1);
      break;
    case 'tar.gz':
      blob = await pool.run((api, jobId) => api.gzip(jobId, tarBlob(entries), level, progress), options.signal);
      break;
    case '7z': {
      const files = entries.filter((entry) => !entry.directory);
      if (files.reduce((sum, entry) => sum + entry.file.size, 0) > BROWSER_7Z_MAX_INPUT)
        throw new ArchiveError('tooLarge', '7z in the browser');
      const sevenZipSources = entries.map(({ file, path, directory, modified }) =>
        directory ? { path, modified } : { file, path, modified },
      );
      blob = await with7z(
        (api) => api.create(sevenZipSources, level, settings.password || undefined, !!settings.encryptNames),
        options.signal,
      );
      options.onProgress?.(1);
      break;
    }
  }
  return { kind: 'blob', blob, fileName };
}
