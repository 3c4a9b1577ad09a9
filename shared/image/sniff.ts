/**
 * What a file's first bytes say about it: container format, JPEG EXIF orientation and the frame
 * count of an animation (GIF, WebP, APNG). The browser engine uses it for `probe`, to route HEIC to its wasm decoder and for a precise
 * error when no decoder can read a known format (TIFF, PSD); the desktop engine tells "unsupported" from
 * "damaged" with it. Pure, tested under Node.
 */

export type SniffedFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic' | 'bmp' | 'ico' | 'tiff' | 'psd';

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

export function sniffFormat(bytes: Uint8Array): SniffedFormat | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes[0] === 0x89 && ascii(bytes, 1, 3) === 'PNG') return 'png';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    const brand = ascii(bytes, 8, 4);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic';
  }
  if (bytes[0] === 0x42 && bytes[1] === 0x4d) return 'bmp';
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0) return 'ico';
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*') return 'tiff';
  // Photoshop: version 1 is PSD, 2 is PSB (large documents).
  if (ascii(bytes, 0, 4) === '8BPS' && bytes[4] === 0 && (bytes[5] === 1 || bytes[5] === 2)) return 'psd';
  return undefined;
}

/** The APP1 "Exif" segment's TIFF block of a JPEG: its start offset in `bytes`, or -1. */
export function findExifTiff(bytes: Uint8Array): number {
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    // Start of scan or end of image: no metadata follows.
    if (marker === 0xda || marker === 0xd9) return -1;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker === 0xe1 && ascii(bytes, at + 4, 6) === 'Exif\0\0') return at + 10;
    at += 2 + length;
  }
  return -1;
}

/** Offset of the orientation tag's value (IFD0 tag 0x0112) in a JPEG, or -1, and the TIFF byte order. */
export function findOrientation(bytes: Uint8Array): { at: number; little: boolean } | undefined {
  const tiff = findExifTiff(bytes);
  if (tiff < 0 || tiff + 8 > bytes.length) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[tiff] === 0x49;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > bytes.length) return undefined;
  const count = view.getUint16(ifd, little);
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > bytes.length) return undefined;
    if (view.getUint16(entry, little) === 0x0112) return { at: entry + 8, little };
  }
  return undefined;
}

/** EXIF orientation 1–8 of a JPEG, when it has one. */
export function jpegOrientation(bytes: Uint8Array): number | undefined {
  const found = findOrientation(bytes);
  if (!found) return undefined;
  const value = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint16(found.at, found.little);
  return value >= 1 && value <= 8 ? value : undefined;
}

function skipSubBlocks(bytes: Uint8Array, at: number): number {
  let position = at;
  while (position < bytes.length && bytes[position] !== 0) position += bytes[position]! + 1;
  return position + 1;
}

/** Number of frames (image descriptors) of a GIF. */
export function gifFrameCount(bytes: Uint8Array): number {
  const flags = bytes[10] ?? 0;
  let at = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  let frames = 0;
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x21) {
      at = skipSubBlocks(bytes, at + 2);
    } else if (block === 0x2c) {
      frames += 1;
      const local = bytes[at + 9] ?? 0;
      at += 10 + (local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0);
      at = skipSubBlocks(bytes, at + 1);
    } else {
      break;
    }
  }
  return frames;
}

const u32le = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at, true);
const u32be = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);

/** A WebP whose VP8X header flags an animation (the first 21 bytes are enough). */
export function isAnimatedWebp(bytes: Uint8Array): boolean {
  return sniffFormat(bytes) === 'webp' && ascii(bytes, 12, 4) === 'VP8X' && ((bytes[20] ?? 0) & 0x02) !== 0;
}

/** How many leading bytes an APNG's frame count needs: acTL must come before the image data. */
export const APNG_HEADER_BYTES = 128 * 1024;

/**
 * Frames of an animation: a GIF's image descriptors, an animated WebP's ANMF chunks (both need the
 * whole file), an APNG's acTL count (the first APNG_HEADER_BYTES); 1 for anything else. Both
 * engines keep only the first frame, and neither decoder counts WebP or APNG frames itself.
 */
export function animationFrames(bytes: Uint8Array): number {
  const format = sniffFormat(bytes);
  if (format === 'gif') return Math.max(1, gifFrameCount(bytes));
  if (format === 'webp' && isAnimatedWebp(bytes)) {
    let frames = 0;
    for (let at = 12; at + 8 <= bytes.length;) {
      if (ascii(bytes, at, 4) === 'ANMF') frames += 1;
      const size = u32le(bytes, at + 4);
      at += 8 + size + (size % 2);
    }
    return Math.max(1, frames);
  }
  if (format === 'png') {
    for (let at = 8; at + 12 <= bytes.length; at += 12 + u32be(bytes, at)) {
      const type = ascii(bytes, at + 4, 4);
      if (type === 'IDAT' || type === 'IEND') break;
      if (type === 'acTL') return Math.max(1, u32be(bytes, at + 8));
    }
  }
  return 1;
}

/** Whether animationFrames needs the whole file rather than its first APNG_HEADER_BYTES. */
export const framesNeedWholeFile = (head: Uint8Array) => sniffFormat(head) === 'gif' || isAnimatedWebp(head);
