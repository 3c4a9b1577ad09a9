import { crc32 } from './crc32';

/**
 * The "modify hash" trailer: the bytes Baibao appends to a copy of a file so that its MD5, SHA-*,
 * CRC32 and SM3 change while the original content stays intact (cloud drives block or de-duplicate
 * uploads by hash). Restoring strips it again — and only it.
 *
 * Layout (32 bytes, appended at the very end of the file):
 *
 * | offset | size | field                                                                  |
 * | ------ | ---- | ---------------------------------------------------------------------- |
 * | 0      | 16   | nonce: random bytes, the part that makes every modified copy unique    |
 * | 16     | 4    | CRC-32 of the nonce, big-endian                                        |
 * | 20     | 1    | format version, 1                                                      |
 * | 21     | 1    | total trailer length in bytes, 32                                      |
 * | 22     | 10   | magic, ASCII `BAIBAO#MOD`                                              |
 *
 * A file counts as modified only if the magic, version, length *and* the nonce checksum all match,
 * so the chance that a file nobody modified ends in a valid trailer is 2^-32 even if it happens to
 * end in the magic text. Modifying a modified file stacks another trailer; restoring strips all
 * stacked trailers, giving back the file as it was before its first modification.
 */
export const TRAILER_LENGTH = 32;
export const TRAILER_VERSION = 1;
export const TRAILER_MAGIC = 'BAIBAO#MOD';
const NONCE_LENGTH = 16;
const MAGIC_BYTES = new TextEncoder().encode(TRAILER_MAGIC);

/** Builds one trailer around `nonce` (16 bytes; pass random bytes, e.g. from crypto.getRandomValues). */
export function createTrailer(nonce: Uint8Array): Uint8Array<ArrayBuffer> {
  if (nonce.length !== NONCE_LENGTH) throw new RangeError(`trailer nonce must be ${NONCE_LENGTH} bytes`);
  const trailer = new Uint8Array(TRAILER_LENGTH);
  trailer.set(nonce, 0);
  new DataView(trailer.buffer).setUint32(NONCE_LENGTH, crc32(nonce), false);
  trailer[20] = TRAILER_VERSION;
  trailer[21] = TRAILER_LENGTH;
  trailer.set(MAGIC_BYTES, 22);
  return trailer;
}

/** Whether `tail` (the last 32 bytes of a file) is a trailer written by `createTrailer`. */
export function isTrailer(tail: Uint8Array): boolean {
  if (tail.length !== TRAILER_LENGTH) return false;
  if (tail[20] !== TRAILER_VERSION || tail[21] !== TRAILER_LENGTH) return false;
  for (let i = 0; i < MAGIC_BYTES.length; i += 1) if (tail[22 + i] !== MAGIC_BYTES[i]) return false;
  const checksum = new DataView(tail.buffer, tail.byteOffset, tail.byteLength).getUint32(NONCE_LENGTH, false);
  return checksum === crc32(tail.subarray(0, NONCE_LENGTH));
}

/** Reads `length` bytes at `offset` of some file-like source. */
export type ReadRange = (offset: number, length: number) => Promise<Uint8Array>;

/**
 * How many bytes at the end of a file of `size` bytes are our stacked trailers (0 when it was never
 * modified). Reads only the last 32 bytes per trailer, so it is instant even for multi-GB files.
 */
export async function findTrailerBytes(size: number, read: ReadRange): Promise<number> {
  let end = size;
  while (end >= TRAILER_LENGTH && isTrailer(await read(end - TRAILER_LENGTH, TRAILER_LENGTH))) end -= TRAILER_LENGTH;
  return size - end;
}
