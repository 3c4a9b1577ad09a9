import { randomBytes } from 'node:crypto';
import { lstat, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { ARCHIVE_CREATE_FORMATS, ArchiveError } from '@shared/contracts/archive';
import type { ArchiveCreateFormat } from '@shared/contracts/archive';
import { lacksSpace } from './coded';
import { classifyCreateFailure } from './failure';
import { pipeSevenZip, runSevenZip } from './process';
import type { RunResult } from './process';
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
  if (password && format === 'zip' && /[^\x20-\x7e]/.test(password)) throw new TypeError('zip passwords must be printable ASCII; use 7z for other characters');
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
 * Why 7-Zip could not create the archive. A write it could not finish shows only as E_FAIL, and
 * p7zip deletes its partial archive before exiting, so the disk has room again by the time we
 * look: if the sources would not fit in that room, the disk was the cause.
 */
async function createFailure(result: RunResult, sources: readonly string[], outputFolder: string): Promise<ArchiveError> {
  const named = classifyCreateFailure(result.output);
  if (named) return named;
  if (/\bE_FAIL\b/.test(result.output) && (await lacksSpace(outputFolder, await sourceBytes(sources)))) return new ArchiveError('diskFull', 'ENOSPC');
  return new ArchiveError('fileUnavailable', 'EIO');
}

/**
 * Stops 7-Zip at its first warning. p7zip's multithreaded zip encoder deadlocks after a source it
 * cannot open ("WARNING: Permission denied", then nothing, forever); a warning fails creation
 * anyway (an archive missing files is not a success), so waiting for the end gains nothing.
 */
function stopAtWarning(): (text: string) => void {
  let recent = '';
  return (text) => {
    recent = (recent + text).slice(-4096);
    if (/^WARNING: .*\n/m.test(recent)) throw classifyCreateFailure(recent) ?? new ArchiveError('fileUnavailable', 'EIO');
  };
}

/** `sources` (absolute paths, each stored under its own name) into a new archive at `outputPath`. */
export async function createArchive(binary: string, sources: string[], outputPath: string, options: CreateOptions): Promise<{ size: number }> {
  const { format, level, password, encryptNames, onProgress, signal } = options;
  await checkCreate(sources, outputPath, options);
  // 7-Zip *updates* an existing archive, so it always writes a fresh file that replaces the
  // output at the end. It lives beside the output (same disk, so the rename is atomic) and is
  // excluded by name in case the output folder is one of the sources.
  const outputFolder = dirname(outputPath);
  const partialName = `.${basename(outputPath)}.${randomBytes(6).toString('hex')}.partial`;
  const partial = join(outputFolder, partialName);
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
      if (producer?.exitCode !== 0) throw await createFailure(producer ?? consumer, sources, outputFolder);
      if (consumer.exitCode !== 0) throw await createFailure(consumer, sources, outputFolder);
    } else {
      const args = ['a', `-t${format}`, `-mx=${level}`, '-bsp1', ...common];
      // `-p` without a value makes 7-Zip ask twice (password, then confirmation) on stdin.
      if (password) args.push('-p', format === 'zip' ? '-mem=AES256' : `-mhe=${encryptNames ? 'on' : 'off'}`);
      const result = await runSevenZip(binary, [...args, '--', partial, ...sources], {
        input: password ? `${password}\n${password}\n` : '',
        onProgress,
        onText: stopAtWarning(),
        signal,
      });
      // Exit code 1 is "some files could not be read": an archive missing files is not a success.
      if (result.exitCode !== 0) throw await createFailure(result, sources, outputFolder);
      // p7zip's zip writer ignores failed writes: on a full disk it exits 0 and leaves holes where
      // the data should be. A disk (nearly) full right after writing one means it did not fit.
      if (format === 'zip' && (await lacksSpace(outputFolder))) throw new ArchiveError('diskFull', 'ENOSPC');
    }
    // A cancel that came too late to stop 7-Zip still means the user wants no archive.
    if (signal?.aborted) throw new ArchiveError('cancelled');
    await rename(partial, outputPath);
    onProgress?.(1);
    return { size: (await stat(outputPath)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
