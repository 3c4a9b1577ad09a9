import { createCRC32, createMD5 } from 'hash-wasm';

export interface DigestProgress {
  readonly loaded: number;
  readonly total: number;
}

export interface PartDigests {
  /** MD5 of all parts in order, i.e. of the whole file. */
  readonly md5: string;
  /** CRC32 of each part, so a mismatch can name the bad part. */
  readonly crc32: string[];
  readonly size: number;
}

/** Progress goes out at most this often in bytes: per 64 KB chunk would flood the Comlink channel. */
const PROGRESS_STEP = 8 * 1024 * 1024;

/**
 * One streaming pass over the parts in order: MD5 of the whole and CRC32 of each part. Chunks are
 * hashed as the browser streams them from disk, so memory stays at a few chunks whatever the size.
 * MD5 because any checksum tool (md5sum, certutil, this site's file hasher) can confirm it, and in
 * hash-wasm it is the fastest of the familiar digests; CRC32 costs little on top.
 */
export async function digestParts(parts: readonly Blob[], onProgress?: (progress: DigestProgress) => void): Promise<PartDigests> {
  const md5 = await createMD5();
  const crc = await createCRC32();
  md5.init();
  const total = parts.reduce((sum, part) => sum + part.size, 0);
  let loaded = 0;
  let reported = 0;
  onProgress?.({ loaded, total });
  const crc32: string[] = [];
  for (const part of parts) {
    crc.init();
    // The default reader, not a BYOB one: Chromium 156's BYOB reads of file-backed Blob slices
    // sometimes never settle (seen as a digest stuck mid-way on 1 MB parts).
    const reader = part.stream().getReader();
    for (let step = await reader.read(); !step.done; step = await reader.read()) {
      const value = step.value;
      md5.update(value);
      crc.update(value);
      loaded += value.byteLength;
      if (loaded - reported >= PROGRESS_STEP) {
        reported = loaded;
        onProgress?.({ loaded, total });
      }
    }
    crc32.push(crc.digest('hex'));
  }
  if (loaded !== total) throw new DOMException(`a file changed while reading (${loaded} of ${total} bytes)`, 'NotReadableError');
  onProgress?.({ loaded, total });
  return { md5: md5.digest('hex'), crc32, size: loaded };
}
