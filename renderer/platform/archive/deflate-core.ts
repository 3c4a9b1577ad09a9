import { Deflate, deflateSync, Gzip } from 'fflate';
import { createCRC32 } from 'hash-wasm';
import { ArchiveError } from '@shared/contracts/archive';

/**
 * What one pool worker does to one file for a zip: CRC-32 and raw deflate, with fflate's
 * synchronous code (its async API spawns a worker per call, which is what our fixed pool avoids).
 * Files up to SMALL_FILE are read whole and deflated in one call (fastest); bigger ones stream in
 * SLICE pieces so a 2 GB file never sits in memory uncompressed.
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

export type DeflateLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

async function crcOf(bytes: Uint8Array | null, file: Blob, isCancelled: () => boolean): Promise<number> {
  const crc = await createCRC32();
  crc.init();
  if (bytes) crc.update(bytes);
  else
    for (let offset = 0; offset < file.size; offset += SLICE) {
      if (isCancelled()) throw new ArchiveError('cancelled');
      crc.update(new Uint8Array(await file.slice(offset, offset + SLICE).arrayBuffer()));
    }
  return parseInt(crc.digest('hex'), 16);
}

/** Stores instead when deflate would not shrink the file (photos, videos, archives inside archives). */
export async function deflateEntry(file: Blob, level: DeflateLevel, isCancelled: () => boolean = () => false): Promise<DeflatedEntry> {
  const size = file.size;
  if (level === 0 || size === 0) return { method: 0, crc: await crcOf(null, file, isCancelled), size, compressedSize: size, chunks: [] };
  if (size <= SMALL_FILE) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const crc = await crcOf(bytes, file, isCancelled);
    const packed = deflateSync(bytes, { level });
    if (packed.length >= size) return { method: 0, crc, size, compressedSize: size, chunks: [] };
    return { method: 8, crc, size, compressedSize: packed.length, chunks: [packed] };
  }
  const crc = await createCRC32();
  crc.init();
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
  const checksum = parseInt(crc.digest('hex'), 16);
  if (compressedSize >= size) return { method: 0, crc: checksum, size, compressedSize: size, chunks: [] };
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
