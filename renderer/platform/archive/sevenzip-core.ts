import SevenZip from '7z-wasm';
import type { FSNode, SevenZipModule } from '7z-wasm';
import { ArchiveError, archiveErrorCode } from '@shared/contracts/archive';
import type { ArchiveErrorCode, ArchiveListing, ArchiveReadFormat } from '@shared/contracts/archive';
import { innerStreamName, sevenZipHeaderEncrypted, sevenZipHeaderRange, unsupportedMethodName } from '@shared/archive/format';
import { whileLoading } from '@/lib/load-failure';
import { damagedEntryNames, parseSevenZipListing, toArchiveEntry } from '@shared/archive/sevenzip-listing';

/**
 * 7-Zip 24.09 compiled to WebAssembly (7z-wasm, LGPL + unRAR restriction), for everything fflate
 * and zip.js do not read: 7z (AES included), RAR 2–5, tar, gz, bz2, xz, and for writing 7z.
 * Input Files are mounted with Emscripten's WORKERFS, which reads them by slices on demand
 * (FileReaderSync) instead of copying them into the wasm heap. Outputs live in the in-memory FS,
 * inside a heap capped at 2 GB: the caller keeps inputs and outputs well below that.
 * Links are not followed or kept: entries are extracted with `-snl-` (no links made), a symbolic
 * link's content is its target's text (the way zip tools store links) and a hard link's is its
 * target's bytes.
 */

let module: SevenZipModule | null = null;
let output: string[] = [];

async function sevenZip(): Promise<SevenZipModule> {
  module ??= await whileLoading(
    () =>
      SevenZip({
        print: (line) => output.push(line),
        printErr: (line) => output.push(line),
        // Never prompt: a missing password must fail, not wait for a keyboard.
        stdin: () => null as unknown as number,
      }),
    (error) => new ArchiveError('codecUnavailable', error instanceof Error ? error.message : String(error)),
  );
  return module;
}

/** Given when the user gave none, so that 7-Zip fails with "Wrong password?" instead of prompting. */
const NO_PASSWORD = 'baibao-no-password-given';

function classify(lines: readonly string[], passwordGiven: boolean): ArchiveErrorCode {
  const text = lines.join('\n');
  // Before the password: 7-Zip cannot check a password through a coder it lacks, and says so.
  if (/Unsupported Method/i.test(text)) return 'unsupportedMethod';
  if (/Missing volume/i.test(text)) return 'missingVolume';
  if (/Wrong password|encrypted archive/i.test(text)) return passwordGiven ? 'wrongPassword' : 'passwordRequired';
  if (/Cannot open the file as archive|Can not open the file as archive|Unsupported/i.test(text)) return 'unsupported';
  return 'corrupt';
}

/** What the page shows with the code: the method's name, the missing volume's, or 7-Zip's last lines. */
function detailFor(code: ArchiveErrorCode, lines: readonly string[]): string {
  const last = (pattern: RegExp) =>
    lines
      .map((line) => pattern.exec(line)?.[1]?.trim())
      .filter(Boolean)
      .at(-1);
  if (code === 'unsupportedMethod') {
    const entry = last(/Unsupported Method : (.*)$/);
    const method = (entry !== undefined ? opened?.methods?.get(entry) : undefined) ?? opened?.methods?.get('') ?? '';
    return unsupportedMethodName(method, opened?.format);
  }
  if (code === 'missingVolume') return (last(/Missing volume : (.*)$/) ?? '').replace(/^.*\//, '');
  return lines.filter(Boolean).slice(-3).join(' ');
}

function fail(passwordGiven: boolean): ArchiveError {
  const code = classify(output, passwordGiven);
  return new ArchiveError(code, detailFor(code, output));
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
    throw fail(passwordGiven);
  }
  if (code !== 0) throw fail(passwordGiven);
  return output;
}

const COMMON = ['-y', '-scsUTF-8', '-sccUTF-8', '-bso1', '-bse1', '-bsp0'];

/** Removes a path and everything below it. lstat, not stat: a link (dangling or to a folder) is removed itself, never followed. */
function rmTree(sz: SevenZipModule, path: string): void {
  let stat;
  try {
    stat = sz.FS.lstat(path);
  } catch {
    return;
  }
  if (sz.FS.isDir(stat.mode)) {
    for (const name of sz.FS.readdir(path)) if (name !== '.' && name !== '..') rmTree(sz, `${path}/${name}`);
    sz.FS.rmdir(path);
  } else sz.FS.unlink(path);
}

/**
 * Emscripten's file system throws `ErrnoError`s, which are not Errors: through Comlink they would
 * reach the page as plain objects. Anything but an ArchiveError becomes one, and the runtime is
 * dropped, so that whatever state the failure left in its file system cannot jam the next job.
 */
function asArchiveError(error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  module = null;
  opened = null;
  if (error instanceof Error) return new ArchiveError('corrupt', error.message);
  const errno = typeof error === 'object' && error !== null ? (error as { errno?: unknown }).errno : undefined;
  return new ArchiveError('corrupt', typeof errno === 'number' ? `ErrnoError ${errno}` : String(error));
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asArchiveError(error);
  }
}

/** One opened archive per worker: the mounted File and, for tar.*, the unpacked tar in memory. */
interface Opened {
  key: string;
  /** Path 7-Zip reads entries from: the mounted File, or the unpacked inner tar. */
  archivePath: string;
  format: ArchiveReadFormat;
  /** Link entries by listed path, known once the archive has been listed in this worker. */
  links?: Map<string, SevenZipLink>;
  /** Each file's coders by listed path, to name one 7-Zip cannot decode. */
  methods?: Map<string, string>;
  /** Every listed path, to tell 7-Zip's damaged-entry lines that name no entry ("#0"). */
  names?: Set<string>;
}
let opened: Opened | null = null;

const fileNameFor = (name: string) => name.replace(/[/\\\0]/g, '_') || 'archive';

/** The other volumes of a multi-volume archive, under their own names: 7-Zip finds them beside the first by name. */
export interface SevenZipVolume {
  name: string;
  data: Blob;
}

async function openArchive(
  key: string,
  file: Blob,
  fileName: string,
  format: ArchiveReadFormat,
  password: string | undefined,
  volumes: readonly SevenZipVolume[] = [],
): Promise<{ sz: SevenZipModule; path: string }> {
  const sz = await sevenZip();
  if (opened?.key === key) return { sz, path: opened.archivePath };
  closeArchive(sz);
  const name = fileNameFor(fileName);
  sz.FS.mkdir('/in');
  const others = volumes.map((volume) => ({ name: fileNameFor(volume.name), data: volume.data })).filter((volume) => volume.name !== name);
  sz.FS.mount(sz.WORKERFS, { blobs: [{ name, data: file }, ...others] }, '/in');
  let archivePath = `/in/${name}`;
  if (format === 'tar.gz' || format === 'tar.bz2' || format === 'tar.xz') {
    // 7-Zip sees a compressed stream holding one .tar; unpack it once so the tar itself can be listed.
    run(sz, ['e', archivePath, '-o/unpacked', ...COMMON, `-p${password ?? NO_PASSWORD}`], password !== undefined);
    const inner = sz.FS.readdir('/unpacked').find((entry) => entry !== '.' && entry !== '..');
    if (!inner) throw new ArchiveError('corrupt', 'empty compressed stream');
    archivePath = `/unpacked/${inner}`;
  }
  opened = { key, archivePath, format };
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

const FORMAT_OF_TYPE: Record<string, ArchiveReadFormat> = {
  '7z': '7z',
  rar: 'rar',
  rar5: 'rar',
  zip: 'zip',
  tar: 'tar',
  gzip: 'gz',
  bzip2: 'bz2',
  xz: 'xz',
};

/**
 * A link entry. Tar records a symbolic link's target (and a hard link's) in its header, and 7-Zip
 * prints it; 7z, zip and rar keep a symbolic link's target as the entry's data and only its Unix
 * mode (`lrwxrwxrwx` in Attributes) tells.
 */
interface SevenZipLink {
  kind: 'symbolic' | 'hard';
  /** As stored (a hard link's is another entry's path); undefined when 7-Zip does not print it. */
  target?: string;
}

function list(sz: SevenZipModule, path: string, password: string | undefined) {
  const parsed = parseSevenZipListing(
    run(sz, ['l', '-slt', path, ...COMMON, `-p${password ?? NO_PASSWORD}`], password !== undefined).join('\n'),
  );
  if (!parsed.ok) {
    // A name with a line break forges lines of the listing: refused as the desktop engine refuses it.
    if (parsed.reason === 'malformed') throw new ArchiveError('unsafePath', 'an entry name contains line breaks');
    throw new ArchiveError('corrupt', 'no listing in 7-Zip output');
  }
  const { type, method, entries } = parsed.listing;
  const links = new Map<string, SevenZipLink>();
  /** Each file's coders by path, the archive's own under ''. */
  const methods = new Map<string, string>();
  if (method) methods.set('', method);
  for (const entry of entries) {
    if (entry.directory) continue;
    if (entry.linkTarget !== undefined) links.set(entry.rawPath, { kind: 'symbolic', target: entry.linkTarget });
    else if (entry.hardLinkTarget !== undefined) links.set(entry.rawPath, { kind: 'hard', target: entry.hardLinkTarget });
    else if (entry.symlink) links.set(entry.rawPath, { kind: 'symbolic' });
    if (entry.method) methods.set(entry.rawPath, entry.method);
  }
  const names = new Set(entries.map((entry) => entry.rawPath));
  if (opened) Object.assign(opened, { links, methods, names });
  return { type, entries: entries.map((entry) => toArchiveEntry(entry)), links, names };
}

export async function listWith7z(
  key: string,
  file: Blob,
  fileName: string,
  format: ArchiveReadFormat,
  password: string | undefined,
  volumes: readonly SevenZipVolume[] = [],
): Promise<ArchiveListing> {
  try {
    const { sz, path } = await openArchive(key, file, fileName, format, password, volumes);
    const listing = list(sz, path, password);
    const sizes = new Map(listing.entries.map((entry) => [entry.path, entry.size]));
    let entries = listing.entries.map((entry) => {
      // A hard link is listed empty; it extracts as its target.
      const link = listing.links.get(entry.path);
      return link?.kind === 'hard' && link.target !== undefined ? { ...entry, size: sizes.get(link.target) ?? entry.size } : entry;
    });
    // A bare gz/bz2/xz holds one unnamed stream; name it after the archive like gunzip would.
    if (entries.length === 1 && ['gz', 'bz2', 'xz'].includes(format) && !entries[0]!.path)
      entries = [{ ...entries[0]!, path: innerStreamName(fileName) }];
    const actual = FORMAT_OF_TYPE[listing.type.toLowerCase()];
    return {
      format: format.startsWith('tar.') ? format : (actual ?? format),
      entries,
      encrypted: entries.some((entry) => entry.encrypted),
    };
  } catch (error) {
    opened = null;
    // With a wrong password on encrypted names, this wasm build can abort instead of saying so.
    if (format === '7z' && archiveErrorCode(error) === 'corrupt' && (await headersEncrypted(file).catch(() => false)))
      throw new ArchiveError(password !== undefined ? 'wrongPassword' : 'passwordRequired');
    // The first part of a split file (x.7z.001) alone is a truncated archive to 7-Zip: ask for the next part.
    const next = nextSplitPart(fileName);
    if (next && !volumes.some((volume) => volume.name === next) && ['corrupt', 'unsupported'].includes(archiveErrorCode(error) ?? ''))
      throw new ArchiveError('missingVolume', next);
    throw asArchiveError(error);
  }
}

/** x.7z.001 → x.7z.002: the part 7-Zip's split handler looks for next (only for a first part). */
function nextSplitPart(fileName: string): string | undefined {
  const match = /^(.+)\.001$/.exec(fileName.replace(/^.*[\\/]/, ''));
  return match ? `${match[1]}.002` : undefined;
}

async function headersEncrypted(file: Blob): Promise<boolean> {
  const range = sevenZipHeaderRange(new Uint8Array(await file.slice(0, 32).arrayBuffer()));
  if (!range || range.length > 1024 * 1024) return false;
  return sevenZipHeaderEncrypted(new Uint8Array(await file.slice(range.offset, range.offset + range.length).arrayBuffer()));
}

export interface SevenZipReadOptions {
  password?: string;
  /** Several entries for an extraction: a damaged one comes back as null instead of failing the call. */
  skipDamaged?: boolean;
  /** The other volumes, as when listing (the worker may have been restarted since). */
  volumes?: readonly SevenZipVolume[];
  truncateAt?: number;
  budget: number;
}

const encoder = new TextEncoder();

/** What 7-Zip wrote for an entry: a regular file's bytes (a link, should one appear, gives its target's text). */
function extracted(sz: SevenZipModule, path: string, entryPath: string): Uint8Array {
  let stat;
  try {
    stat = sz.FS.lstat(path);
  } catch {
    throw new ArchiveError('corrupt', `${entryPath}: not extracted`);
  }
  if (sz.FS.isLink(stat.mode)) return encoder.encode(sz.FS.readlink(path));
  if (!sz.FS.isFile(stat.mode)) throw new ArchiveError('corrupt', `${entryPath}: not a file`);
  return sz.FS.readFile(path);
}

/**
 * Targets of symbolic links that 7-Zip does not print (7z, zip, rar keep them as the entry's data):
 * extracted as links apart from everything else, then read with readlink. A target 7-Zip refuses
 * to make (absolute, or climbing out of the folder) comes from its message instead.
 */
function linkTargets(sz: SevenZipModule, path: string, entries: readonly string[], password: string | undefined): Map<string, string> {
  const targets = new Map<string, string>();
  if (entries.length === 0) return targets;
  rmTree(sz, '/links');
  let lines: string[];
  try {
    lines = run(sz, ['x', path, '-o/links', '-spd', ...COMMON, `-p${password ?? NO_PASSWORD}`, '--', ...entries], password !== undefined);
  } catch (error) {
    if (archiveErrorCode(error) !== 'corrupt') throw error;
    lines = output;
  }
  try {
    for (const entry of entries) {
      const refused = lines
        .map((line) => /^ERROR: Dangerous link path was ignored : (.*)$/.exec(line)?.[1])
        .find((rest) => rest?.startsWith(`${entry} : `));
      if (refused !== undefined) targets.set(entry, refused.slice(entry.length + 3));
      else {
        try {
          const stat = sz.FS.lstat(`/links/${entry}`);
          targets.set(
            entry,
            sz.FS.isLink(stat.mode) ? sz.FS.readlink(`/links/${entry}`) : new TextDecoder().decode(sz.FS.readFile(`/links/${entry}`)),
          );
        } catch {
          throw new ArchiveError('corrupt', `${entry}: link not extracted`);
        }
      }
    }
  } finally {
    rmTree(sz, '/links');
  }
  return targets;
}

/**
 * Extracts the given entries (by their path in the listing) and hands back their bytes. 7-Zip goes
 * on past a damaged entry and names it; such an entry fails the call with `damagedEntry`, or with
 * `skipDamaged` comes back as null, as in the zip reader.
 */
export async function readWith7z(
  key: string,
  file: Blob,
  fileName: string,
  format: ArchiveReadFormat,
  paths: readonly string[],
  options: SevenZipReadOptions,
): Promise<(Uint8Array | null)[]> {
  return guarded(async () => {
    const { sz, path } = await openArchive(key, file, fileName, format, options.password, options.volumes);
    const secret = [`-p${options.password ?? NO_PASSWORD}`];
    const single = ['gz', 'bz2', 'xz'].includes(format);
    // After the worker was restarted (a cancel), the archive is reopened but not listed: list it again for its links.
    const known = opened?.links && opened.names ? { links: opened.links, names: opened.names } : undefined;
    const listed = single ? undefined : (known ?? list(sz, path, options.password));
    const links = listed?.links ?? new Map<string, SevenZipLink>();
    // What 7-Zip itself must extract: plain files, and the files hard links point to.
    const wanted = new Set<string>();
    const unknownTargets: string[] = [];
    for (const entryPath of paths) {
      const link = links.get(entryPath);
      if (!link) wanted.add(entryPath);
      else if (link.kind === 'hard' && link.target !== undefined) wanted.add(link.target);
      else if (link.target === undefined) unknownTargets.push(entryPath);
    }
    rmTree(sz, '/out');
    try {
      const damaged = new Set<string>();
      try {
        if (single || wanted.size > 0)
          run(
            sz,
            ['x', path, '-o/out', '-spd', '-snl-', ...COMMON, ...secret, ...(single ? [] : ['--', ...wanted])],
            options.password !== undefined,
          );
      } catch (error) {
        // Not a wrong password: classify sees that first.
        for (const entry of damagedEntryNames(output)) damaged.add(entry);
        if (archiveErrorCode(error) !== 'corrupt' || damaged.size === 0) throw error;
        // A name that is no entry (`#0`: a solid block that does not decode) leaves the files 7-Zip
        // wrote unaccounted for: an extraction fails whole, a file read alone is damaged (as on the desktop).
        if (listed && [...damaged].some((entry) => !listed.names.has(entry))) {
          if (options.skipDamaged || paths.length !== 1) throw error;
          throw new ArchiveError('damagedEntry', paths[0]);
        }
      }
      const targets = linkTargets(sz, path, unknownTargets, options.password);
      let used = 0;
      return paths.map((entryPath) => {
        const link = links.get(entryPath);
        const source = link?.kind === 'hard' && link.target !== undefined ? link.target : entryPath;
        if (single ? damaged.size > 0 : damaged.has(source)) {
          if (options.skipDamaged) return null;
          throw new ArchiveError('damagedEntry', entryPath);
        }
        let bytes: Uint8Array;
        if (single) bytes = extracted(sz, `/out/${sz.FS.readdir('/out').find((name) => name !== '.' && name !== '..')}`, entryPath);
        else if (link?.kind === 'hard' && link.target !== undefined) bytes = extracted(sz, `/out/${link.target}`, entryPath);
        else if (link) bytes = encoder.encode(link.target ?? targets.get(entryPath) ?? '');
        else bytes = extracted(sz, `/out/${entryPath}`, entryPath);
        used += bytes.length;
        if (used > options.budget) throw new ArchiveError('bomb', `tooLarge ${entryPath}`);
        return options.truncateAt !== undefined ? bytes.slice(0, options.truncateAt) : bytes;
      });
    } finally {
      rmTree(sz, '/out');
    }
  });
}

export interface SevenZipSource {
  /** Absent for a folder. */
  file?: Blob;
  path: string;
  /** Epoch ms; 7-Zip stores it as the entry's modification time. */
  modified?: number;
}

/** The part of Emscripten's WORKERFS that makes nodes: mounting only makes folders that hold files. */
interface WorkerFsNodes {
  DIR_MODE: number;
  createNode(parent: FSNode, name: string, mode: number, dev: number): FSNode;
}

/** Folders in the mounted tree, empty ones included, each with its parents. */
function mountFolder(sz: SevenZipModule, path: string): void {
  const workerFs = sz.WORKERFS as unknown as WorkerFsNodes;
  let at = '/src';
  let parent = sz.FS.lookupPath(at).node;
  for (const name of path.split('/')) {
    at += `/${name}`;
    try {
      parent = sz.FS.lookupPath(at).node;
    } catch {
      parent = workerFs.createNode(parent, name, workerFs.DIR_MODE, 0);
    }
  }
}

/**
 * Writes a 7z from Files mounted read-only (folders without files, say empty ones from a dropped
 * folder, are added to the mounted tree); the archive is built in memory and returned as a Blob.
 */
export async function createWith7z(
  sources: readonly SevenZipSource[],
  level: number,
  password: string | undefined,
  encryptNames: boolean,
): Promise<Blob> {
  return guarded(async () => {
    const sz = await sevenZip();
    closeArchive(sz);
    sz.FS.mkdir('/src');
    const files = sources.filter((source): source is SevenZipSource & { file: Blob } => source.file !== undefined);
    sz.FS.mount(sz.WORKERFS, { blobs: files.map(({ file, path }) => ({ name: path, data: file })) }, '/src');
    const roots = [...new Set(sources.map(({ path }) => path.split('/')[0]!))];
    const cwd = sz.FS.cwd();
    try {
      for (const { path, file } of sources) if (!file) mountFolder(sz, path);
      // WORKERFS dates every node "now"; 7-Zip stores what stat says.
      for (const { path, modified } of sources) if (modified !== undefined) sz.FS.utime(`/src/${path}`, modified, modified);
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
  });
}
