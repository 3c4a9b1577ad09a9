import { randomBytes } from 'node:crypto';
import { lstat, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { ARCHIVE_CREATE_FORMATS, ArchiveError } from '@shared/contracts/archive';
import type { ArchiveCreateFormat } from '@shared/contracts/archive';
import { lacksSpace } from './coded';
import { classifyCreateFailure } from './failure';
import { runSevenZip } from './process';
import type { RunResult, SevenZipEngine } from './process';
import { summarizeTree } from './safety';

export interface CreateOptions {
  format: ArchiveCreateFormat;
  level: number;
  password?: string;
  encryptNames?: boolean;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Writes never go through the renderer's idea of a format: checked here before 7-Zip sees
 * anything. TypeErrors are arguments the page never sends; what the disk says (a source moved
 * since it was dropped, an output folder gone) is an ArchiveError the page translates.
 */
async function checkCreate(sources: string[], outputPath: string, { format, level, password, encryptNames }: CreateOptions): Promise<void> {
  if (!ARCHIVE_CREATE_FORMATS.includes(format)) throw new TypeError(`Unknown archive format: ${String(format)}`);
  if (!Number.isInteger(level) || level < 0 || level > 9) throw new TypeError('level must be an integer from 0 to 9');
  if (password && format !== 'zip' && format !== '7z') throw new TypeError(`${format} cannot be encrypted`);
  if (password && /[\r\n]/.test(password)) throw new TypeError('a password cannot contain line breaks');
  // 7-Zip's zip encoder takes ASCII passwords only (others fail with E_INVALIDARG): 7z takes any.
  if (password && format === 'zip' && /[^\x20-\x7e]/.test(password))
    throw new TypeError('zip passwords must be printable ASCII; use 7z for other characters');
  if (encryptNames && (format !== '7z' || !password)) throw new TypeError('encryptNames needs a 7z archive and a password');
  if (sources.length === 0) throw new TypeError('nothing to add');
  if (!isAbsolute(outputPath)) throw new TypeError('outputPath must be absolute');
  const names = new Set<string>();
  for (const source of sources) {
    if (!isAbsolute(source)) throw new TypeError('sources must be absolute paths');
    // Each source is stored under its own name; two with one name would collide inside the archive.
    const name = basename(source).toLowerCase();
    if (names.has(name)) throw new TypeError('two sources have the same name');
    names.add(name);
  }
  for (const source of sources) await stat(source);
  if (!(await stat(dirname(outputPath))).isDirectory()) throw new ArchiveError('fileUnavailable', 'ENOTDIR');
}

/** Bytes under the sources: what 7-Zip had to write, at most, before compression. */
async function sourceBytes(sources: readonly string[]): Promise<number> {
  let total = 0;
  for (const source of sources) {
    const info = await lstat(source).catch(() => undefined);
    if (info?.isDirectory()) total += (await summarizeTree(source)).bytes;
    else total += info?.size ?? 0;
  }
  return total;
}

/**
 * Why 7-Zip could not create the archive: the disk failure the worker saw (see process.ts), a
 * cause 7-Zip named, or a bare E_FAIL on a disk too small for the sources.
 */
async function createFailure(result: RunResult, sources: readonly string[], outputFolder: string): Promise<ArchiveError> {
  const named = classifyCreateFailure(result.output);
  if (named) return named;
  if (/\bE_FAIL\b/.test(result.output) && (await lacksSpace(outputFolder, await sourceBytes(sources))))
    return new ArchiveError('diskFull', 'ENOSPC');
  return new ArchiveError('fileUnavailable', 'EIO');
}

/** `sources` (absolute paths, each stored under its own name) into a new archive at `outputPath`. */
export async function createArchive(
  engine: SevenZipEngine,
  sources: string[],
  outputPath: string,
  options: CreateOptions,
): Promise<{ size: number }> {
  const { format, level, password, encryptNames, onProgress, signal } = options;
  await checkCreate(sources, outputPath, options);
  // 7-Zip *updates* an existing archive, so it always writes a fresh file that replaces the
  // output at the end. It lives beside the output (same disk, so the rename is atomic) and is
  // excluded by name in case the output folder is one of the sources.
  const outputFolder = dirname(outputPath);
  const partialName = `.${basename(outputPath)}.${randomBytes(6).toString('hex')}.partial`;
  const partial = join(outputFolder, partialName);
  // -snl: a symbolic link is stored as a link, never followed out of the folder being archived.
  const common = ['-spd', '-snl', '-sccUTF-8', '-bsp1', `-xr!${partialName}`];
  let scratch: string | undefined;
  const run = async (args: string[], targets: string[], progress?: (fraction: number) => void) => {
    const result = await runSevenZip(engine, [...args, ...common, '--', ...targets], { onProgress: progress, signal });
    // Exit code 1 is "some files could not be read": an archive missing files is not a success.
    if (result.exitCode !== 0) throw await createFailure(result, sources, outputFolder);
  };
  try {
    if (format === 'tar.gz') {
      // 7-Zip writes one container per run: the tar first (in a scratch folder), then its gzip.
      scratch = await mkdtemp(join(tmpdir(), 'baibao-7z-'));
      const inner = join(
        scratch,
        `${basename(outputPath)
          .replace(/\.t?gz$/i, '')
          .replace(/\.tar$/i, '')}.tar`,
      );
      await run(['a', '-ttar'], [inner, ...sources], (fraction) => onProgress?.(fraction / 2));
      await run(['a', '-tgzip', `-mx=${level}`], [partial, inner], (fraction) => onProgress?.(0.5 + fraction / 2));
    } else {
      const args = ['a', `-t${format}`, `-mx=${level}`];
      // The password is an argument of 7-Zip inside this process's wasm sandbox: no process list shows it.
      if (password) args.push(`-p${password}`, format === 'zip' ? '-mem=AES256' : `-mhe=${encryptNames ? 'on' : 'off'}`);
      await run(args, [partial, ...sources], onProgress);
    }
    // A cancel that came too late to stop 7-Zip still means the user wants no archive.
    if (signal?.aborted) throw new ArchiveError('cancelled');
    await rename(partial, outputPath);
    onProgress?.(1);
    return { size: (await stat(outputPath)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}
