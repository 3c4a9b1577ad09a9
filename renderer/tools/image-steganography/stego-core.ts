import { convertIndexedToRgb, decode, encode, hasPngSignature } from 'fast-png';
import type { DecodedPng } from 'fast-png';
import { MAX_IMAGE_SIDE, imageErrorCode } from '@shared/contracts/image-base';
import { buildRecord, capacityBytes, extractRecord, embedRecord, maxMessageBytes, usableSamples } from '@shared/image/lsb';
import type { RgbaPixels } from '@shared/image/lsb';
import { isComponentUnavailable } from '@/lib/load-failure';
import { WrongPasswordError, decryptBody, encryptMessage } from '@/lib/password-seal';

/**
 * The worker's pixel work, free of DOM APIs so it runs under Node in tests: PNG in and out through
 * fast-png (exact samples — canvas would premultiply alpha and lose LSBs), the record from
 * shared/image/lsb.ts, the password layer from renderer/lib/password-seal.ts. Only non-PNG inputs need the
 * browser's decoder, which the worker passes in as `decodeOther`.
 */

export type StegoErrorCode =
  | 'notImage'
  | 'unsupportedFormat'
  | 'tooBig'
  | 'emptyText'
  | 'tooLong'
  | 'noData'
  | 'noDataLossy'
  | 'damaged'
  | 'unsupportedVersion'
  | 'passwordRequired'
  | 'wrongPassword';

/** A failure the page explains in its own words (the code is a locale key). */
export class StegoFailure extends Error {
  constructor(readonly code: StegoErrorCode) {
    super(code);
    this.name = 'StegoFailure';
  }
}

/** Over 50 megapixels the RGBA buffers alone pass 400 MB; refuse before a tab runs out of memory. */
export const MAX_PIXELS = 50_000_000;

export type SourceFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp' | 'other';

/** Formats whose usual encoding is lossy, so a record that was there is gone after re-saving. */
const LOSSY: ReadonlySet<SourceFormat> = new Set(['jpeg', 'webp']);

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);

/** The container format from its magic bytes (the file name and MIME type can lie). */
export function sniffFormat(bytes: Uint8Array): SourceFormat {
  if (hasPngSignature(bytes)) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x42, 0x4d])) return 'bmp';
  return 'other';
}

export interface DecodedImage {
  readonly pixels: RgbaPixels;
  /** Whether the source has an alpha channel worth keeping in the output PNG. */
  readonly hasAlpha: boolean;
  readonly format: SourceFormat;
}

export function checkSize(width: number, height: number): void {
  if (width < 1 || height < 1) throw new StegoFailure('notImage');
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_PIXELS) throw new StegoFailure('tooBig');
}

/** Expands 1/2/4-bit grey rows (packed, each row starting on a byte) to one byte per sample, scaled to 0–255. */
function unpackGrey(png: DecodedPng): Uint8Array {
  const { width, height, depth } = png;
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil((width * depth) / 8);
  const max = (1 << depth) - 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const bit = x * depth;
      const byte = png.data[y * rowBytes + (bit >> 3)] ?? 0;
      out[y * width + x] = Math.round((((byte >> (8 - depth - (bit & 7))) & max) * 255) / max);
    }
  }
  return out;
}

/** Any PNG colour type and depth → 8-bit RGBA, honouring palette and single-colour (tRNS) transparency. */
export function decodePng(bytes: Uint8Array): DecodedImage {
  // IHDR's width and height (bytes 16–23) are checked before fast-png allocates the pixels.
  if (bytes.length >= 24) {
    const header = new DataView(bytes.buffer, bytes.byteOffset, 24);
    checkSize(header.getUint32(16), header.getUint32(20));
  }
  let png: DecodedPng;
  try {
    png = decode(bytes);
  } catch {
    throw new StegoFailure('notImage');
  }
  checkSize(png.width, png.height);
  const count = png.width * png.height;
  const paletted = png.palette !== undefined && png.palette.length > 0 && png.channels === 1;
  let channels = png.channels;
  let samples: ArrayLike<number>;
  if (paletted) {
    samples = convertIndexedToRgb(png);
    channels = png.palette?.[0]?.length ?? 3;
  } else if (png.depth < 8) {
    samples = unpackGrey(png);
  } else {
    samples = png.data;
  }
  // 16-bit samples keep their high byte: the output is 8-bit, which is all a screen shows.
  const shift = !paletted && png.depth === 16 ? 8 : 0;
  const key = !paletted && png.transparency && png.transparency.length === (channels === 1 ? 1 : 3) ? png.transparency : undefined;
  const data = new Uint8Array(count * 4);
  for (let i = 0; i < count; i += 1) {
    const at = i * channels;
    const raw = (c: number) => samples[at + c] ?? 0;
    const grey = channels <= 2;
    data[i * 4] = raw(0) >> shift;
    data[i * 4 + 1] = (grey ? raw(0) : raw(1)) >> shift;
    data[i * 4 + 2] = (grey ? raw(0) : raw(2)) >> shift;
    const alpha = channels === 2 ? raw(1) >> shift : channels === 4 ? raw(3) >> shift : 255;
    const keyed = key !== undefined && (grey ? raw(0) === key[0] : raw(0) === key[0] && raw(1) === key[1] && raw(2) === key[2]);
    data[i * 4 + 3] = keyed ? 0 : alpha;
  }
  const hasAlpha = channels === 2 || channels === 4 || key !== undefined;
  return { pixels: { width: png.width, height: png.height, data }, hasAlpha, format: 'png' };
}

/** 8-bit RGB (or RGBA when the source had alpha) PNG; fast-png writes the samples exactly. */
export function encodePng(image: DecodedImage): Uint8Array {
  const { width, height, data } = image.pixels;
  if (image.hasAlpha) return encode({ width, height, data, depth: 8, channels: 4 });
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0, o = 0; i < data.length; i += 4, o += 3) {
    rgb[o] = data[i] ?? 0;
    rgb[o + 1] = data[i + 1] ?? 0;
    rgb[o + 2] = data[i + 2] ?? 0;
  }
  return encode({ width, height, data: rgb, depth: 8, channels: 3 });
}

/** Decodes whatever arrives: PNG with fast-png, anything else with the platform's decoder. */
export async function decodeImage(
  bytes: Uint8Array<ArrayBuffer>,
  decodeOther: (bytes: Uint8Array<ArrayBuffer>) => Promise<RgbaPixels>,
): Promise<DecodedImage> {
  if (bytes.length === 0) throw new StegoFailure('notImage');
  const format = sniffFormat(bytes);
  if (format === 'png') return decodePng(bytes);
  let pixels: RgbaPixels;
  try {
    pixels = await decodeOther(bytes);
  } catch (error) {
    // A decoder that could not be downloaded (HEIC offline) says nothing about the file: let the page say so.
    if (error instanceof StegoFailure || isComponentUnavailable(error)) throw error;
    // A real image the browser cannot read (TIFF) or will not decode (over 16384 px a side) is not "damaged": say so.
    const code = imageErrorCode(error);
    throw new StegoFailure(code === 'unsupportedInput' ? 'unsupportedFormat' : code === 'tooLarge' ? 'tooBig' : 'notImage');
  }
  checkSize(pixels.width, pixels.height);
  let hasAlpha = false;
  for (let alpha = 3; alpha < pixels.data.length && !hasAlpha; alpha += 4) hasAlpha = pixels.data[alpha] !== 255;
  return { pixels, hasAlpha, format };
}

export interface ImageSummary {
  readonly width: number;
  readonly height: number;
  readonly format: SourceFormat;
  /** Record bytes the image carries (see maxMessageBytes for the message share). */
  readonly capacity: number;
}

export function summarize(image: DecodedImage): ImageSummary {
  const { width, height } = image.pixels;
  return { width, height, format: image.format, capacity: capacityBytes(usableSamples(image.pixels)) };
}

/** The PNG with `text` hidden in it, encrypted when a password is given. */
export async function hideText(image: DecodedImage, text: string, password: string): Promise<Uint8Array> {
  if (text.length === 0) throw new StegoFailure('emptyText');
  const message = new TextEncoder().encode(text);
  const encrypted = password.length > 0;
  if (message.length > maxMessageBytes(summarize(image).capacity, encrypted)) throw new StegoFailure('tooLong');
  const body = encrypted ? await encryptMessage(message, password) : message;
  return encodePng({ ...image, pixels: embedRecord(image.pixels, buildRecord(body, encrypted)) });
}

export interface Revealed {
  readonly text: string;
  readonly encrypted: boolean;
}

/** The hidden text, or a StegoFailure saying why there is none to show. */
export async function revealText(image: DecodedImage, password: string): Promise<Revealed> {
  const found = extractRecord(image.pixels);
  if (found.kind === 'none') throw new StegoFailure(LOSSY.has(image.format) ? 'noDataLossy' : 'noData');
  if (found.kind === 'damaged') throw new StegoFailure('damaged');
  if (found.kind === 'unsupported') throw new StegoFailure('unsupportedVersion');
  let message = found.body;
  if (found.encrypted) {
    if (password.length === 0) throw new StegoFailure('passwordRequired');
    try {
      message = await decryptBody(found.body, password);
    } catch (error) {
      throw error instanceof WrongPasswordError ? new StegoFailure('wrongPassword') : error;
    }
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(message), encrypted: found.encrypted };
  } catch {
    // The CRC matched, so only a record written with non-UTF-8 bytes by another program lands here.
    throw new StegoFailure('damaged');
  }
}
