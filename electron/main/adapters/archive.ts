import { lstat, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveListing } from '@shared/contracts/archive';
import { assessListing, DESKTOP_LIMITS } from '@shared/archive/limits';
import type { ExpansionVerdict } from '@shared/archive/limits';
import { coded, lacksSpace } from './archive/coded';
import { createArchive } from './archive/create';
import type { CreateOptions } from './archive/create';
import { isBareWriteFailure } from './archive/failure';
import { inspect, openRun } from './archive/inspect';
import type { Inspection } from './archive/inspect';
import { findConflict, moveInto } from './archive/placement';
import { defaultEngine } from './archive/process';
import type { SevenZipEngine } from './archive/process';
import { bombError, checkLinks, checkWrittenLinks, summarizeTree, watchExpansion } from './archive/safety';
import type { CheckedEntry } from './archive/safety';

/**
 * The desktop archive engine: 7-Zip 24.09 compiled to WebAssembly (7z-wasm, the website's engine
 * too), one worker thread per run, reading and writing the user's files in place. Reads zip, 7z,
 * RAR, tar and gz/bz2/xz (tar inside them included). See docs/desktop.md, "Archives".
 *
 * WARNING: paths come from the renderer; see adapters/hash.ts for why acting on them is acceptable.
 * What an archive says is not trusted: names, links and sizes are checked before extraction, and
 * extraction goes to a staging folder inside the destination that is watched while 7-Zip writes.
 */

export interface SevenZipOptions {
  /** Default: the bundled 7z-wasm and worker. */
  engine?: SevenZipEngine;
}

export interface SevenZip {
  list(archivePath: string, options?: { password?: string; signal?: AbortSignal }): Promise<ArchiveListing>;
  extract(
    archivePath: string,
    destinationDir: string,
    options?: { paths?: string[]; password?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
  ): Promise<{ files: number; bytes: number; damaged: string[] }>;
  readEntry(
    archivePath: string,
    entryPath: string,
    options: { password?: string; maxBytes: number; signal?: AbortSignal },
  ): Promise<Uint8Array>;
  create(sources: string[], outputPath: string, options: CreateOptions): Promise<{ size: number }>;
}

/** Beyond this, selected names go to 7-Zip in a list file rather than as arguments (Windows caps a command line at 32,767 characters). */
const MAX_NAME_ARGS_CHARS = 24_000;

/** Entries equal to, or inside, one of the requested paths. */
function select(entries: readonly CheckedEntry[], paths: readonly string[]): CheckedEntry[] {
  const wanted = paths.map((path) => path.replace(/\\/g, '/').replace(/^\/+|\/+$/g, ''));
  return entries.filter((entry) => wanted.some((path) => entry.path === path || entry.path.startsWith(`${path}/`)));
}

/** Selected names as 7-Zip arguments, or a list file (in a scratch folder made on demand) for long selections. */
async function nameArguments(entries: readonly CheckedEntry[], scratch: () => Promise<string>): Promise<string[]> {
  const names = entries.map((entry) => entry.rawPath);
  if (names.reduce((sum, name) => sum + name.length + 1, 0) <= MAX_NAME_ARGS_CHARS) return names;
  const listFile = join(await scratch(), 'names.txt');
  await writeFile(listFile, names.join('\n'), 'utf8');
  return [`@${listFile}`];
}

/**
 * The listed files behind the names 7-Zip printed as damaged, in listing order. A bare gz/bz2/xz
 * holds one entry, whatever 7-Zip calls it. A folder has no data to lose (a damaged zip header of
 * one still makes the folder) and is not reported, as the browser engine reads files only. A name
 * matching no entry (7-Zip says `#0` when a solid block does not decode) fails the extraction
 * rather than leave a damaged file in it unreported.
 */
function damagedEntries(entries: readonly CheckedEntry[], names: readonly string[]): CheckedEntry[] {
  if (names.length === 0) return [];
  if (entries.length === 1) return [...entries];
  const byName = new Map(entries.map((entry) => [entry.rawPath, entry]));
  for (const name of names) if (!byName.has(name)) throw new ArchiveError('corrupt', `damaged: ${JSON.stringify(name)}`);
  const named = new Set(names);
  return entries.filter((entry) => named.has(entry.rawPath) && !entry.directory);
}

/** Removes a file 7-Zip wrote; nothing when it wrote none (a folder is never a damaged entry's). */
async function removeFile(path: string): Promise<void> {
  const info = await lstat(path).catch(() => undefined);
  if (info && !info.isDirectory()) await rm(path, { force: true });
}

/** Rejections of `work` as the page can show them (see `coded`): the one exit of every public method. */
const boundary = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw coded(error);
  });

export function createSevenZip(options: SevenZipOptions = {}): SevenZip {
  const engine7z = options.engine ?? defaultEngine();

  /** Lists the archive and runs `work` on what it found; an unpacked tar is removed afterwards. */
  const inspected = async <T>(
    archivePath: string,
    password: string | undefined,
    signal: AbortSignal | undefined,
    work: (inspection: Inspection) => Promise<T>,
  ) => {
    if (signal?.aborted) throw new ArchiveError('cancelled');
    // No archive tool takes a typed password with a line break: it cannot be the right one.
    if (password && /[\r\n]/.test(password)) throw new ArchiveError('wrongPassword', 'a password cannot contain line breaks');
    const { run, archiveBytes } = await openRun(engine7z, archivePath, password, signal);
    const inspection = await inspect(run, archiveBytes);
    try {
      return await work(inspection);
    } finally {
      await inspection.dispose();
    }
  };

  const engine: SevenZip = {
    list(archivePath, { password, signal } = {}) {
      return inspected(archivePath, password, signal, async (inspection) => inspection.listing);
    },

    extract(archivePath, destinationDir, { paths, password, onProgress, signal } = {}) {
      return inspected(archivePath, password, signal, async (inspection) => {
        // The folder chosen in the dialog, removed or replaced by a file since.
        if (!(await stat(destinationDir)).isDirectory()) throw new ArchiveError('fileUnavailable', 'ENOTDIR');
        const selected = paths ? select(inspection.entries, paths) : inspection.entries;
        // The archive on disk is no longer the one the page listed.
        if (paths && selected.length === 0) throw new ArchiveError('fileUnavailable', 'ENOENT');
        checkLinks(inspection.entries);
        const declared = assessListing(
          selected.map((entry) => ({ size: entry.size ?? 0 })),
          inspection.archiveBytes,
          DESKTOP_LIMITS,
        );
        if (!declared.ok) throw bombError(declared);
        if (!password && selected.some((entry) => entry.encrypted)) throw new ArchiveError('passwordRequired');

        const staging = await mkdtemp(join(destinationDir, '.baibao-extracting-'));
        let scratch: string | undefined;
        const guard = new AbortController();
        let exceeded: Exclude<ExpansionVerdict, { ok: true }> | undefined;
        const unwatch = watchExpansion(staging, inspection.archiveBytes, DESKTOP_LIMITS, (verdict) => {
          if (!verdict.ok) exceeded = verdict;
          guard.abort();
        });
        const watched = inspection.run.withSignal(signal ? AbortSignal.any([signal, guard.signal]) : guard.signal);
        try {
          const names = paths ? await nameArguments(selected, async () => (scratch ??= await mkdtemp(join(tmpdir(), 'baibao-7z-')))) : [];
          const run = await watched.extracting(['x', `-o${staging}`, '-y', '-spd', '-scsUTF-8', '-bsp1'], names, { onProgress });
          // 7-Zip also names files of a solid block it decoded on the way to a selected one.
          const damaged = damagedEntries(inspection.entries, run.damaged).filter((entry) => selected.includes(entry));
          // 7-Zip writes what it decoded of a damaged file: left out, like the browser engine leaves it out.
          await Promise.all(damaged.map((entry) => removeFile(join(staging, entry.path))));
          unwatch();
          const written = await summarizeTree(staging);
          const actual = assessListing([{ size: written.bytes }], inspection.archiveBytes, DESKTOP_LIMITS);
          if (!actual.ok) throw bombError(actual);
          await checkWrittenLinks(staging, written.links);
          if (signal?.aborted) throw new ArchiveError('cancelled');
          // All or nothing: a clash found halfway through the move would leave half an extraction.
          const clash = await findConflict(staging, destinationDir);
          if (clash !== undefined) throw new ArchiveError('conflict', clash);
          await moveInto(staging, destinationDir);
          onProgress?.(1);
          return { files: written.files, bytes: written.bytes, damaged: damaged.map((entry) => entry.path) };
        } catch (error) {
          if (exceeded) throw bombError(exceeded);
          // A write that failed without a named cause: if the disk is full now, that was it.
          if (isBareWriteFailure(error)) {
            const declaredBytes = selected.reduce((sum, entry) => sum + (entry.size ?? 0), 0);
            if (await lacksSpace(staging, declaredBytes - (await summarizeTree(staging)).bytes))
              throw new ArchiveError('diskFull', 'ENOSPC');
          }
          throw error;
        } finally {
          unwatch();
          await Promise.all([rm(staging, { recursive: true, force: true }), scratch && rm(scratch, { recursive: true, force: true })]);
        }
      });
    },

    readEntry(archivePath, entryPath, { password, maxBytes, signal }) {
      if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) return Promise.reject(new TypeError('maxBytes must be a non-negative integer'));
      return inspected(archivePath, password, signal, async (inspection) => {
        const entry = inspection.entries.find((candidate) => candidate.path === entryPath && !candidate.directory);
        // The archive on disk is no longer the one the page listed.
        if (!entry) throw new ArchiveError('fileUnavailable', 'ENOENT');
        if (!password && entry.encrypted) throw new ArchiveError('passwordRequired');
        const chunks: Buffer[] = [];
        let total = 0;
        const onData = (chunk: Buffer) => {
          const room = maxBytes - total;
          if (room > 0) chunks.push(room < chunk.length ? chunk.subarray(0, room) : chunk);
          total += chunk.length;
        };
        // 7-Zip stops once more than maxBytes came out: the entry is cut there (a preview), not
        // refused. An entry that fits is read to its end, where 7-Zip checks its CRC (and with it
        // the password: 7z's AES has no other check). A bare gz/bz2/xz stream holds one entry
        // whose name 7-Zip may have made up: select nothing, get it.
        const names = inspection.entries.length === 1 ? [] : [entry.rawPath];
        const { damaged } = await inspection.run.extracting(['x', '-so', '-spd'], names, { onData, stdoutLimit: maxBytes });
        // Files before it in a solid block may fail while it decodes whole (its own checksum passed).
        const listed = new Set(inspection.entries.map((candidate) => candidate.rawPath));
        if (damaged.some((name) => names.length === 0 || name === entry.rawPath || !listed.has(name)))
          throw new ArchiveError('damagedEntry', entry.path);
        return new Uint8Array(Buffer.concat(chunks, Math.min(total, maxBytes)));
      });
    },

    async create(sources, outputPath, createOptions) {
      if (createOptions.signal?.aborted) throw new ArchiveError('cancelled');
      return createArchive(engine7z, sources, outputPath, createOptions);
    },
  };

  return {
    list: (...args) => boundary(engine.list(...args)),
    extract: (...args) => boundary(engine.extract(...args)),
    readEntry: (...args) => boundary(engine.readEntry(...args)),
    create: (...args) => boundary(engine.create(...args)),
  };
}
