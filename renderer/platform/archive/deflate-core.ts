import { Deflate, deflateSync, Gzip } from 'fflate';
import { createCRC32 } from 'hash-wasm';
import type { IHasher } from 'hash-wasm';
import { ArchiveError } from '@shared/contracts/archive';

/**
 * What one pool worker does to one file for a zip: CRC-32 and raw deflate, with fflate's
 * synchronous code (its async API spawns a worker per call, which is what our fixed pool avoids).
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
export async function deflateBatch(blob: Blob, sizes: readonly number[], level: DeflateLevel, isCancelled: () => boolean = () => false): Promise<DeflatedEntry[]> {
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

/**
 * One file. Files up to SMALL_FILE are read whole; bigger ones stream in slices. When the first
 * slice hardly shrinks (a video, a photo, an archive) the rest is not deflated at all: the entry is
 * stored, and only its CRC is computed.
 */
export async function deflateEntry(file: Blob, level: DeflateLevel, isCancelled: () => boolean = () => false): Promise<DeflatedEntry> {
  const size = file.size;
  if (size <= SMALL_FILE) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const crc = await crcHasher();
    crc.update(bytes);
    const incompressible = level > 0 && size > PROBE * 4 && deflateSync(bytes.subarray(0, PROBE), { level }).length >= PROBE * WORTHWHILE;
    return packSmall(bytes, incompressible ? 0 : level, digest(crc));
  }
  const crc = await crcHasher();
  const chunks: Uint8Array[] = [];
  let compressedSize = 0;
  let deflate: Deflate | null =
    level === 0
      ? null
      : new Deflate({ level }, (chunk) => {
          chunks.push(chunk);
          compressedSize += chunk.length;
        });
  for (let offset = 0; offset < size; offset += SLICE) {
    if (isCancelled()) throw new ArchiveError('cancelled');
    const slice = new Uint8Array(await file.slice(offset, offset + SLICE).arrayBuffer());
    crc.update(slice);
    if (!deflate) continue;
    deflate.push(slice, offset + SLICE >= size);
    if (offset === 0 && compressedSize >= slice.length * WORTHWHILE) {
      deflate = null;
      chunks.length = 0;
    }
  }
  const checksum = digest(crc);
  if (!deflate || compressedSize >= size) return { method: 0, crc: checksum, size, compressedSize: size, chunks: [] };
  return { method: 8, crc: checksum, size, compressedSize, chunks };
}

/** gzip of a whole Blob (a tar being built), streamed in slices. */
export async function gzipBlob(blob: Blob, level: DeflateLevel, onProgress: (fraction: number) => void, isCancelled: () => boolean): Promise<Uint8Array[]> {
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
