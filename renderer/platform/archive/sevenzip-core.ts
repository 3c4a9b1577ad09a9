import SevenZip from '7z-wasm';
import type { SevenZipModule } from '7z-wasm';
import { ArchiveError, archiveErrorCode } from '@shared/contracts/archive';
import type { ArchiveErrorCode, ArchiveListing, ArchiveReadFormat } from '@shared/contracts/archive';
import { innerStreamName, sevenZipHeaderEncrypted, sevenZipHeaderRange } from '@shared/archive/format';
import { parseSevenZipListing } from './sevenzip-listing';

/**
 * 7-Zip 24.09 compiled to WebAssembly (7z-wasm, LGPL + unRAR restriction), for everything fflate
 * and zip.js do not read: 7z (AES included), RAR 2–5, tar, gz, bz2, xz, and for writing 7z.
 * Input Files are mounted with Emscripten's WORKERFS, which reads them by slices on demand
 * (FileReaderSync) instead of copying them into the wasm heap. Outputs live in the in-memory FS,
 * inside a heap capped at 2 GB: the caller keeps inputs and outputs well below that.
 */

let module: SevenZipModule | null = null;
let output: string[] = [];

async function sevenZip(): Promise<SevenZipModule> {
  module ??= await SevenZip({
    print: (line) => output.push(line),
    printErr: (line) => output.push(line),
    // Never prompt: a missing password must fail, not wait for a keyboard.
    stdin: () => null as unknown as number,
  });
  return module;
}

/** Given when the user gave none, so that 7-Zip fails with "Wrong password?" instead of prompting. */
const NO_PASSWORD = 'baibao-no-password-given';

function classify(lines: readonly string[], passwordGiven: boolean): ArchiveErrorCode {
  const text = lines.join('\n');
  if (/Wrong password|encrypted archive/i.test(text)) return passwordGiven ? 'wrongPassword' : 'passwordRequired';
  if (/Cannot open the file as archive|Can not open the file as archive|Unsupported/i.test(text)) return 'unsupported';
  return 'corrupt';
}

function run(sz: SevenZipModule, args: string[], passwordGiven: boolean): string[] {
  output = [];
  let code: number;
  try {
    code = (sz.callMain(args) as unknown as number) ?? 0;
  } catch (error) {
    // An abort (out of memory) leaves the runtime unusable; start a fresh one next time.
    module = null;
    if (error instanceof Error && /memory|OOM|abort/i.test(error.message)) throw new ArchiveError('tooLarge', error.message);
    throw new ArchiveError(classify(output, passwordGiven), output.slice(-3).join(' '));
  }
  if (code !== 0) throw new ArchiveError(classify(output, passwordGiven), output.filter(Boolean).slice(-3).join(' '));
  return output;
}

const COMMON = ['-y', '-scsUTF-8', '-sccUTF-8', '-bso1', '-bse1', '-bsp0'];

function rmTree(sz: SevenZipModule, path: string): void {
  let stat;
  try {
    stat = sz.FS.stat(path);
  } catch {
    return;
  }
  if (sz.FS.isDir(stat.mode)) {
    for (const name of sz.FS.readdir(path)) if (name !== '.' && name !== '..') rmTree(sz, `${path}/${name}`);
    sz.FS.rmdir(path);
  } else sz.FS.unlink(path);
}

/** One opened archive per worker: the mounted File and, for tar.*, the unpacked tar in memory. */
interface Opened {
  key: string;
  /** Path 7-Zip reads entries from: the mounted File, or the unpacked inner tar. */
  archivePath: string;
}
let opened: Opened | null = null;

const fileNameFor = (name: string) => name.replace(/[/\\\0]/g, '_') || 'archive';

async function openArchive(key: string, file: Blob, fileName: string, format: ArchiveReadFormat, password: string | undefined): Promise<{ sz: SevenZipModule; path: string }> {
  const sz = await sevenZip();
  if (opened?.key === key) return { sz, path: opened.archivePath };
  closeArchive(sz);
  const name = fileNameFor(fileName);
  sz.FS.mkdir('/in');
  sz.FS.mount(sz.WORKERFS, { blobs: [{ name, data: file }] }, '/in');
  let archivePath = `/in/${name}`;
  if (format === 'tar.gz' || format === 'tar.bz2' || format === 'tar.xz') {
    // 7-Zip sees a compressed stream holding one .tar; unpack it once so the tar itself can be listed.
    run(sz, ['e', archivePath, '-o/unpacked', ...COMMON, `-p${password ?? NO_PASSWORD}`], password !== undefined);
    const inner = sz.FS.readdir('/unpacked').find((entry) => entry !== '.' && entry !== '..');
    if (!inner) throw new ArchiveError('corrupt', 'empty compressed stream');
    archivePath = `/unpacked/${inner}`;
  }
  opened = { key, archivePath };
  return { sz, path: archivePath };
}

function closeArchive(sz: SevenZipModule): void {
  opened = null;
  try {
    sz.FS.unmount('/in');
  } catch {
    // nothing mounted
  }
  rmTree(sz, '/in');
  rmTree(sz, '/unpacked');
}

const FORMAT_OF_TYPE: Record<string, ArchiveReadFormat> = { '7z': '7z', rar: 'rar', rar5: 'rar', zip: 'zip', tar: 'tar', gzip: 'gz', bzip2: 'bz2', xz: 'xz' };

export async function listWith7z(key: string, file: Blob, fileName: string, format: ArchiveReadFormat, password: string | undefined): Promise<ArchiveListing> {
  try {
    const { sz, path } = await openArchive(key, file, fileName, format, password);
    const listing = parseSevenZipListing(run(sz, ['l', '-slt', path, ...COMMON, `-p${password ?? NO_PASSWORD}`], password !== undefined));
    const entries =
      // A bare gz/bz2/xz holds one unnamed stream; name it after the archive like gunzip would.
      listing.entries.length === 1 && ['gz', 'bz2', 'xz'].includes(format) && !listing.entries[0]!.path ? [{ ...listing.entries[0]!, path: innerStreamName(fileName) }] : listing.entries;
    const actual = FORMAT_OF_TYPE[listing.type.toLowerCase()];
    return { format: format.startsWith('tar.') ? format : (actual ?? format), entries, encrypted: entries.some((entry) => entry.encrypted) };
  } catch (error) {
    opened = null;
    // With a wrong password on encrypted names, this wasm build can abort instead of saying so.
    if (format === '7z' && archiveErrorCode(error) === 'corrupt' && (await headersEncrypted(file))) throw new ArchiveError(password !== undefined ? 'wrongPassword' : 'passwordRequired');
    throw error;
  }
}

async function headersEncrypted(file: Blob): Promise<boolean> {
  const range = sevenZipHeaderRange(new Uint8Array(await file.slice(0, 32).arrayBuffer()));
  if (!range || range.length > 1024 * 1024) return false;
  return sevenZipHeaderEncrypted(new Uint8Array(await file.slice(range.offset, range.offset + range.length).arrayBuffer()));
}

export interface SevenZipReadOptions {
  password?: string;
  truncateAt?: number;
  budget: number;
}

/** Extracts the given entries (by their path in the listing) and hands back their bytes. */
export async function readWith7z(key: string, file: Blob, fileName: string, format: ArchiveReadFormat, paths: readonly string[], options: SevenZipReadOptions): Promise<Uint8Array[]> {
  const { sz, path } = await openArchive(key, file, fileName, format, options.password);
  rmTree(sz, '/out');
  try {
    const single = ['gz', 'bz2', 'xz'].includes(format);
    run(sz, ['x', path, '-o/out', '-spd', ...COMMON, `-p${options.password ?? NO_PASSWORD}`, ...(single ? [] : ['--', ...paths])], options.password !== undefined);
    let used = 0;
    return paths.map((entryPath) => {
      const target = single ? `/out/${sz.FS.readdir('/out').find((name) => name !== '.' && name !== '..')}` : `/out/${entryPath}`;
      const bytes = sz.FS.readFile(target);
      used += bytes.length;
      if (used > options.budget) throw new ArchiveError('bomb', `tooLarge ${entryPath}`);
      return options.truncateAt !== undefined ? bytes.slice(0, options.truncateAt) : bytes;
    });
  } finally {
    rmTree(sz, '/out');
  }
}

export interface SevenZipSource {
  file: Blob;
  path: string;
}

/** Writes a 7z from Files mounted read-only; the archive is built in memory and returned as a Blob. */
export async function createWith7z(sources: readonly SevenZipSource[], level: number, password: string | undefined, encryptNames: boolean): Promise<Blob> {
  const sz = await sevenZip();
  closeArchive(sz);
  sz.FS.mkdir('/src');
  sz.FS.mount(sz.WORKERFS, { blobs: sources.map(({ file, path }) => ({ name: path, data: file })) }, '/src');
  const roots = [...new Set(sources.map(({ path }) => path.split('/')[0]!))];
  const cwd = sz.FS.cwd();
  try {
    sz.FS.chdir('/src');
    const secret = password ? [`-p${password}`, ...(encryptNames ? ['-mhe=on'] : [])] : [];
    run(sz, ['a', '-t7z', `-mx=${level}`, ...secret, ...COMMON, '/archive.7z', '--', ...roots], !!password);
    const bytes = sz.FS.readFile('/archive.7z');
    return new Blob([bytes as BlobPart], { type: 'application/x-7z-compressed' });
  } finally {
    sz.FS.chdir(cwd);
    rmTree(sz, '/archive.7z');
    sz.FS.unmount('/src');
    rmTree(sz, '/src');
  }
}
