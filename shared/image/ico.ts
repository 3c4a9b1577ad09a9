/**
 * The Windows icon (.ico) container, PNG flavour. An ICO file is
 *
 *   ICONDIR        6 bytes   reserved = 0, type = 1 (icon), count
 *   ICONDIRENTRY  16 bytes × count
 *                 width, height (1 byte each; 0 means 256), colour count = 0, reserved = 0,
 *                 planes = 1, bit count = 32, payload size, payload offset (little-endian)
 *   payloads      one PNG file per entry, stored as is
 *
 * Since Windows Vista every consumer (browsers included) reads PNG payloads, so a favicon needs no
 * BMP/AND-mask encoding: the bytes a canvas produced go straight in. Pure: no DOM, no Node.
 */

export interface IcoImage {
  /** Pixel size of the PNG payload, 1–256. */
  width: number;
  height: number;
  png: Uint8Array;
}

export interface IcoEntry extends IcoImage {
  bitCount: number;
  offset: number;
}

const HEADER_SIZE = 6;
const ENTRY_SIZE = 16;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_SIDE = 256;

/** The ICO directory stores 256 as 0, since one byte only reaches 255. */
const encodeSide = (side: number) => (side === MAX_SIDE ? 0 : side);
const decodeSide = (byte: number) => (byte === 0 ? MAX_SIDE : byte);

export class IcoFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IcoFormatError';
  }
}

function checkSide(side: number): void {
  if (!Number.isInteger(side) || side < 1 || side > MAX_SIDE) throw new RangeError(`ICO entries must be 1–${MAX_SIDE} px, got ${side}`);
}

/** Packs PNG images into one .ico file, in the given order. */
export function writeIco(images: readonly IcoImage[]): Uint8Array {
  if (images.length === 0 || images.length > 0xffff) throw new RangeError('an ICO holds 1–65535 images');
  const directorySize = HEADER_SIZE + ENTRY_SIZE * images.length;
  const total = images.reduce((sum, image) => sum + image.png.length, directorySize);
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, 0, true);
  view.setUint16(2, 1, true);
  view.setUint16(4, images.length, true);
  let offset = directorySize;
  images.forEach((image, index) => {
    checkSide(image.width);
    checkSide(image.height);
    const at = HEADER_SIZE + ENTRY_SIZE * index;
    view.setUint8(at, encodeSide(image.width));
    view.setUint8(at + 1, encodeSide(image.height));
    view.setUint8(at + 2, 0);
    view.setUint8(at + 3, 0);
    view.setUint16(at + 4, 1, true);
    view.setUint16(at + 6, 32, true);
    view.setUint32(at + 8, image.png.length, true);
    view.setUint32(at + 12, offset, true);
    bytes.set(image.png, offset);
    offset += image.png.length;
  });
  return bytes;
}

/** Whether bytes start with the PNG signature. */
export function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/**
 * Reads an .ico's directory and slices out each payload. Throws IcoFormatError for anything that
 * is not a well-formed icon: wrong header, entries or payloads outside the file.
 */
export function readIco(bytes: Uint8Array): IcoEntry[] {
  if (bytes.length < HEADER_SIZE) throw new IcoFormatError('too short for an ICO header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint16(0, true) !== 0 || view.getUint16(2, true) !== 1) throw new IcoFormatError('not an ICO header');
  const count = view.getUint16(4, true);
  if (count === 0) throw new IcoFormatError('an ICO without images');
  if (bytes.length < HEADER_SIZE + ENTRY_SIZE * count) throw new IcoFormatError('directory runs past the end of the file');
  return Array.from({ length: count }, (_, index) => {
    const at = HEADER_SIZE + ENTRY_SIZE * index;
    const size = view.getUint32(at + 8, true);
    const offset = view.getUint32(at + 12, true);
    if (offset + size > bytes.length || offset < HEADER_SIZE + ENTRY_SIZE * count)
      throw new IcoFormatError(`entry ${index} lies outside the file`);
    return {
      width: decodeSide(view.getUint8(at)),
      height: decodeSide(view.getUint8(at + 1)),
      bitCount: view.getUint16(at + 6, true),
      offset,
      png: bytes.subarray(offset, offset + size),
    };
  });
}
