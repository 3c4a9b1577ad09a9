import { crc32 } from '../hash/crc32';

/**
 * Baibao's LSB steganography record (version 1) and how it sits in an image's pixels.
 *
 * Record (big-endian):
 *
 *   offset  size  field
 *   0       4     magic "BBSG" (0x42 0x42 0x53 0x47)
 *   4       1     version (1)
 *   5       1     flags: bit 0 = body is encrypted; other bits must be 0
 *   6       4     body length in bytes (u32)
 *   10      n     body
 *   10+n    4     CRC-32 (IEEE) of bytes 0 … 10+n−1
 *
 * Body: the message's UTF-8 bytes, or when encrypted: salt (16) ‖ IV (12) ‖ AES-256-GCM ciphertext
 * with its 16-byte tag. The key comes from PBKDF2-SHA-256 over the password with the salt and
 * {@link PBKDF2_ITERATIONS} iterations (fixed for version 1, so a crafted image cannot ask for a
 * billion). The CRC covers everything, so a damaged record is told apart from a wrong password:
 * CRC fails → damaged; CRC passes but the GCM tag fails → wrong password.
 *
 * Carrier: each record bit, most significant bit of each byte first, replaces the least significant
 * bit of one colour sample. Samples are visited row by row, pixel by pixel, R then G then B, 8 bits
 * per sample. Alpha is never changed, and pixels with alpha 0 are skipped entirely: image
 * optimisers and canvas (premultiplied alpha) routinely zero the colour of invisible pixels, which
 * would wipe any bits kept there. Because alpha is untouched, the reader skips exactly the same
 * pixels. A flipped LSB changes a sample by at most 1 of 255 — invisible.
 */

export const LSB_MAGIC = Uint8Array.of(0x42, 0x42, 0x53, 0x47);
export const LSB_VERSION = 1;
export const FLAG_ENCRYPTED = 0x01;
export const HEADER_BYTES = 10;
export const CRC_BYTES = 4;
export const RECORD_OVERHEAD = HEADER_BYTES + CRC_BYTES;

export const SALT_BYTES = 16;
export const IV_BYTES = 12;
export const GCM_TAG_BYTES = 16;
/** What encryption adds to the message: salt, IV and the GCM tag. */
export const CIPHER_OVERHEAD = SALT_BYTES + IV_BYTES + GCM_TAG_BYTES;
/** OWASP's 2023 advice for PBKDF2-HMAC-SHA-256 is 600 000; 250 000 keeps a phone under a second while staying well above the 200 000 floor. */
export const PBKDF2_ITERATIONS = 250_000;

/** 8-bit RGBA pixels, row-major, 4 bytes per pixel (what the PNG codec and canvas both give). */
export interface RgbaPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** How many colour samples can carry a bit: three per pixel that is not fully transparent. */
export function usableSamples(pixels: RgbaPixels): number {
  let visible = 0;
  for (let alpha = 3; alpha < pixels.data.length; alpha += 4) if (pixels.data[alpha] !== 0) visible += 1;
  return visible * 3;
}

/** Whole record bytes the image can carry. */
export function capacityBytes(samples: number): number {
  return Math.floor(samples / 8);
}

/** The longest message (UTF-8 bytes) that fits, with or without encryption; 0 when nothing fits. */
export function maxMessageBytes(capacity: number, encrypted: boolean): number {
  return Math.max(0, capacity - RECORD_OVERHEAD - (encrypted ? CIPHER_OVERHEAD : 0));
}

/** Wraps a body (plain UTF-8 or the encrypted blob) into a record with header and CRC. */
export function buildRecord(body: Uint8Array, encrypted: boolean): Uint8Array {
  const record = new Uint8Array(RECORD_OVERHEAD + body.length);
  const view = new DataView(record.buffer);
  record.set(LSB_MAGIC, 0);
  record[4] = LSB_VERSION;
  record[5] = encrypted ? FLAG_ENCRYPTED : 0;
  view.setUint32(6, body.length);
  record.set(body, HEADER_BYTES);
  view.setUint32(HEADER_BYTES + body.length, crc32(record.subarray(0, HEADER_BYTES + body.length)));
  return record;
}

/** Thrown when a record does not fit the image. */
export class LsbCapacityError extends Error {
  constructor(
    readonly needed: number,
    readonly capacity: number,
  ) {
    super(`needs ${needed} bytes, the image holds ${capacity}`);
    this.name = 'LsbCapacityError';
  }
}

/** Walks the carrier samples in order (see the module comment); `next()` gives −1 past the last one. */
class SampleCursor {
  private pixel = 0;
  private channel = 0;
  constructor(private readonly data: Uint8Array) {}

  next(): number {
    if (this.channel === 0) {
      while (this.pixel < this.data.length && this.data[this.pixel + 3] === 0) this.pixel += 4;
      if (this.pixel >= this.data.length) return -1;
    }
    const index = this.pixel + this.channel;
    this.channel += 1;
    if (this.channel === 3) {
      this.channel = 0;
      this.pixel += 4;
    }
    return index;
  }
}

/** Returns a copy of the pixels with the record in their colour LSBs; samples after it keep their bits. */
export function embedRecord(pixels: RgbaPixels, record: Uint8Array): RgbaPixels {
  const capacity = capacityBytes(usableSamples(pixels));
  if (record.length > capacity) throw new LsbCapacityError(record.length, capacity);
  const data = pixels.data.slice();
  const samples = new SampleCursor(data);
  for (const byte of record) {
    for (let bit = 7; bit >= 0; bit -= 1) {
      // The capacity check above guarantees a sample for every bit.
      const index = samples.next();
      data[index] = ((data[index] ?? 0) & 0xfe) | ((byte >> bit) & 1);
    }
  }
  return { width: pixels.width, height: pixels.height, data };
}

/** Reads record bytes from the carrier samples, continuing where the last read stopped. */
class RecordReader {
  private readonly samples: SampleCursor;
  constructor(private readonly data: Uint8Array) {
    this.samples = new SampleCursor(data);
  }

  /** `undefined` when the image runs out of samples first. */
  read(length: number): Uint8Array | undefined {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i += 1) {
      let byte = 0;
      for (let bit = 0; bit < 8; bit += 1) {
        const index = this.samples.next();
        if (index < 0) return undefined;
        byte = (byte << 1) | ((this.data[index] ?? 0) & 1);
      }
      bytes[i] = byte;
    }
    return bytes;
  }
}

export type ExtractResult =
  /** No Baibao record: the image never had one, or it was re-encoded lossily. */
  | { readonly kind: 'none' }
  /** A record starts here but its length, flags or CRC are wrong (edited, cropped, converted). */
  | { readonly kind: 'damaged' }
  /** Written by a newer Baibao. */
  | { readonly kind: 'unsupported'; readonly version: number }
  | { readonly kind: 'found'; readonly encrypted: boolean; readonly body: Uint8Array };

/** Finds and checks the record in an image's pixels. */
export function extractRecord(pixels: RgbaPixels): ExtractResult {
  const reader = new RecordReader(pixels.data);
  const header = reader.read(HEADER_BYTES);
  if (!header || LSB_MAGIC.some((byte, i) => header[i] !== byte)) return { kind: 'none' };
  const version = header[4] ?? 0;
  if (version !== LSB_VERSION) return { kind: 'unsupported', version };
  const flags = header[5] ?? 0;
  const length = new DataView(header.buffer).getUint32(6);
  const encrypted = (flags & FLAG_ENCRYPTED) !== 0;
  // Check the length against what the image can hold before reading, so a damaged length cannot make us allocate gigabytes.
  const fits = RECORD_OVERHEAD + length <= capacityBytes(usableSamples(pixels));
  if ((flags & ~FLAG_ENCRYPTED) !== 0 || !fits || (encrypted && length < CIPHER_OVERHEAD)) return { kind: 'damaged' };
  const rest = reader.read(length + CRC_BYTES);
  if (!rest) return { kind: 'damaged' };
  const record = new Uint8Array(RECORD_OVERHEAD + length);
  record.set(header, 0);
  record.set(rest, HEADER_BYTES);
  const stored = new DataView(rest.buffer).getUint32(length);
  if (stored !== crc32(record.subarray(0, HEADER_BYTES + length))) return { kind: 'damaged' };
  return { kind: 'found', encrypted, body: rest.slice(0, length) };
}
