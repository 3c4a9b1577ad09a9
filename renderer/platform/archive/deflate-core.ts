import { Deflate, deflateSync, Gzip } from 'fflate';
import { createCRC32 } from 'hash-wasm';
import type { IHasher } from 'hash-wasm';
import { ArchiveError } from '@shared/contracts/archive';

/**
 * What one pool worker does to one file for a zip: CRC-32 and raw deflate, with fflate's
 * synchronous code (its async API spawns a worker per call, which is what our fixed pool avoids),
 * or for big files at level 6 the browser's native zlib.
 * Files up to SMALL_FILE are read whole and deflated in one call (fastest); bigger ones stream in
 * SLICE pieces so a 2 GB file never sits in memory uncompressed. Small files travel in batches.
 */

export interface DeflatedEntry {
  method: 0 | 8;
  crc: number;
  size: number;
  compressedSize: number;
  /** Deflated bytes; empty when `method` is 0 (the caller writes the original bytes: no copy made). */
  chunks: Uint8Array[];
}

const SMALL_FILE = 16 * 1024 * 1024;
const SLICE = 4 * 1024 * 1024;
/** How much of a mid-sized file is deflated first to see whether deflating the rest is worth it. */
const PROBE = 256 * 1024;

export type DeflateLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

let hasher: IHasher | null = null;

/** One CRC-32 instance per worker: creating a wasm hasher per file costs more than hashing a small file. */
async function crcHasher(): Promise<IHasher> {
  hasher ??= await createCRC32();
  hasher.init();
  return hasher;
}

const digest = (crc: IHasher) => parseInt(crc.digest('hex'), 16);

/** Deflate that saves less than this is not worth it: the entry is stored. */
const WORTHWHILE = 0.97;

function packSmall(bytes: Uint8Array, level: DeflateLevel, crc: number): DeflatedEntry {
  const size = bytes.length;
  if (level === 0 || size === 0) return { method: 0, crc, size, compressedSize: size, chunks: [] };
  const packed = deflateSync(bytes, { level });
  if (packed.length >= size) return { method: 0, crc, size, compressedSize: size, chunks: [] };
  return { method: 8, crc, size, compressedSize: packed.length, chunks: [packed] };
}

/**
 * Many small files in one job: the page hands them over as one Blob (which only references the
 * Files), read here with one call instead of one per file. `sizes` splits it back.
 */
export async function deflateBatch(
  blob: Blob,
  sizes: readonly number[],
  level: DeflateLevel,
  isCancelled: () => boolean = () => false,
): Promise<DeflatedEntry[]> {
  const all = new Uint8Array(await blob.arrayBuffer());
  const out: DeflatedEntry[] = [];
  let offset = 0;
  for (const size of sizes) {
    if (isCancelled()) throw new ArchiveError('cancelled');
    const bytes = all.subarray(offset, offset + size);
    offset += size;
    const crc = await crcHasher();
    crc.update(bytes);
    out.push(packSmall(bytes, level, digest(crc)));
  }
  return out;
}

/** The browser's own zlib (CompressionStream) deflates at zlib's default level, 6, several times faster than JavaScript. */
const NATIVE_LEVEL = 6;
const hasNativeDeflate = () => typeof CompressionStream !== 'undefined';

/**
 * `blob` through the browser's CompressionStream slice by slice, each slice handed to `onSlice`
 * first (CRC, progress); a cancel aborts the stream.
 */
async function compressNative(
  format: 'deflate-raw' | 'gzip',
  blob: Blob,
  onSlice: (slice: Uint8Array, end: number) => void,
  isCancelled: () => boolean,
): Promise<Uint8Array[]> {
  const compressor = new CompressionStream(format);
  const writer = compressor.writable.getWriter();
  const chunks: Uint8Array[] = [];
  const drained = (async () => {
    const reader = compressor.readable.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      chunks.push(value);
    }
  })();
  try {
    for (let offset = 0; offset < blob.size; offset += SLICE) {
      if (isCancelled()) throw new ArchiveError('cancelled');
      const slice = new Uint8Array(await blob.slice(offset, offset + SLICE).arrayBuffer());
      onSlice(slice, offset + slice.length);
      await writer.write(slice);
    }
    await writer.close();
    await drained;
  } catch (error) {
    drained.catch(() => undefined);
    await writer.abort(error).catch(() => undefined);
    throw error;
  }
  return chunks;
}

async function nativeDeflate(
  file: Blob,
  crc: IHasher,
  isCancelled: () => boolean,
): Promise<{ chunks: Uint8Array[]; compressedSize: number }> {
  const chunks = await compressNative('deflate-raw', file, (slice) => crc.update(slice), isCancelled);
  return { chunks, compressedSize: chunks.reduce((sum, chunk) => sum + chunk.length, 0) };
}

async function crcOnly(file: Blob, crc: IHasher, isCancelled: () => boolean): Promise<number> {
  for (let offset = 0; offset < file.size; offset += SLICE) {
    if (isCancelled()) throw new ArchiveError('cancelled');
    crc.update(new Uint8Array(await file.slice(offset, offset + SLICE).arrayBuffer()));
  }
  return digest(crc);
}

/**
 * One (big) file. Its first PROBE bytes are deflated first: when they hardly shrink (a video, a
 * photo, an archive) the file is stored and only its CRC computed. Otherwise level 6 goes through
 * the browser's native zlib, other levels through fflate: whole for files up to SMALL_FILE,
 * streamed in SLICE pieces beyond, so a 2 GB file never sits in memory uncompressed.
 */
export async function deflateEntry(file: Blob, level: DeflateLevel, isCancelled: () => boolean = () => false): Promise<DeflatedEntry> {
  const size = file.size;
  const crc = await crcHasher();
  const head = new Uint8Array(await file.slice(0, Math.min(size, PROBE)).arrayBuffer());
  const worthIt = level > 0 && size > 0 && deflateSync(head, { level }).length < head.length * WORTHWHILE;
  const stored = (checksum: number): DeflatedEntry => ({ method: 0, crc: checksum, size, compressedSize: size, chunks: [] });
  if (!worthIt) return stored(await crcOnly(file, crc, isCancelled));
  let packed: { chunks: Uint8Array[]; compressedSize: number };
  if (level === NATIVE_LEVEL && hasNativeDeflate()) packed = await nativeDeflate(file, crc, isCancelled);
  else if (size <= SMALL_FILE) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    crc.update(bytes);
    const data = deflateSync(bytes, { level });
    packed = { chunks: [data], compressedSize: data.length };
  } else {
    const chunks: Uint8Array[] = [];
    let compressedSize = 0;
    const deflate = new Deflate({ level }, (chunk) => {
      chunks.push(chunk);
      compressedSize += chunk.length;
    });
    for (let offset = 0; offset < size; offset += SLICE) {
      if (isCancelled()) throw new ArchiveError('cancelled');
      const slice = new Uint8Array(await file.slice(offset, offset + SLICE).arrayBuffer());
      crc.update(slice);
      deflate.push(slice, offset + SLICE >= size);
    }
    packed = { chunks, compressedSize };
  }
  const checksum = digest(crc);
  if (packed.compressedSize >= size) return stored(checksum);
  return { method: 8, crc: checksum, size, compressedSize: packed.compressedSize, chunks: packed.chunks };
}

/**
 * gzip of a whole Blob (a tar being built), streamed in slices. Level 6 goes through the
 * browser's native zlib (`CompressionStream('gzip')`, zlib's default level): fflate's JavaScript
 * took 157 s for a 400 MB tar that the native stream packs in seconds. Other levels use fflate.
 */
export async function gzipBlob(
  blob: Blob,
  level: DeflateLevel,
  onProgress: (fraction: number) => void,
  isCancelled: () => boolean,
): Promise<Uint8Array[]> {
  if (level === NATIVE_LEVEL && hasNativeDeflate()) return nativeGzip(blob, onProgress, isCancelled);
  const chunks: Uint8Array[] = [];
  const gzip = new Gzip({ level }, (chunk) => chunks.push(chunk));
  if (blob.size === 0) gzip.push(new Uint8Array(0), true);
  for (let offset = 0; offset < blob.size; offset += SLICE) {
    if (isCancelled()) throw new ArchiveError('cancelled');
    gzip.push(new Uint8Array(await blob.slice(offset, offset + SLICE).arrayBuffer()), offset + SLICE >= blob.size);
    onProgress(Math.min(1, (offset + SLICE) / blob.size));
  }
  return chunks;
}

async function nativeGzip(blob: Blob, onProgress: (fraction: number) => void, isCancelled: () => boolean): Promise<Uint8Array[]> {
  const chunks = await compressNative('gzip', blob, (_slice, end) => onProgress(end / blob.size), isCancelled);
  onProgress(1);
  return chunks;
}
