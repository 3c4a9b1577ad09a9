import { randomBytes } from 'node:crypto';
import { lstat, mkdtemp, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { ARCHIVE_CREATE_FORMATS, ArchiveError } from '@shared/contracts/archive';
import type { ArchiveCreateFormat, ArchiveListing } from '@shared/contracts/archive';
import { assessListing, DESKTOP_LIMITS } from '@shared/archive/limits';
import type { ExpansionVerdict } from '@shared/archive/limits';
import { defaultBinaryPath, ensureExecutable } from './archive/binary';
import { inspect, openRun } from './archive/inspect';
import { pipeSevenZip, runSevenZip } from './archive/process';
import type { RunResult } from './archive/process';
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
  create(
    sources: string[],
    outputPath: string,
    options: { format: ArchiveCreateFormat; level: number; password?: string; encryptNames?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal },
  ): Promise<{ size: number }>;
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

/** Selected names as 7-Zip arguments, or a list file for long selections. */
async function nameArguments(entries: readonly CheckedEntry[], scratch: string): Promise<string[]> {
  const names = entries.map((entry) => entry.rawPath);
  if (names.reduce((sum, name) => sum + name.length + 1, 0) <= MAX_NAME_ARGS_CHARS) return names;
  const listFile = join(scratch, 'names.txt');
  await writeFile(listFile, names.join('\n'), 'utf8');
  return [`@${listFile}`];
}

/** Moves the staging folder's content into the destination; an existing file of the same name is replaced, folders are merged. */
async function moveInto(from: string, to: string): Promise<void> {
  for (const name of await readdir(from)) {
    const source = join(from, name);
    const target = join(to, name);
    const [sourceInfo, targetInfo] = await Promise.all([lstat(source), lstat(target).catch(() => undefined)]);
    if (targetInfo?.isDirectory() && sourceInfo.isDirectory()) {
      await moveInto(source, target);
      continue;
    }
    if (targetInfo) await rm(target, { recursive: true, force: true });
    await rename(source, target);
  }
}

/** Writes never go through the renderer's idea of a format: checked here before 7-Zip sees anything. */
async function checkCreate(sources: string[], outputPath: string, format: ArchiveCreateFormat, level: number, password: string | undefined, encryptNames: boolean | undefined) {
  if (!ARCHIVE_CREATE_FORMATS.includes(format)) throw new TypeError(`Unknown archive format: ${String(format)}`);
  if (!Number.isInteger(level) || level < 0 || level > 9) throw new TypeError('level must be an integer from 0 to 9');
  if (password && format !== 'zip' && format !== '7z') throw new TypeError(`${format} cannot be encrypted`);
  if (password && /[\r\n]/.test(password)) throw new TypeError('a password cannot contain line breaks');
  // 7-Zip's zip encoder takes ASCII passwords only (others fail with E_INVALIDARG): 7z takes any.
  if (password && format === 'zip' && /[^\x20-\x7e]/.test(password)) throw new TypeError('zip passwords must be printable ASCII; use 7z for other characters');
  if (encryptNames && (format !== '7z' || !password)) throw new TypeError('encryptNames needs a 7z archive and a password');
  if (sources.length === 0) throw new TypeError('nothing to add');
  if (!isAbsolute(outputPath)) throw new TypeError('outputPath must be absolute');
  const names = new Set<string>();
  for (const source of sources) {
    if (!isAbsolute(source)) throw new TypeError(`not an absolute path: ${source}`);
    await stat(source);
    // Each source is stored under its own name; two with one name would collide inside the archive.
    const name = basename(source).toLowerCase();
    if (names.has(name)) throw new TypeError(`two sources are named ${basename(source)}`);
    names.add(name);
  }
  if (!(await stat(dirname(outputPath))).isDirectory()) throw new TypeError(`Not a folder: ${dirname(outputPath)}`);
}

function createFailure(result: RunResult): Error {
  const reason = result.output
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^(ERROR|WARNING)|cannot|No more files/i.test(line))
    .slice(0, 3)
    .join(' ');
  return new Error(`7-Zip could not create the archive${reason ? `: ${reason}` : ''}`);
}

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

  return {
    async list(archivePath, { password, signal } = {}) {
      return (await prepare(archivePath, password, signal)).inspection.listing;
    },

    async extract(archivePath, destinationDir, { paths, password, onProgress, signal } = {}) {
      const { run, inspection } = await prepare(archivePath, password, signal);
      if (!(await stat(destinationDir)).isDirectory()) throw new Error(`Not a folder: ${destinationDir}`);
      const selected = paths ? select(inspection.entries, paths) : inspection.entries;
      if (paths && selected.length === 0) throw new Error('None of the requested paths is in the archive');
      checkLinks(inspection.entries);
      const declared = assessListing(selected.map((entry) => ({ size: entry.size ?? 0 })), inspection.archiveBytes, DESKTOP_LIMITS);
      if (!declared.ok) throw bombError(declared);
      if (!password && selected.some((entry) => entry.encrypted)) throw new ArchiveError('passwordRequired');

      const staging = await mkdtemp(join(destinationDir, '.baibao-extracting-'));
      const scratch = await mkdtemp(join(tmpdir(), 'baibao-7z-'));
      const guard = new AbortController();
      let exceeded: Exclude<ExpansionVerdict, { ok: true }> | undefined;
      const unwatch = watchExpansion(staging, inspection.archiveBytes, DESKTOP_LIMITS, (verdict) => {
        if (!verdict.ok) exceeded = verdict;
        guard.abort();
      });
      const watched = run.withSignal(signal ? AbortSignal.any([signal, guard.signal]) : guard.signal);
      try {
        const names = paths ? await nameArguments(selected, scratch) : [];
        const args = ['x', `-o${staging}`, '-y', '-spd', '-scsUTF-8', '-bsp1'];
        if (inspection.compressedTar) await watched.throughTar([...args, '--', ...names], { onProgress });
        else await watched.direct(args, names, { onProgress });
        unwatch();
        const written = await summarizeTree(staging);
        const actual = assessListing([{ size: written.bytes }], inspection.archiveBytes, DESKTOP_LIMITS);
        if (!actual.ok) throw bombError(actual);
        await checkWrittenLinks(staging, written.links);
        if (signal?.aborted) throw new ArchiveError('cancelled');
        await moveInto(staging, destinationDir);
        onProgress?.(1);
        return { files: written.files, bytes: written.bytes };
      } catch (error) {
        if (exceeded) throw bombError(exceeded);
        throw error;
      } finally {
        unwatch();
        await Promise.all([rm(staging, { recursive: true, force: true }), rm(scratch, { recursive: true, force: true })]);
      }
    },

    async readEntry(archivePath, entryPath, { password, maxBytes, signal }) {
      if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new TypeError('maxBytes must be a non-negative integer');
      const { run, inspection } = await prepare(archivePath, password, signal);
      const entry = inspection.entries.find((candidate) => candidate.path === entryPath && !candidate.directory);
      if (!entry) throw new Error(`Not a file in this archive: ${entryPath}`);
      if ((entry.size ?? 0) > maxBytes) throw new ArchiveError('tooLarge', `${entry.size} bytes`);
      if (!password && entry.encrypted) throw new ArchiveError('passwordRequired');
      const chunks: Buffer[] = [];
      let total = 0;
      const onData = (chunk: Buffer) => {
        total += chunk.length;
        if (total > maxBytes) throw new ArchiveError('tooLarge', `more than ${maxBytes} bytes`);
        chunks.push(chunk);
      };
      if (inspection.compressedTar) await run.throughTar(['x', '-so', '-spd', '--', entry.rawPath], { onData });
      // A bare gz/bz2/xz stream holds one entry whose name 7-Zip may have made up: select nothing, get it.
      else await run.direct(['x', '-so', '-spd'], inspection.entries.length === 1 ? [] : [entry.rawPath], { onData });
      return new Uint8Array(Buffer.concat(chunks, total));
    },

    async create(sources, outputPath, { format, level, password, encryptNames, onProgress, signal }) {
      if (signal?.aborted) throw new ArchiveError('cancelled');
      await checkCreate(sources, outputPath, format, level, password, encryptNames);
      await ensureBinary();
      // 7-Zip *updates* an existing archive, so it always writes a fresh file that replaces the
      // output at the end. It lives beside the output (same disk, so the rename is atomic) and is
      // excluded by name in case the output folder is one of the sources.
      const partialName = `.${basename(outputPath)}.${randomBytes(6).toString('hex')}.partial`;
      const partial = join(dirname(outputPath), partialName);
      const common = ['-spd', `-xr!${partialName}`];
      try {
        if (format === 'tar.gz') {
          const inner = basename(outputPath).replace(/\.t?gz$/i, '').replace(/\.tar$/i, '') + '.tar';
          const { producer, consumer } = await pipeSevenZip(
            binary,
            ['a', '-ttar', '-so', '-an', '-bsp2', ...common, '--', ...sources],
            ['a', '-tgzip', `-mx=${level}`, `-si${inner}`, '--', partial],
            { signal, onProgress },
          );
          if (producer?.exitCode !== 0) throw createFailure(producer ?? consumer);
          if (consumer.exitCode !== 0) throw createFailure(consumer);
        } else {
          const args = ['a', `-t${format}`, `-mx=${level}`, '-bsp1', ...common];
          // `-p` without a value makes 7-Zip ask twice (password, then confirmation) on stdin.
          if (password) args.push('-p', format === 'zip' ? '-mem=AES256' : `-mhe=${encryptNames ? 'on' : 'off'}`);
          const result = await runSevenZip(binary, [...args, '--', partial, ...sources], {
            input: password ? `${password}\n${password}\n` : '',
            onProgress,
            signal,
          });
          // Exit code 1 is "some files could not be read": an archive missing files is not a success.
          if (result.exitCode !== 0) throw createFailure(result);
        }
        await rename(partial, outputPath);
        onProgress?.(1);
        return { size: (await stat(outputPath)).size };
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
  };
}
