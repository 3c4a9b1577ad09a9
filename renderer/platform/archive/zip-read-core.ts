import { Inflate, inflateSync } from 'fflate';
import { createCRC32 } from 'hash-wasm';
import type { IHasher } from 'hash-wasm';
import type * as ZipJsModule from '@zip.js/zip.js/lib/zip-core.js';
import type { Entry } from '@zip.js/zip.js/lib/zip-core.js';
import { safeEntryPath } from '@shared/archive/entry-path';
import { localDataOffset, readZipDirectory, ZipFormatError } from '@shared/archive/zip-directory';
import type { ZipDirectoryEntry } from '@shared/archive/zip-directory';
import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveEntry, ArchiveListing } from '@shared/contracts/archive';

/**
 * Reading zips in a pool worker. The central directory is read by our own parser from two small
 * slices of the File; stored and deflated entries are read in batches (one slice for a run of
 * neighbouring entries) and inflated with fflate's synchronous code into a buffer of the declared
 * size, which can never grow: an entry that lies about its size fails its CRC instead of filling
 * memory. Encrypted entries (ZipCrypto, WinZip AES) go to zip.js, loaded only then.
 */

export interface ZipListing extends ArchiveListing {
  /** Compression methods fflate cannot inflate (bzip2, lzma, zstd…): 7-Zip must read this zip. */
  foreignMethods: boolean;
}

interface OpenZip {
  key: string;
  file: Blob;
  entries: Map<string, ZipDirectoryEntry>;
}

let open: OpenZip | null = null;
let crcHasher: IHasher | null = null;

const READABLE_METHODS = new Set([0, 8]);

async function crc(bytes: Uint8Array): Promise<number> {
  crcHasher ??= await createCRC32();
  crcHasher.init();
  crcHasher.update(bytes);
  return parseInt(crcHasher.digest('hex'), 16);
}

const readSlice = (file: Blob) => async (offset: number, length: number) =>
  new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());

async function zipFor(key: string, file: Blob): Promise<OpenZip> {
  if (open?.key === key) return open;
  let listed: ZipDirectoryEntry[];
  try {
    listed = await readZipDirectory(readSlice(file), file.size);
  } catch (error) {
    if (error instanceof ZipFormatError) throw new ArchiveError('corrupt', error.message);
    throw error;
  }
  const entries = new Map<string, ZipDirectoryEntry>();
  for (const entry of listed) {
    const verdict = safeEntryPath(entry.name);
    if (!verdict.ok) throw new ArchiveError('unsafePath', entry.name);
    entries.set(verdict.path, entry);
  }
  open = { key, file, entries };
  zipJsReader = null;
  return open;
}

export async function listZip(key: string, file: Blob): Promise<ZipListing> {
  const { entries } = await zipFor(key, file);
  const out: ArchiveEntry[] = [];
  let foreignMethods = false;
  for (const [path, entry] of entries) {
    if (!entry.directory && !entry.encrypted && !READABLE_METHODS.has(entry.method)) foreignMethods = true;
    out.push({
      path,
      directory: entry.directory,
      size: entry.size,
      packedSize: entry.compressedSize,
      encrypted: entry.encrypted,
      modified: entry.modified,
    });
  }
  return { format: 'zip', entries: out, encrypted: out.some((entry) => entry.encrypted), foreignMethods };
}

export interface ReadOptions {
  password?: string;
  /** Per entry: stop there and return what was read (previews). */
  truncateAt?: number;
  /** Across the call: declared sizes beyond this are a bomb. */
  budget: number;
  /**
   * An extraction of several: an entry that fails its CRC or does not decode comes back as null
   * (the others are read on) instead of failing the call with `damagedEntry`.
   */
  skipDamaged?: boolean;
  isCancelled: () => boolean;
}

/** Read entries in order; null for a damaged one when `skipDamaged` was asked for. */
export type EntryData = Uint8Array | null;

const isDamage = (error: unknown) => error instanceof ArchiveError && error.code === 'damagedEntry';

/** Inflates (or copies) one entry's data and checks it is exactly what the directory promised. */
async function decode(entry: ZipDirectoryEntry, data: Uint8Array, truncateAt?: number): Promise<Uint8Array> {
  if (truncateAt !== undefined && truncateAt < entry.size) {
    if (entry.method === 0) return data.slice(0, truncateAt);
    const chunks: Uint8Array[] = [];
    let length = 0;
    const enough = new Error('enough');
    const inflate = new Inflate((chunk) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= truncateAt) throw enough;
    });
    try {
      inflate.push(data, true);
    } catch (error) {
      if (error !== enough) throw new ArchiveError('damagedEntry', entry.name);
    }
    const out = new Uint8Array(Math.min(length, truncateAt));
    let offset = 0;
    for (const chunk of chunks) {
      if (offset >= out.length) break;
      out.set(chunk.subarray(0, out.length - offset), offset);
      offset += chunk.length;
    }
    return out;
  }
  let out: Uint8Array;
  try {
    if (entry.method === 0) out = data.slice();
    else if (data.length >= NATIVE_INFLATE_MIN && typeof DecompressionStream !== 'undefined') out = await nativeInflate(data, entry.size);
    else out = inflateSync(data, { out: new Uint8Array(entry.size) });
  } catch {
    throw new ArchiveError('damagedEntry', entry.name);
  }
  if (out.length !== entry.size || (await crc(out)) !== entry.crc) throw new ArchiveError('damagedEntry', entry.name);
  return out;
}

/** Big entries inflate in the browser's native zlib (several times faster than JavaScript); small ones are not worth a stream. */
const NATIVE_INFLATE_MIN = 256 * 1024;

/** Native inflate into a buffer of the declared size: output beyond it stops the stream (a lying entry). */
async function nativeInflate(data: Uint8Array, size: number): Promise<Uint8Array> {
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(data);
      controller.close();
    },
  });
  const reader = source.pipeThrough(new DecompressionStream('deflate-raw') as ReadableWritablePair<Uint8Array, Uint8Array>).getReader();
  const out = new Uint8Array(size);
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return at === size ? out : out.subarray(0, at);
    if (at + value.length > size) {
      await reader.cancel();
      throw new Error('more data than declared');
    }
    out.set(value, at);
    at += value.length;
  }
}

/** Longest local name + extra we allow for before reading an entry on its own. */
const LOCAL_SLACK = 1024;

async function readPlain(
  file: Blob,
  entries: ZipDirectoryEntry[],
  { truncateAt, skipDamaged, isCancelled }: ReadOptions,
): Promise<EntryData[]> {
  const start = Math.min(...entries.map((entry) => entry.localOffset));
  const end = Math.min(file.size, Math.max(...entries.map((entry) => entry.localOffset + 30 + LOCAL_SLACK + entry.compressedSize)));
  const wanted = entries.reduce((sum, entry) => sum + entry.compressedSize + 30 + LOCAL_SLACK, 0);
  // Neighbouring entries (the usual selection: a folder, or everything) come in one read.
  const block = end - start <= wanted * 2 + 1024 * 1024 ? new Uint8Array(await file.slice(start, end).arrayBuffer()) : null;
  const out: EntryData[] = [];
  for (const entry of entries) {
    if (isCancelled()) throw new ArchiveError('cancelled');
    const relative = entry.localOffset - start;
    const header =
      block && relative + 30 <= block.length
        ? block.subarray(relative, relative + 30)
        : new Uint8Array(await file.slice(entry.localOffset, entry.localOffset + 30).arrayBuffer());
    let dataStart: number;
    try {
      dataStart = localDataOffset(header, entry.localOffset);
    } catch {
      throw new ArchiveError('corrupt', `${entry.name}: local header missing`);
    }
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > file.size) throw new ArchiveError('corrupt', `${entry.name}: data beyond the end of the file`);
    const data =
      block && dataEnd - start <= block.length
        ? block.subarray(dataStart - start, dataEnd - start)
        : new Uint8Array(await file.slice(dataStart, dataEnd).arrayBuffer());
    try {
      out.push(await decode(entry, data, truncateAt));
    } catch (error) {
      if (!skipDamaged || !isDamage(error)) throw error;
      out.push(null);
    }
  }
  return out;
}

export async function readZipEntries(key: string, file: Blob, paths: readonly string[], options: ReadOptions): Promise<EntryData[]> {
  const { entries } = await zipFor(key, file);
  const chosen = paths.map((path) => {
    const entry = entries.get(path);
    if (!entry || entry.directory) throw new ArchiveError('corrupt', `no such file: ${path}`);
    return entry;
  });
  const declared = chosen.reduce(
    (sum, entry) => sum + (options.truncateAt !== undefined ? Math.min(entry.size, options.truncateAt) : entry.size),
    0,
  );
  if (declared > options.budget) throw new ArchiveError('bomb', 'tooLarge');
  const plain = chosen.filter((entry) => !entry.encrypted);
  for (const entry of plain)
    if (!READABLE_METHODS.has(entry.method)) throw new ArchiveError('unsupported', `${entry.name}: method ${entry.method}`);
  const plainData = plain.length > 0 ? await readPlain(file, plain, options) : [];
  const out: EntryData[] = [];
  let next = 0;
  for (const entry of chosen) {
    if (!entry.encrypted) out.push(plainData[next++]!);
    else {
      try {
        out.push(await readEncrypted(key, file, entry, options));
      } catch (error) {
        if (!options.skipDamaged || !isDamage(error)) throw error;
        out.push(null);
      }
    }
  }
  return out;
}

// ---- encrypted entries: zip.js -------------------------------------------------------------

type ZipJs = typeof ZipJsModule;

let zipJsReader: { key: string; zipjs: ZipJs; byOffset: Map<number, Entry> } | null = null;

async function zipJsFor(key: string, file: Blob) {
  if (zipJsReader?.key === key) return zipJsReader;
  const zipjs = await import('@zip.js/zip.js/lib/zip-core.js');
  zipjs.configure({ useWebWorkers: false });
  // Our own listing already refused unsafe names; zip.js need not judge them again.
  const reader = new zipjs.ZipReader(new zipjs.BlobReader(file), { filenameValidation: 'tolerant' });
  const byOffset = new Map<number, Entry>();
  for (const entry of await reader.getEntries()) byOffset.set(entry.offset, entry);
  zipJsReader = { key, zipjs, byOffset };
  return zipJsReader;
}

async function readEncrypted(key: string, file: Blob, entry: ZipDirectoryEntry, options: ReadOptions): Promise<Uint8Array> {
  if (!options.password) throw new ArchiveError('passwordRequired');
  const { zipjs, byOffset } = await zipJsFor(key, file);
  const found = byOffset.get(entry.localOffset);
  if (!found || found.directory) throw new ArchiveError('corrupt', `${entry.name}: not found by zip.js`);
  const chunks: Uint8Array[] = [];
  let length = 0;
  const stop = new AbortController();
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      if (options.isCancelled()) throw new ArchiveError('cancelled');
      chunks.push(chunk);
      length += chunk.length;
      // More than the directory declared is a lie; stop before it fills memory.
      if (length > entry.size || (options.truncateAt !== undefined && length >= options.truncateAt)) stop.abort();
    },
  });
  try {
    await found.getData(sink, { password: options.password, signal: stop.signal, checkSignature: true });
  } catch (error) {
    if (!stop.signal.aborted) {
      const message = error instanceof Error ? error.message : String(error);
      if (message === zipjs.ERR_INVALID_PASSWORD) throw new ArchiveError('wrongPassword');
      if (message === zipjs.ERR_ENCRYPTED) throw new ArchiveError('passwordRequired');
      if (error instanceof ArchiveError) throw error;
      // zip.js's ERR_INVALID_SIGNATURE is a CRC mismatch; like the rest, it concerns this entry only.
      throw new ArchiveError('damagedEntry', entry.name);
    }
  }
  if (length > entry.size) throw new ArchiveError('bomb', `tooLarge ${entry.name}`);
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return options.truncateAt !== undefined ? bytes.subarray(0, Math.min(length, options.truncateAt)) : bytes;
}

/** Tries the password on the smallest encrypted file (cheapest to decrypt and check). */
export async function checkZipPassword(key: string, file: Blob, password: string): Promise<void> {
  const { entries } = await zipFor(key, file);
  const smallest = [...entries.values()]
    .filter((entry) => !entry.directory && entry.encrypted)
    .sort((a, b) => a.compressedSize - b.compressedSize)[0];
  if (!smallest) return;
  await readEncrypted(key, file, smallest, { password, budget: Number.MAX_SAFE_INTEGER, isCancelled: () => false });
}
