import { mkdtemp, open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { ArchiveError, archiveErrorCode } from '@shared/contracts/archive';
import type { ArchiveListing, ArchiveReadFormat } from '@shared/contracts/archive';
import { DESKTOP_LIMITS } from '@shared/archive/limits';
import { damagedEntryNames, failedItemCount, parseSevenZipListing, toArchiveEntry } from '@shared/archive/sevenzip-listing';
import type { ExpansionVerdict } from '@shared/archive/limits';
import { classifyFailure, isBenignOpenError, onlyBenignErrors, sniffArchive } from './failure';
import type { SniffedFormat } from './failure';
import { runSevenZip } from './process';
import type { RunOptions, RunResult, SevenZipEngine } from './process';
import { bombError, checkNames, watchExpansion } from './safety';
import type { CheckedEntry } from './safety';

/** 7-Zip's handler names for the containers we report; anything else it opens (cab, lzma, Z…) is left to the wasm engine. */
const FORMATS: Record<string, ArchiveReadFormat> = {
  zip: 'zip',
  '7z': '7z',
  tar: 'tar',
  gzip: 'gz',
  bzip2: 'bz2',
  xz: 'xz',
  Rar: 'rar',
  Rar5: 'rar',
};
const TAR_INSIDE: Partial<Record<ArchiveReadFormat, ArchiveReadFormat>> = { gz: 'tar.gz', bz2: 'tar.bz2', xz: 'tar.xz' };

/** Everything an operation needs to know about one archive. */
export interface Inspection {
  listing: ArchiveListing;
  entries: CheckedEntry[];
  archiveBytes: number;
  /** Runs over what the entries live in: the archive, or the tar unpacked from a gz/bz2/xz stream. */
  run: SevenZipRun;
  /** Removes the unpacked tar, if any. */
  dispose(): Promise<void>;
}

/** Given when the user gave none, so that 7-Zip fails with "Wrong password?" instead of prompting. */
const NO_PASSWORD = 'baibao-no-password-given';

/** What a listing taught about the archive, shared by every run over it (to name a method 7-Zip lacks). */
interface RunKnowledge {
  methods?: ReadonlyMap<string, string>;
  format?: ArchiveReadFormat;
}

/** Runs of 7-Zip over one archive, sharing engine, password and cancellation. */
export class SevenZipRun {
  constructor(
    readonly engine: SevenZipEngine,
    readonly archivePath: string,
    readonly password: string | undefined,
    readonly signal: AbortSignal | undefined,
    readonly sniffed: SniffedFormat | undefined,
    /** The name the page knows the archive by (an unpacked tar lives under a scratch path). */
    readonly displayName = basename(archivePath),
    readonly knowledge: RunKnowledge = {},
  ) {}

  fail(result: RunResult): never {
    // 7-Zip names the archive by the path it was given; the page is only ever told its name.
    const output = result.output.split(this.archivePath).join(this.displayName);
    throw classifyFailure({
      output,
      exitCode: result.exitCode,
      passwordGiven: Boolean(this.password),
      sniffed: this.sniffed,
      ...this.knowledge,
    });
  }

  /** 0 is success and 1 a warning (e.g. "data after the end of the archive"); 2 and up are failures. */
  checked(result: RunResult): RunResult {
    if (result.exitCode === 2 && onlyBenignErrors(result.output)) return result;
    if (result.exitCode === null || result.exitCode >= 2) this.fail(result);
    return result;
  }

  /** The same archive and password under another signal (extraction adds its bomb watch). */
  withSignal(signal: AbortSignal): SevenZipRun {
    return new SevenZipRun(this.engine, this.archivePath, this.password, signal, this.sniffed, this.displayName, this.knowledge);
  }

  /** The same password and signal over another file (the tar inside a compressed stream). */
  over(archivePath: string): SevenZipRun {
    return new SevenZipRun(this.engine, archivePath, this.password, this.signal, 'tar', this.displayName, this.knowledge);
  }

  /**
   * `7zz <args> -p<password> -- <archive> <names…>`. The password is an argument of a program
   * inside this process's wasm sandbox: no process list shows it.
   */
  async direct(args: string[], names: string[] = [], options: Omit<RunOptions, 'signal'> = {}): Promise<RunResult> {
    return this.checked(await this.raw(args, names, options));
  }

  /**
   * `direct` for reading entries out: entries 7-Zip names as damaged (failed checksum, data that
   * does not decode) do not fail the run, as in the browser engine; they come back by the names
   * 7-Zip printed, and the caller decides. A wrong password and every other failure still throw.
   */
  async extracting(args: string[], names: string[] = [], options: Omit<RunOptions, 'signal'> = {}): Promise<{ damaged: string[] }> {
    const result = await this.raw(args, names, options);
    try {
      this.checked(result);
      return { damaged: [] };
    } catch (error) {
      const damaged = damagedEntryNames(result.output);
      if (archiveErrorCode(error) !== 'corrupt' || damaged.length === 0) throw error;
      // More failed items than damaged names: something else failed too (or a name went
      // unprinted), and a file left unnamed would stay in the extraction: the whole run fails.
      if (failedItemCount(result.output) > damaged.length) throw error;
      return { damaged };
    }
  }

  private raw(args: string[], names: string[], options: Omit<RunOptions, 'signal'>): Promise<RunResult> {
    const password = `-p${this.password ?? NO_PASSWORD}`;
    return runSevenZip(this.engine, [...args, '-sccUTF-8', password, '--', this.archivePath, ...names], {
      ...options,
      signal: this.signal,
    });
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
export async function openRun(
  engine: SevenZipEngine,
  archivePath: string,
  password: string | undefined,
  signal: AbortSignal | undefined,
): Promise<{ run: SevenZipRun; archiveBytes: number }> {
  const info = await stat(archivePath);
  if (!info.isFile()) throw new ArchiveError('fileUnavailable', info.isDirectory() ? 'EISDIR' : 'EINVAL');
  const sniffed = sniffArchive(await readHead(archivePath));
  return { run: new SevenZipRun(engine, archivePath, password || undefined, signal, sniffed), archiveBytes: info.size };
}

function parsed(run: SevenZipRun, result: RunResult) {
  const slt = parseSevenZipListing(result.output);
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
  if (lower.endsWith('.tgz') || lower.endsWith('.tbz2') || lower.endsWith('.tbz') || lower.endsWith('.txz'))
    return `${name.slice(0, -extname(name).length)}.tar`;
  return name.slice(0, name.length - extname(name).length) || 'data';
}

/**
 * 7-Zip reads one container per run and cannot open the tar inside a gz/bz2/xz stream in place
 * (its stream handlers cannot seek), so the tar is unpacked into a scratch folder first, watched
 * like an extraction: a stream that expands beyond the limits is a bomb before it fills the disk.
 */
async function unpackTar(run: SevenZipRun, archiveBytes: number): Promise<{ tar: string; scratch: string }> {
  const scratch = await mkdtemp(join(tmpdir(), 'baibao-7z-'));
  const guard = new AbortController();
  let exceeded: Exclude<ExpansionVerdict, { ok: true }> | undefined;
  const unwatch = watchExpansion(scratch, archiveBytes, DESKTOP_LIMITS, (verdict) => {
    if (!verdict.ok) exceeded = verdict;
    guard.abort();
  });
  try {
    await run
      .withSignal(run.signal ? AbortSignal.any([run.signal, guard.signal]) : guard.signal)
      .direct(['e', `-o${scratch}`, '-y', '-spd']);
    const [name] = await readdir(scratch);
    if (!name) throw new ArchiveError('corrupt', 'empty compressed stream');
    return { tar: join(scratch, name), scratch };
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    throw exceeded ? bombError(exceeded) : error;
  } finally {
    unwatch();
  }
}

export async function inspect(outerRun: SevenZipRun, archiveBytes: number): Promise<Inspection> {
  const outer = parsed(outerRun, await outerRun.direct(['l', '-slt'], [], { keepOutput: true }));
  const format = FORMATS[outer.type];
  if (!format) throw new ArchiveError('unsupported', `7-Zip reads this as ${outer.type}`);
  let entries = outer.entries.map((entry) => (entry.rawPath ? entry : { ...entry, rawPath: streamName(outerRun.archivePath) }));
  let run = outerRun;
  let scratch: string | undefined;
  const tarFormat = TAR_INSIDE[format];
  if (tarFormat && entries.length === 1 && entries[0]?.rawPath.toLowerCase().endsWith('.tar')) {
    const unpacked = await unpackTar(outerRun, archiveBytes);
    scratch = unpacked.scratch;
    run = outerRun.over(unpacked.tar);
    try {
      entries = parsed(run, await run.direct(['l', '-slt'], [], { keepOutput: true })).entries;
    } catch (error) {
      await rm(scratch, { recursive: true, force: true });
      throw error;
    }
  }
  const dispose = async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  };
  run.knowledge.methods = new Map(entries.flatMap((entry) => (entry.method ? [[entry.rawPath, entry.method] as const] : [])));
  run.knowledge.format = scratch && tarFormat ? tarFormat : format;
  let checked: CheckedEntry[];
  try {
    checked = checkNames(entries);
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    listing: {
      format: scratch && tarFormat ? tarFormat : format,
      // A bare .bz2/.xz stream records no size: "—" in the page, never "0 B".
      entries: checked.map((entry) => toArchiveEntry(entry, entry.path)),
      encrypted: checked.some((entry) => entry.encrypted),
    },
    entries: checked,
    archiveBytes,
    run,
    dispose,
  };
}
