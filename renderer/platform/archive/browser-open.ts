import { safeEntryPath } from '@shared/archive/entry-path';
import { detectArchiveFormat } from '@shared/archive/format';
import { END_RECORD_SEARCH, findEndRecord } from '@shared/archive/zip-directory';
import { assessListing, BROWSER_LIMITS, ExpansionGuard } from '@shared/archive/limits';
import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveListing, ArchiveReadFormat } from '@shared/contracts/archive';
import { planEntries, zipWithPool } from './browser-create';
import { archivePool } from './pool';
import { with7z } from './sevenzip-client';
import { writeIntoDirectory } from './write-directory';
import type { SevenZipVolume } from './sevenzip-core';
import type { ArchiveJobOptions, ArchiveResult, ArchiveSource, CancelSignal, ExtractTarget, OpenedArchive } from './types';
import { canPickDirectory } from '@/lib/file-system-access';
import { randomHexId } from '@/lib/ids';

/** Entries are read in batches of about this many declared bytes, spread over the pool. */
const BATCH_BYTES = 32 * 1024 * 1024;
const BATCH_ENTRIES = 256;

interface Reader {
  /** `paths` are the archive's own (raw) names; with `skipDamaged`, a damaged entry is null instead of failing the call. */
  read(
    paths: string[],
    options: { password?: string; truncateAt?: number; budget: number; skipDamaged?: boolean; signal?: CancelSignal },
  ): Promise<(Uint8Array | null)[]>;
  checkPassword(password: string, listing: ArchiveListing): Promise<void>;
  /** zip reads in parallel over the pool; 7-Zip has one worker. */
  parallel: boolean;
}

function zipReader(key: string, file: File): Reader {
  const pool = archivePool();
  return {
    parallel: true,
    read: (paths, { signal, ...options }) => pool.run((api, jobId) => api.readZip(jobId, key, file, paths, options), signal),
    checkPassword: (password) => pool.run((api) => api.checkZipPassword(key, file, password)),
  };
}

function sevenZipReader(
  key: string,
  file: File,
  format: ArchiveReadFormat,
  rawPaths: Map<string, string>,
  volumes: readonly SevenZipVolume[],
): Reader {
  const reader: Reader = {
    parallel: false,
    read: (paths, { signal, ...options }) =>
      with7z((api) => api.read(key, file, file.name, format, paths, { ...options, volumes }), signal),
    async checkPassword(password, listing) {
      const smallest = listing.entries.filter((entry) => entry.encrypted && !entry.directory).sort((a, b) => a.size - b.size)[0];
      if (smallest) await reader.read([rawPaths.get(smallest.path)!], { password, truncateAt: 1, budget: Number.MAX_SAFE_INTEGER });
    },
  };
  return reader;
}

/** Declared size, packed size and the listing checks: unsafe names and bombs are refused before anything is extracted. */
function vetListing(raw: ArchiveListing, archiveBytes: number): { listing: ArchiveListing; rawPaths: Map<string, string> } {
  const rawPaths = new Map<string, string>();
  const entries = raw.entries.map((entry) => {
    const verdict = safeEntryPath(entry.path);
    if (!verdict.ok) throw new ArchiveError('unsafePath', entry.path);
    rawPaths.set(verdict.path, entry.path);
    return { ...entry, path: verdict.path };
  });
  const verdict = assessListing(entries, archiveBytes, BROWSER_LIMITS);
  if (!verdict.ok) throw new ArchiveError('bomb', verdict.reason);
  return { listing: { ...raw, entries }, rawPaths };
}

function batches(paths: readonly string[], sizes: Map<string, number>): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const path of paths) {
    const size = sizes.get(path) ?? 0;
    if (current.length > 0 && (bytes + size > BATCH_BYTES || current.length >= BATCH_ENTRIES)) {
      out.push(current);
      current = [];
      bytes = 0;
    }
    current.push(path);
    bytes += size;
  }
  if (current.length > 0) out.push(current);
  return out;
}

/**
 * Reads every given entry, calling `onEntry` as batches finish (in any order). Counts what really
 * comes out against the limits: a header that under-declares sizes is caught here. Entries that
 * fail their CRC or do not decode are skipped, whichever engine reads them, and returned, so the
 * page can name them next to everything that was extracted.
 */
export async function readEntries(
  opened: { listing: ArchiveListing; reader: Reader; rawPaths: Map<string, string>; archiveBytes: number },
  paths: readonly string[],
  onEntry: (path: string, bytes: Uint8Array) => void | Promise<void>,
  options: ArchiveJobOptions & { password?: string } = {},
): Promise<string[]> {
  const damaged: string[] = [];
  const sizes = new Map(opened.listing.entries.map((entry) => [entry.path, entry.size]));
  const total = paths.reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0);
  const guard = new ExpansionGuard(opened.archiveBytes, BROWSER_LIMITS);
  let done = 0;
  const run = async (batch: string[]) => {
    const data = await opened.reader.read(
      batch.map((path) => opened.rawPaths.get(path) ?? path),
      { password: options.password, budget: BROWSER_LIMITS.maxTotalBytes, skipDamaged: true, signal: options.signal },
    );
    for (const [index, bytes] of data.entries()) {
      if (bytes === null) damaged.push(batch[index]!);
      else {
        const verdict = guard.add(bytes.length, true);
        if (!verdict.ok) throw new ArchiveError('bomb', verdict.reason);
        await onEntry(batch[index]!, bytes);
      }
      done += sizes.get(batch[index]!) ?? 0;
      options.onProgress?.(total > 0 ? done / total : 1);
    }
  };
  const all = batches(paths, sizes);
  if (opened.reader.parallel) await Promise.all(all.map(run));
  else for (const batch of all) await run(batch);
  const order = new Map(paths.map((path, index) => [path, index]));
  return damaged.sort((a, b) => order.get(a)! - order.get(b)!);
}

/**
 * The format by content, never by name (an .apk, .jar, .docx or .epub is a zip). A file whose
 * start says nothing may still end like a zip: a self-extractor is a program with a zip after it.
 */
async function sniffFormat(file: File): Promise<ArchiveReadFormat | undefined> {
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  const format = detectArchiveFormat(head, file.name);
  if (format || file.size < 22) return format;
  const tail = new Uint8Array(await file.slice(Math.max(0, file.size - END_RECORD_SEARCH)).arrayBuffer());
  return findEndRecord(tail) >= 0 ? 'zip' : undefined;
}

export interface BrowserOpened extends OpenedArchive {
  /** For the benchmark: read entries without packing them again. */
  readAll(onEntry: (path: string, bytes: Uint8Array) => void): Promise<void>;
}

export async function openInBrowser(
  file: File,
  options: { password?: string; signal?: CancelSignal; volumes?: readonly File[] } = {},
): Promise<BrowserOpened> {
  const format = await sniffFormat(file);
  if (!format) throw new ArchiveError('unsupported', file.name);
  const key = randomHexId();
  let raw: ArchiveListing | null = null;
  if (format === 'zip') {
    const { foreignMethods, ...zip } = await archivePool().run((api) => api.listZip(key, file), options.signal);
    // bzip2, lzma or zstd inside a zip: 7-Zip reads those, fflate does not.
    if (!foreignMethods) raw = zip;
  }
  const viaZip = raw !== null;
  // The other volumes of a multi-volume archive, mounted beside it under their own names.
  const volumes = (options.volumes ?? []).map((volume) => ({ name: volume.name, data: volume }));
  raw ??= await with7z((api) => api.list(key, file, file.name, format, options.password, volumes), options.signal);
  const { listing, rawPaths } = vetListing(raw, file.size);
  const reader = viaZip ? zipReader(key, file) : sevenZipReader(key, file, format, rawPaths, volumes);
  const state = { listing, reader, rawPaths, archiveBytes: file.size };
  const filePaths = () => listing.entries.filter((entry) => !entry.directory).map((entry) => entry.path);
  const canPickFolder = canPickDirectory();

  return {
    listing,
    engine: 'browser',
    targets: canPickFolder ? ['zip', 'directory'] : ['zip'],
    async readEntry(path, { password, maxBytes, signal }) {
      const [bytes] = await reader.read([rawPaths.get(path) ?? path], {
        password: password ?? options.password,
        truncateAt: maxBytes,
        budget: BROWSER_LIMITS.maxTotalBytes,
        signal,
      });
      if (!bytes) throw new ArchiveError('damagedEntry', path);
      return bytes;
    },
    checkPassword: (password) => reader.checkPassword(password, listing),
    async extract(paths, target: ExtractTarget, jobOptions = {}): Promise<ArchiveResult> {
      const chosen = paths ?? filePaths();
      const password = jobOptions.password ?? options.password;
      if (target.kind === 'directory') {
        const folders = listing.entries.filter(
          (entry) => entry.directory && (!paths || paths.some((path) => path.startsWith(`${entry.path}/`))),
        );
        let damaged: string[] = [];
        const written = await writeIntoDirectory(
          target.handle,
          { folders: folders.map((entry) => entry.path), files: chosen },
          async (write) => {
            damaged = await readEntries(state, chosen, write, { ...jobOptions, password });
          },
        );
        return { ...written, damaged };
      }
      if (target.kind !== 'zip') throw new ArchiveError('unsupported', target.kind);
      // Each file keeps the date the archive gives it (planEntries would stamp a Blob "now").
      const modified = new Map(listing.entries.map((entry) => [entry.path, entry.modified]));
      const collected: ArchiveSource[] = [];
      const damaged = await readEntries(
        state,
        chosen,
        (path, bytes) => void collected.push({ path, file: new Blob([bytes as BlobPart]), modified: modified.get(path) }),
        {
          ...jobOptions,
          password,
          onProgress: (fraction) => jobOptions.onProgress?.(fraction * 0.8),
        },
      );
      const order = new Map(chosen.map((path, index) => [path, index]));
      collected.sort((a, b) => order.get(a.path)! - order.get(b.path)!);
      // Level 1: the user wants the files, the zip is only a way to download many at once.
      // The whole archive keeps its empty folders too; a selection is its files, in their folders
      // (which keep their dates).
      const parents = new Set(
        chosen.flatMap((path) =>
          path
            .split('/')
            .slice(0, -1)
            .map((_, index, segments) => segments.slice(0, index + 1).join('/')),
        ),
      );
      const folders = listing.entries
        .filter((entry) => entry.directory && (!paths || parents.has(entry.path)))
        .map(({ path, modified }) => ({ path, modified }));
      const blob = await zipWithPool(planEntries(collected, folders), 1, {
        signal: jobOptions.signal,
        onProgress: (fraction) => jobOptions.onProgress?.(0.8 + fraction * 0.2),
      });
      return { kind: 'blob', blob, fileName: target.fileName, damaged };
    },
    readAll: async (onEntry) => void (await readEntries(state, filePaths(), onEntry, { password: options.password })),
    close() {
      // Workers keep at most one archive each and drop it when the next one opens.
    },
  };
}
