import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveListing } from '@shared/contracts/archive';
import { assessListing, DESKTOP_LIMITS } from '@shared/archive/limits';
import type { ExpansionVerdict } from '@shared/archive/limits';
import { defaultBinaryPath, ensureExecutable } from './archive/binary';
import { coded, lacksSpace } from './archive/coded';
import { createArchive } from './archive/create';
import type { CreateOptions } from './archive/create';
import { isBareWriteFailure } from './archive/failure';
import { inspect, openRun } from './archive/inspect';
import { findConflict, moveInto } from './archive/placement';
import { checkLinks, checkWrittenLinks, summarizeTree, watchExpansion } from './archive/safety';
import type { CheckedEntry } from './archive/safety';

/**
 * The desktop archive engine: 7-Zip (7zip-bin's standalone 7za, 16.02) in the main process, from
 * file paths. Reads zip, 7z, tar and gz/bz2/xz (tar inside them included); RAR and the rest are
 * `unsupported`, which sends the page to its wasm engine. See docs/desktop.md, "Archives".
 *
 * WARNING: paths come from the renderer; see adapters/hash.ts for why acting on them is acceptable.
 * What an archive says is not trusted: names, links and sizes are checked before extraction, and
 * extraction goes to a staging folder inside the destination that is watched while 7-Zip writes.
 */

export interface SevenZipOptions {
  /** Default: 7zip-bin's binary (its app.asar.unpacked copy in a packaged app). */
  binaryPath?: string;
}

export interface SevenZip {
  list(archivePath: string, options?: { password?: string; signal?: AbortSignal }): Promise<ArchiveListing>;
  extract(
    archivePath: string,
    destinationDir: string,
    options?: { paths?: string[]; password?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal },
  ): Promise<{ files: number; bytes: number }>;
  readEntry(archivePath: string, entryPath: string, options: { password?: string; maxBytes: number; signal?: AbortSignal }): Promise<Uint8Array>;
  create(sources: string[], outputPath: string, options: CreateOptions): Promise<{ size: number }>;
}

/** Beyond this, selected names go to 7-Zip in a list file rather than as arguments (Windows caps a command line at 32,767 characters). */
const MAX_NAME_ARGS_CHARS = 24_000;

function bombError(verdict: Exclude<ExpansionVerdict, { ok: true }>): ArchiveError {
  const ratio = Number.isFinite(verdict.ratio) ? ` (${Math.round(verdict.ratio)}×)` : '';
  return new ArchiveError('bomb', `${verdict.reason}: ${verdict.totalBytes} bytes${ratio}`);
}

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

/** Rejections of `work` as the page can show them (see `coded`): the one exit of every public method. */
const boundary = <T>(work: Promise<T>): Promise<T> =>
  work.catch((error: unknown) => {
    throw coded(error);
  });

export function createSevenZip(options: SevenZipOptions = {}): SevenZip {
  const binary = options.binaryPath ?? defaultBinaryPath();
  let ready: Promise<void> | undefined;
  const ensureBinary = () => {
    ready ??= ensureExecutable(binary).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };

  const prepare = async (archivePath: string, password: string | undefined, signal: AbortSignal | undefined) => {
    if (signal?.aborted) throw new ArchiveError('cancelled');
    // Passwords reach 7-Zip on stdin, one per line: one with a line break cannot be the right one.
    if (password && /[\r\n]/.test(password)) throw new ArchiveError('wrongPassword', 'a password cannot contain line breaks');
    await ensureBinary();
    const { run, archiveBytes } = await openRun(binary, archivePath, password, signal);
    return { run, inspection: await inspect(run, archiveBytes) };
  };

  const engine: SevenZip = {
    async list(archivePath, { password, signal } = {}) {
      return (await prepare(archivePath, password, signal)).inspection.listing;
    },

    async extract(archivePath, destinationDir, { paths, password, onProgress, signal } = {}) {
      const { run, inspection } = await prepare(archivePath, password, signal);
      // The folder chosen in the dialog, removed or replaced by a file since.
      if (!(await stat(destinationDir)).isDirectory()) throw new ArchiveError('fileUnavailable', 'ENOTDIR');
      const selected = paths ? select(inspection.entries, paths) : inspection.entries;
      // The archive on disk is no longer the one the page listed.
      if (paths && selected.length === 0) throw new ArchiveError('fileUnavailable', 'ENOENT');
      checkLinks(inspection.entries);
      const declared = assessListing(selected.map((entry) => ({ size: entry.size ?? 0 })), inspection.archiveBytes, DESKTOP_LIMITS);
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
      const watched = run.withSignal(signal ? AbortSignal.any([signal, guard.signal]) : guard.signal);
      try {
        const names = paths ? await nameArguments(selected, async () => (scratch ??= await mkdtemp(join(tmpdir(), 'baibao-7z-')))) : [];
        const args = ['x', `-o${staging}`, '-y', '-spd', '-scsUTF-8', '-bsp1'];
        if (inspection.compressedTar) await watched.throughTar([...args, '--', ...names], { onProgress });
        else await watched.direct(args, names, { onProgress });
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
        return { files: written.files, bytes: written.bytes };
      } catch (error) {
        if (exceeded) throw bombError(exceeded);
        // p7zip keeps what it wrote before the disk filled, so the disk is still full now.
        if (isBareWriteFailure(error)) {
          const declaredBytes = selected.reduce((sum, entry) => sum + (entry.size ?? 0), 0);
          if (await lacksSpace(staging, declaredBytes - (await summarizeTree(staging)).bytes)) throw new ArchiveError('diskFull', 'ENOSPC');
        }
        throw error;
      } finally {
        unwatch();
        await Promise.all([rm(staging, { recursive: true, force: true }), scratch && rm(scratch, { recursive: true, force: true })]);
      }
    },

    async readEntry(archivePath, entryPath, { password, maxBytes, signal }) {
      if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new TypeError('maxBytes must be a non-negative integer');
      const { run, inspection } = await prepare(archivePath, password, signal);
      const entry = inspection.entries.find((candidate) => candidate.path === entryPath && !candidate.directory);
      // The archive on disk is no longer the one the page listed.
      if (!entry) throw new ArchiveError('fileUnavailable', 'ENOENT');
      if (!password && entry.encrypted) throw new ArchiveError('passwordRequired');
      const chunks: Buffer[] = [];
      let total = 0;
      // Stops 7-Zip once more than maxBytes arrived: the entry is cut there (a preview), not refused.
      const enough = new Error('enough');
      const onData = (chunk: Buffer) => {
        const room = maxBytes - total;
        if (room > 0) chunks.push(room < chunk.length ? chunk.subarray(0, room) : chunk);
        total += chunk.length;
        // Only past maxBytes: an entry that fits is read to its end, where 7-Zip checks its CRC
        // (and with it the password: 7z's AES has no other check).
        if (total > maxBytes) throw enough;
      };
      try {
        if (inspection.compressedTar) await run.throughTar(['x', '-so', '-spd', '--', entry.rawPath], { onData });
        // A bare gz/bz2/xz stream holds one entry whose name 7-Zip may have made up: select nothing, get it.
        else await run.direct(['x', '-so', '-spd'], inspection.entries.length === 1 ? [] : [entry.rawPath], { onData });
      } catch (error) {
        if (error !== enough) throw error;
      }
      return new Uint8Array(Buffer.concat(chunks, Math.min(total, maxBytes)));
    },

    async create(sources, outputPath, createOptions) {
      if (createOptions.signal?.aborted) throw new ArchiveError('cancelled');
      await ensureBinary();
      return createArchive(binary, sources, outputPath, createOptions);
    },
  };

  return {
    list: (...args) => boundary(engine.list(...args)),
    extract: (...args) => boundary(engine.extract(...args)),
    readEntry: (...args) => boundary(engine.readEntry(...args)),
    create: (...args) => boundary(engine.create(...args)),
  };
}
