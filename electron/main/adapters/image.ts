import { open, stat } from 'node:fs/promises';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { IMAGE_MIME, ImageError, LOSSY_FORMATS, MAX_IMAGE_SIDE, OPAQUE_FORMATS } from '@shared/contracts/image';
import type { EncodeOptions, ImageInfo, ImageJob, ImageOp, ImageResult } from '@shared/contracts/image';
import { isOverlayOp } from '@shared/contracts/image-overlay';
import type { OverlayOp } from '@shared/contracts/image-overlay';
import { writeBmp } from '@shared/image/bmp';
import { clampCrop, exceedsSide } from '@shared/image/geometry';
import type { Size } from '@shared/image/geometry';
import { writeIco } from '@shared/image/ico';
import { searchQuality } from '@shared/image/quality-search';
import { APNG_HEADER_BYTES, animationFrames, sniffFormat } from '@shared/image/sniff';
import { describeFsError } from './image-files';
import { applyOverlay } from './image-overlay';

/**
 * The desktop image engine: sharp (libvips) in the main process, reading from the file's path so
 * big photos never cross the IPC bridge. Same job, same meaning as the browser engine
 * (renderer/platform/image/canvas-engine.ts): EXIF orientation applied first, first frame of
 * animations, ops in the order given, background under transparency for JPEG and BMP.
 *
 * WARNING: `path` comes from the renderer; see adapters/hash.ts for why reading it is acceptable.
 */

// libvips keeps recently opened files open for its operation cache; on Windows an open file cannot
// be moved or deleted, so the user's originals would stay locked while the app runs.
sharp.cache({ files: 0 });

export interface NodeImageOptions {
  signal?: AbortSignal;
}

/** sharp runs each stage to completion; cancelling is honoured between stages. */
function checkCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ImageError('cancelled');
}

/** Only regular files: opening a FIFO or a device would block a libuv thread for good. */
async function ensureFile(path: string): Promise<void> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw describeFsError(error);
  }
  if (!info.isFile()) throw new ImageError('fileUnavailable', info.isDirectory() ? 'EISDIR' : 'not a regular file');
}

/** What libvips says when an image is beyond its pixel limit, an output format's largest size or the memory it can get. */
const TOO_LARGE = /pixel limit|too large|out of memory/i;

/**
 * Real images this build of libvips cannot read: BMP, ICO and HEVC HEIC the browser engine reads
 * instead; PSD it names (neither engine reads it), so a valid PSD is never called damaged.
 */
const SHARP_UNREADABLE = new Set(['bmp', 'ico', 'heic', 'psd']);

/**
 * Why sharp could not open a file: a real image in a format it cannot read (BMP, ICO, HEVC HEIC)
 * is "unsupported", which tells the visitor something true; anything else is damaged or not an image.
 */
async function unreadable(path: string, error: unknown): Promise<ImageError> {
  const message = error instanceof Error ? error.message : String(error);
  if (TOO_LARGE.test(message)) return new ImageError('tooLarge', message);
  const format = sniffFormat(await readHead(path, 32));
  return format && SHARP_UNREADABLE.has(format)
    ? new ImageError('unsupportedInput', `${format}: ${message}`)
    : new ImageError('decode', message);
}

async function readHead(path: string, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r').catch((openError: unknown) => {
    throw describeFsError(openError);
  });
  try {
    const head = new Uint8Array(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Oriented size and facts of the input; any failure to read the header means it is not an image we can open. */
async function inspect(path: string): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    meta = await sharp(path).metadata();
  } catch (error) {
    throw await unreadable(path, error);
  }
  if (!meta.width || !meta.height) throw new ImageError('decode', 'no image size');
  if (meta.width > MAX_IMAGE_SIDE || meta.height > MAX_IMAGE_SIDE) throw new ImageError('tooLarge', `${meta.width}×${meta.height}`);
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
    format: meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : 'heic') : meta.format,
    hasAlpha: meta.hasAlpha,
    // libvips reads no APNG animation: its frame count comes from the acTL chunk.
    frames: meta.format === 'png' ? animationFrames(await readHead(path, APNG_HEADER_BYTES)) : (meta.pages ?? 1),
    orientation: meta.orientation,
  };
}

export async function probeImage(path: string): Promise<ImageInfo> {
  await ensureFile(path);
  return inspect(path);
}

interface Stage {
  size: Size;
  /** A fresh pipeline from the stage's pixels (each call decodes them anew). */
  open: () => Sharp;
}

/**
 * Runs the pipeline so far to pixels, the start of the next stage (sharp applies one op of each
 * kind per pipeline, in its own order). Raw pixels carry no metadata, so when it is to be kept the
 * stage is an uncompressed PNG instead, which keeps EXIF, ICC and XMP (not IPTC, which the browser
 * engine does not keep either).
 */
async function materialize(image: Sharp, keepMetadata: boolean): Promise<Stage> {
  if (keepMetadata) {
    const { data, info } = await image
      .keepMetadata()
      .png({ compressionLevel: 0, adaptiveFiltering: false })
      .toBuffer({ resolveWithObject: true });
    return { size: info, open: () => sharp(data) };
  }
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { size: info, open: () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }) };
}

function applyOp(image: Sharp, size: Size, op: Exclude<ImageOp, OverlayOp>): Sharp {
  if (op.kind === 'resize') {
    return image.resize({
      width: op.width,
      height: op.height,
      fit: op.fit,
      withoutEnlargement: op.withoutEnlargement,
      kernel: 'lanczos3',
      background: '#00000000',
    });
  }
  if (op.kind === 'crop') {
    const area = clampCrop(size, op);
    if (!area) throw new ImageError('decode', 'crop lies outside the image');
    return image.extract(area);
  }
  return image.rotate(op.angle).flop(op.flipX).flip(op.flipY);
}

interface Encoded {
  data: Buffer;
  width: number;
  height: number;
}

const sized = async (pipeline: Sharp): Promise<Encoded> => {
  const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

async function encode(image: Sharp, options: EncodeOptions, quality: number): Promise<Encoded> {
  const { format, smallest } = options;
  let pipeline = OPAQUE_FORMATS.has(format) ? image.flatten({ background: options.background }) : image;
  if (options.keepMetadata) pipeline = pipeline.keepMetadata();
  switch (format) {
    case 'jpeg':
      return sized(pipeline.jpeg({ quality, mozjpeg: smallest }));
    case 'webp':
      return sized(pipeline.webp({ quality, effort: smallest ? 6 : 4 }));
    case 'avif':
      return sized(pipeline.avif({ quality, effort: smallest ? 6 : 4 }));
    case 'png':
      return sized(pipeline.png({ compressionLevel: 9, effort: smallest ? 10 : 7 }));
    case 'gif':
      return sized(pipeline.gif({ effort: smallest ? 10 : 7 }));
    case 'bmp': {
      const { data, width, height } = await sized(pipeline.ensureAlpha().raw());
      return { data: Buffer.from(writeBmp(data, width, height)), width, height };
    }
    case 'ico': {
      const { data, width, height } = await sized(pipeline.png());
      if (width > 256 || height > 256) throw new ImageError('tooLarge', 'an ICO image is at most 256×256');
      return { data: Buffer.from(writeIco([{ width, height, png: data }])), width, height };
    }
  }
}

/**
 * Bytes for IPC. Electron serialises a view's whole ArrayBuffer, and a small Buffer (BMP, ICO) is a
 * slice of Node's shared 8 KB pool, which holds whatever else main put there: such views are copied.
 */
export const toBytes = (buffer: Buffer): Uint8Array =>
  buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength ? new Uint8Array(buffer.buffer) : new Uint8Array(buffer);

async function run(path: string, job: ImageJob, signal: AbortSignal | undefined): Promise<ImageResult> {
  const info = await inspect(path);
  if (exceedsSide(info, job.ops, MAX_IMAGE_SIDE)) throw new ImageError('tooLarge', `a step would exceed ${MAX_IMAGE_SIDE} px`);
  checkCancelled(signal);
  // First frame only (sharp's default of one page); autoOrient turns the pixels upright and drops the tag.
  // The first op joins this pipeline straight from the decoder: a resize there lets libjpeg decode
  // at 1/2, 1/4 or 1/8 scale (shrink-on-load), which is most of the speed of a batch (bench/README.md).
  let image = sharp(path, { failOn: 'error' }).autoOrient();
  let size: Size = info;
  const { output } = job;
  const keepMetadata = output.keepMetadata === true;
  for (const [index, op] of job.ops.entries()) {
    if (index > 0) {
      const stage = await materialize(image, keepMetadata);
      checkCancelled(signal);
      ({ size } = stage);
      image = stage.open();
    }
    image = isOverlayOp(op) ? await applyOverlay(image, size, op) : applyOp(image, size, op);
  }
  if (output.targetBytes === undefined || !LOSSY_FORMATS.has(output.format)) {
    const encoded = await encode(image, output, output.quality);
    // sharp cannot be stopped mid-stage; at least a cancelled job's bytes do not cross IPC.
    checkCancelled(signal);
    return {
      bytes: toBytes(encoded.data),
      mime: IMAGE_MIME[output.format],
      format: output.format,
      width: encoded.width,
      height: encoded.height,
      quality: output.quality,
    };
  }
  // Decode and run the ops once; each try of the search only encodes.
  const stage = await materialize(image, keepMetadata);
  const found = await searchQuality(
    async (quality) => {
      checkCancelled(signal);
      const encoded = await encode(stage.open(), output, quality);
      return { ...encoded, size: encoded.data.length };
    },
    output.targetBytes,
    output.quality,
  );
  checkCancelled(signal);
  const { data: bytes, width, height } = found.output;
  return {
    bytes: toBytes(bytes),
    mime: IMAGE_MIME[output.format],
    format: output.format,
    width,
    height,
    quality: found.quality,
    fitsTarget: found.fits,
  };
}

export async function processImage(path: string, job: ImageJob, { signal }: NodeImageOptions = {}): Promise<ImageResult> {
  await ensureFile(path);
  checkCancelled(signal);
  try {
    return await run(path, job, signal);
  } catch (error) {
    if (error instanceof ImageError) throw error;
    // Past the header, sharp fails on broken input (truncated data, bad chunks), but also on a valid
    // HEIC whose HEVC decoder the prebuilt libvips leaves out: `unreadable` tells the two apart.
    throw await unreadable(path, error);
  }
}
