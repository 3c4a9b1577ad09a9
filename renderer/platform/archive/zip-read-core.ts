import { BlobReader, configure, ERR_ENCRYPTED, ERR_INVALID_PASSWORD, ERR_UNSAFE_FILENAME, ZipReader } from '@zip.js/zip.js/lib/zip-core.js';
import type { Entry, FileEntry } from '@zip.js/zip.js/lib/zip-core.js';
import { decodeEntryName } from '@shared/archive/entry-name';
import { safeEntryPath } from '@shared/archive/entry-path';
import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveEntry, ArchiveListing } from '@shared/contracts/archive';

/**
 * Reading zips, in a pool worker, with zip.js: it reads the central directory from the File by
 * slices (a 4 GB zip is never loaded), handles zip64, ZipCrypto and WinZip AES, and inflates with
 * the browser's native DecompressionStream. We already run inside our own worker, so zip.js's
 * workers are off.
 */
configure({ useWebWorkers: false });

interface OpenZip {
  key: string;
  reader: ZipReader<unknown>;
  /** By the normalised path the page sees. */
  entries: Map<string, Entry>;
}

let open: OpenZip | null = null;

function toArchiveError(error: unknown): unknown {
  if (error instanceof ArchiveError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (message === ERR_INVALID_PASSWORD) return new ArchiveError('wrongPassword');
  if (message === ERR_ENCRYPTED) return new ArchiveError('passwordRequired');
  // zip.js refuses `..` and absolute names itself; the page names the entry either way.
  if (message === ERR_UNSAFE_FILENAME) return new ArchiveError('unsafePath', String((error as { filename?: unknown }).filename ?? ''));
  if (error instanceof Error && error.name === 'AbortError') return new ArchiveError('cancelled');
  return new ArchiveError('corrupt', message);
}

/** The archive the page opened, kept per worker by the page's key so each call does not re-read the directory. */
async function zipFor(key: string, file: Blob): Promise<OpenZip> {
  if (open?.key === key) return open;
  await open?.reader.close();
  open = null;
  const reader = new ZipReader(new BlobReader(file), {
    // Called for names without the UTF-8 flag (zip.js would read them as CP437).
    decodeText: (value, encoding) => (/utf-?8/i.test(encoding) ? undefined : decodeEntryName(value, false)),
  });
  try {
    const list = await reader.getEntries();
    const entries = new Map<string, Entry>();
    for (const entry of list) {
      const verdict = safeEntryPath(entry.filename);
      if (!verdict.ok) throw new ArchiveError('unsafePath', entry.filename);
      entries.set(verdict.path, entry);
    }
    open = { key, reader, entries };
    return open;
  } catch (error) {
    await reader.close().catch(() => undefined);
    throw toArchiveError(error);
  }
}

export async function listZip(key: string, file: Blob): Promise<ArchiveListing> {
  const { entries } = await zipFor(key, file);
  const out: ArchiveEntry[] = [];
  for (const [path, entry] of entries) {
    out.push({
      path,
      directory: entry.directory,
      size: entry.uncompressedSize,
      packedSize: entry.compressedSize,
      encrypted: entry.encrypted,
      modified: entry.lastModDate?.getTime(),
    });
  }
  return { format: 'zip', entries: out, encrypted: out.some((entry) => entry.encrypted) };
}

export interface ReadOptions {
  password?: string;
  /** Per entry: stop reading there and return what was read (previews). */
  truncateAt?: number;
  /** Across the call: more output than this is a bomb (the declared sizes lied). */
  budget: number;
  isCancelled: () => boolean;
}

/** Reads one entry into memory, refusing to produce more than the budget. */
async function readOne(entry: FileEntry, options: ReadOptions, used: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const stop = new AbortController();
  let overBudget = false;
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      if (options.isCancelled()) throw new ArchiveError('cancelled');
      chunks.push(chunk);
      length += chunk.length;
      if (used + length > options.budget) {
        overBudget = true;
        stop.abort();
      } else if (options.truncateAt !== undefined && length >= options.truncateAt) stop.abort();
    },
  });
  try {
    await entry.getData(sink, { password: options.password, signal: stop.signal, checkSignature: true });
  } catch (error) {
    if (!stop.signal.aborted) throw toArchiveError(error);
  }
  if (overBudget) throw new ArchiveError('bomb', `tooLarge ${entry.filename}`);
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return options.truncateAt !== undefined ? bytes.subarray(0, Math.min(length, options.truncateAt)) : bytes;
}

export async function readZipEntries(key: string, file: Blob, paths: readonly string[], options: ReadOptions): Promise<Uint8Array[]> {
  const { entries } = await zipFor(key, file);
  const out: Uint8Array[] = [];
  let used = 0;
  for (const path of paths) {
    if (options.isCancelled()) throw new ArchiveError('cancelled');
    const entry = entries.get(path);
    if (!entry || entry.directory) throw new ArchiveError('corrupt', `no such file: ${path}`);
    const bytes = await readOne(entry, options, used);
    used += bytes.length;
    out.push(bytes);
  }
  return out;
}

/** Tries the password on the smallest encrypted file (cheapest to decrypt and check). */
export async function checkZipPassword(key: string, file: Blob, password: string): Promise<void> {
  const { entries } = await zipFor(key, file);
  const encrypted = [...entries.values()].filter((entry): entry is FileEntry => !entry.directory && entry.encrypted);
  const smallest = encrypted.sort((a, b) => a.compressedSize - b.compressedSize)[0];
  if (!smallest) return;
  await readOne(smallest, { password, budget: Number.MAX_SAFE_INTEGER, isCancelled: () => false }, 0);
}
