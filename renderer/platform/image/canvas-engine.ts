import { IMAGE_MIME, ImageError, LOSSY_FORMATS, MAX_IMAGE_SIDE, OPAQUE_FORMATS, imageJobSchema } from '@shared/contracts/image';
import type { EncodeOptions, ImageInfo, ImageJobInput, ImageOp, ImageResult } from '@shared/contracts/image';
import { isOverlayOp } from '@shared/contracts/image-overlay';
import type { OverlayOp } from '@shared/contracts/image-overlay';
import { writeBmp } from '@shared/image/bmp';
import { clampCrop, exceedsSide, planResize, rotatedSize, stepDownSizes } from '@shared/image/geometry';
import type { Size } from '@shared/image/geometry';
import { writeIco } from '@shared/image/ico';
import { searchQuality } from '@shared/image/quality-search';
import { encodeGif, encodeWasm, optimisePng } from './codecs';
import { metadataSegments, withMetadata } from './jpeg-metadata';
import { decodeBitmap } from './decode-bitmap';
import { drawOverlay } from './overlay';
import { APNG_HEADER_BYTES, animationFrames, framesNeedWholeFile, jpegOrientation, sniffFormat } from '@shared/image/sniff';

/**
 * The browser engine's pixel work, run inside a Web Worker: decodeBitmap (EXIF orientation
 * applied, GIFs give their first frame, HEIC through libheif where the browser cannot), the ops on
 * OffscreenCanvas, then canvas, wasm or JavaScript (BMP, ICO, GIF) encoders.
 * Every bitmap is closed and every canvas shrunk to 0×0 as soon as it is passed on, so a 50 MP
 * photo holds at most two full-size surfaces at a time.
 */

type Surface = ImageBitmap | OffscreenCanvas;

/** How many header bytes sniffing, EXIF (APP1 is at most 64 KB) and an APNG's frame count need. */
const HEADER_BYTES = APNG_HEADER_BYTES;

function release(surface: Surface): void {
  if (surface instanceof ImageBitmap) surface.close();
  else surface.width = surface.height = 0;
}

function canvas(size: Size): { canvas: OffscreenCanvas; context: OffscreenCanvasRenderingContext2D } {
  const surface = new OffscreenCanvas(size.width, size.height);
  const context = surface.getContext('2d');
  if (!context) throw new ImageError('tooLarge', `no 2D context for ${size.width}×${size.height}`);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  return { canvas: surface, context };
}

async function decode(blob: Blob): Promise<{ bitmap: ImageBitmap; header: Uint8Array }> {
  const header = new Uint8Array(await blob.slice(0, HEADER_BYTES).arrayBuffer());
  const bitmap = await decodeBitmap(blob, header);
  if (bitmap.width > MAX_IMAGE_SIDE || bitmap.height > MAX_IMAGE_SIDE) {
    bitmap.close();
    throw new ImageError('tooLarge', `${bitmap.width}×${bitmap.height}`);
  }
  return { bitmap, header };
}

function resize(surface: Surface, op: Extract<ImageOp, { kind: 'resize' }>): Surface {
  const plan = planResize(surface, op);
  const sameSize = plan.width === surface.width && plan.height === surface.height && plan.target.width === surface.width;
  if (sameSize) return surface;
  let current = surface;
  let source = plan.source;
  // Halve step by step first (see stepDownSizes), then draw the exact rectangle.
  for (const step of stepDownSizes(source, plan.target).slice(0, -1)) {
    const next = canvas(step);
    next.context.drawImage(current, source.x, source.y, source.width, source.height, 0, 0, step.width, step.height);
    release(current);
    current = next.canvas;
    source = { x: 0, y: 0, width: step.width, height: step.height };
  }
  const out = canvas(plan);
  out.context.drawImage(
    current,
    source.x,
    source.y,
    source.width,
    source.height,
    plan.target.x,
    plan.target.y,
    plan.target.width,
    plan.target.height,
  );
  release(current);
  return out.canvas;
}

function applyOp(surface: Surface, op: Exclude<ImageOp, OverlayOp>): Surface {
  if (op.kind === 'resize') return resize(surface, op);
  if (op.kind === 'crop') {
    const area = clampCrop(surface, op);
    if (!area) throw new ImageError('decode', 'crop lies outside the image');
    const out = canvas(area);
    out.context.drawImage(surface, area.left, area.top, area.width, area.height, 0, 0, area.width, area.height);
    release(surface);
    return out.canvas;
  }
  if (op.angle === 0 && !op.flipX && !op.flipY) return surface;
  const size = rotatedSize(surface, op.angle);
  const out = canvas(size);
  out.context.translate(size.width / 2, size.height / 2);
  out.context.rotate((op.angle * Math.PI) / 180);
  out.context.scale(op.flipX ? -1 : 1, op.flipY ? -1 : 1);
  out.context.drawImage(surface, -surface.width / 2, -surface.height / 2);
  release(surface);
  return out.canvas;
}

/** The final surface as a canvas, flattened onto the background when the format has no alpha. */
function finalCanvas(surface: Surface, options: EncodeOptions): OffscreenCanvas {
  const out = canvas(surface);
  if (OPAQUE_FORMATS.has(options.format)) {
    out.context.fillStyle = options.background;
    out.context.fillRect(0, 0, surface.width, surface.height);
  }
  out.context.drawImage(surface, 0, 0);
  release(surface);
  return out.canvas;
}

const pixelsOf = (surface: OffscreenCanvas) => surface.getContext('2d')!.getImageData(0, 0, surface.width, surface.height);

async function canvasEncode(surface: OffscreenCanvas, format: 'jpeg' | 'png' | 'webp', quality: number): Promise<Uint8Array> {
  const blob = await surface.convertToBlob({ type: IMAGE_MIME[format], quality: quality / 100 });
  // Browsers fall back to PNG for a type they cannot write instead of failing.
  if (blob.type !== IMAGE_MIME[format]) throw new ImageError('unsupportedOutput', format);
  return new Uint8Array(await blob.arrayBuffer());
}

async function encodeAt(surface: OffscreenCanvas, options: EncodeOptions, quality: number): Promise<Uint8Array> {
  const { format, smallest } = options;
  if (format === 'avif' || (smallest && (format === 'jpeg' || format === 'webp')))
    return encodeWasm(format, pixelsOf(surface), quality, smallest);
  if (format === 'jpeg' || format === 'webp') return canvasEncode(surface, format, quality);
  if (format === 'png') {
    const png = await canvasEncode(surface, 'png', quality);
    return smallest ? optimisePng(png) : png;
  }
  if (format === 'bmp') return writeBmp(pixelsOf(surface).data, surface.width, surface.height);
  if (format === 'gif') return encodeGif(pixelsOf(surface));
  if (format === 'ico') {
    if (surface.width > 256 || surface.height > 256) throw new ImageError('tooLarge', 'an ICO image is at most 256×256');
    return writeIco([{ width: surface.width, height: surface.height, png: await canvasEncode(surface, 'png', quality) }]);
  }
  throw new ImageError('unsupportedOutput', format);
}

export async function processImage(blob: Blob, jobInput: ImageJobInput, onProgress: (fraction: number) => void): Promise<ImageResult> {
  const job = imageJobSchema.parse(jobInput);
  const { output } = job;
  const { bitmap, header } = await decode(blob);
  if (exceedsSide(bitmap, job.ops, MAX_IMAGE_SIDE)) {
    bitmap.close();
    throw new ImageError('tooLarge', `a step would exceed ${MAX_IMAGE_SIDE} px`);
  }
  onProgress(0.3);
  let surface: Surface = bitmap;
  try {
    for (const op of job.ops) surface = isOverlayOp(op) ? await drawOverlay(surface, op) : applyOp(surface, op);
  } catch (error) {
    release(surface);
    throw error;
  }
  onProgress(0.5);
  const final = finalCanvas(surface, output);
  try {
    const { width, height } = final;
    let bytes: Uint8Array;
    let quality = output.quality;
    let fitsTarget: boolean | undefined;
    if (output.targetBytes !== undefined && LOSSY_FORMATS.has(output.format)) {
      const found = await searchQuality(
        async (q) => {
          const encoded = await encodeAt(final, output, q);
          return { bytes: encoded, size: encoded.length };
        },
        output.targetBytes,
        output.quality,
      );
      ({ quality, fits: fitsTarget } = found);
      bytes = found.output.bytes;
    } else {
      bytes = await encodeAt(final, output, quality);
    }
    if (output.keepMetadata && output.format === 'jpeg' && sniffFormat(header) === 'jpeg') {
      bytes = withMetadata(bytes, metadataSegments(header));
    }
    onProgress(1);
    return { bytes, mime: IMAGE_MIME[output.format], format: output.format, width, height, quality, fitsTarget };
  } finally {
    release(final);
  }
}

export async function probeImage(blob: Blob): Promise<ImageInfo> {
  const { bitmap, header } = await decode(blob);
  try {
    const format = sniffFormat(header) ?? 'unknown';
    // Alpha is read from a small copy: enough to see transparency, cheap for 50 MP photos.
    const sample = planResize(bitmap, { width: 256, height: 256, fit: 'inside', withoutEnlargement: true });
    const small = canvas(sample);
    small.context.drawImage(bitmap, 0, 0, sample.width, sample.height);
    const { data } = small.context.getImageData(0, 0, sample.width, sample.height);
    release(small.canvas);
    let hasAlpha = false;
    for (let index = 3; index < data.length && !hasAlpha; index += 4) hasAlpha = data[index]! < 255;
    const frames = animationFrames(framesNeedWholeFile(header) ? new Uint8Array(await blob.arrayBuffer()) : header);
    return {
      width: bitmap.width,
      height: bitmap.height,
      format,
      hasAlpha,
      frames,
      orientation: format === 'jpeg' ? jpegOrientation(header) : undefined,
    };
  } finally {
    bitmap.close();
  }
}
