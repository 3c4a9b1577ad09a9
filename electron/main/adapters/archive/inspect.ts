import { open, stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveListing, ArchiveReadFormat } from '@shared/contracts/archive';
import { classifyFailure, isBenignOpenError, onlyBenignErrors, sniffArchive } from './failure';
import type { SniffedFormat } from './failure';
import { pipeSevenZip, runSevenZip } from './process';
import type { RunOptions, RunResult } from './process';
import { checkNames } from './safety';
import type { CheckedEntry } from './safety';
import { parseSlt } from './slt';

/** 7-Zip's handler names for the containers we report; anything else it opens (cab, lzma, Z…) is left to the wasm engine. */
const FORMATS: Record<string, ArchiveReadFormat> = { zip: 'zip', '7z': '7z', tar: 'tar', gzip: 'gz', bzip2: 'bz2', xz: 'xz', Rar: 'rar', Rar5: 'rar' };
const TAR_INSIDE: Partial<Record<ArchiveReadFormat, ArchiveReadFormat>> = { gz: 'tar.gz', bz2: 'tar.bz2', xz: 'tar.xz' };

/** Everything an operation needs to know about one archive. */
export interface Inspection {
  listing: ArchiveListing;
  entries: CheckedEntry[];
  archiveBytes: number;
  /** A gz/bz2/xz stream holding a tar: its entries are the tar's, reached by piping one 7-Zip into another. */
  compressedTar: boolean;
}

/** Runs of 7-Zip over one archive, sharing binary, password and cancellation. */
export class SevenZipRun {
  constructor(
    readonly binary: string,
    readonly archivePath: string,
    readonly password: string | undefined,
    readonly signal: AbortSignal | undefined,
    readonly sniffed: SniffedFormat | undefined,
  ) {}

  /** The password answers 7-Zip's prompt on stdin, so it never shows in the process list. */
  private get input(): string {
    return this.password ? `${this.password}\n` : '';
  }

  fail(result: RunResult): never {
    // 7-Zip names the archive by the path it was given; the page is only ever told its name.
    const output = result.output.split(this.archivePath).join(basename(this.archivePath));
    throw classifyFailure({ output, exitCode: result.exitCode, passwordGiven: Boolean(this.password), sniffed: this.sniffed });
  }

  /** 0 is success and 1 a warning (e.g. "data after the end of the archive"); 2 and up are failures. */
  checked(result: RunResult): RunResult {
    if (result.exitCode === 2 && onlyBenignErrors(result.output)) return result;
    if (result.exitCode === null || result.exitCode >= 2) this.fail(result);
    return result;
  }

  /** The same archive and password under another signal (extraction adds its bomb watch). */
  withSignal(signal: AbortSignal): SevenZipRun {
    return new SevenZipRun(this.binary, this.archivePath, this.password, signal, this.sniffed);
  }

  /** `7za <args> -- <archive> <names…>` */
  async direct(args: string[], names: string[] = [], options: Omit<RunOptions, 'input' | 'signal'> = {}): Promise<RunResult> {
    return this.checked(await runSevenZip(this.binary, [...args, '--', this.archivePath, ...names], { ...options, input: this.input, signal: this.signal }));
  }

  /** `7za x -so <archive> | 7za -ttar -si <args>`: for the tar inside a gz/bz2/xz stream. */
  async throughTar(args: string[], options: Omit<RunOptions, 'input' | 'signal' | 'pipeTo'> = {}): Promise<RunResult> {
    const { onProgress, ...consumer } = options;
    const { producer, consumer: result } = await pipeSevenZip(this.binary, ['x', '-so', '-bsp2', '--', this.archivePath], ['-ttar', '-si', ...args], {
      signal: this.signal,
      onProgress,
      consumer,
    });
    // A damaged outer stream is the real cause of whatever the tar reader then complained about.
    if (producer && (producer.exitCode ?? 2) >= 2) this.fail(producer);
    return this.checked(result);
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const head = new Uint8Array(512);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Opens the archive at `archivePath` for one operation. A file moved or deleted since the page got
 * it fails here with Node's ENOENT, which the adapter's boundary turns into `fileUnavailable`.
 */
export async function openRun(binary: string, archivePath: string, password: string | undefined, signal: AbortSignal | undefined): Promise<{ run: SevenZipRun; archiveBytes: number }> {
  const info = await stat(archivePath);
  if (!info.isFile()) throw new ArchiveError('fileUnavailable', info.isDirectory() ? 'EISDIR' : 'EINVAL');
  const sniffed = sniffArchive(await readHead(archivePath));
  return { run: new SevenZipRun(binary, archivePath, password || undefined, signal, sniffed), archiveBytes: info.size };
}

function parsed(run: SevenZipRun, result: RunResult) {
  const slt = parseSlt(result.output);
  if (!slt.ok) {
    if (slt.reason === 'malformed') throw new ArchiveError('unsafePath', 'an entry name contains line breaks');
    run.fail(result);
  }
  const damage = slt.listing.errors.find((error) => !isBenignOpenError(error));
  if (damage) throw new ArchiveError('corrupt', damage);
  return slt.listing;
}

/** gz, bz2 and xz may not store a name; 7-Zip then names the content after the archive, minus its extension. */
function streamName(archivePath: string): string {
  const name = basename(archivePath);
  const lower = name.toLowerCase();
  if (lower.endsWith('.tgz') || lower.endsWith('.tbz2') || lower.endsWith('.tbz') || lower.endsWith('.txz')) return `${name.slice(0, -extname(name).length)}.tar`;
  return name.slice(0, name.length - extname(name).length) || 'data';
}

export async function inspect(run: SevenZipRun, archiveBytes: number): Promise<Inspection> {
  const outer = parsed(run, await run.direct(['l', '-slt'], [], { keepOutput: true }));
  const format = FORMATS[outer.type];
  if (!format) throw new ArchiveError('unsupported', `7-Zip reads this as ${outer.type}`);
  let entries = outer.entries.map((entry) => (entry.rawPath ? entry : { ...entry, rawPath: streamName(run.archivePath) }));
  let compressedTar = false;
  const tarFormat = TAR_INSIDE[format];
  if (tarFormat && entries.length === 1 && entries[0]?.rawPath.toLowerCase().endsWith('.tar')) {
    entries = parsed(run, await run.throughTar(['l', '-slt'], { keepOutput: true })).entries;
    compressedTar = true;
  }
  const checked = checkNames(entries);
  return {
    listing: {
      format: compressedTar && tarFormat ? tarFormat : format,
      entries: checked.map(({ path, directory, size, packedSize, encrypted, modified }) => ({
        path,
        directory,
        size: size ?? 0,
        ...(packedSize === undefined ? {} : { packedSize }),
        encrypted,
        ...(modified === undefined ? {} : { modified }),
      })),
      encrypted: checked.some((entry) => entry.encrypted),
    },
    entries: checked,
    archiveBytes,
    compressedTar,
  };
}
