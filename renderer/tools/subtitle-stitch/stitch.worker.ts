import { expose, transfer } from 'comlink';
import { ImageError, MAX_IMAGE_SIDE } from '@shared/contracts/image-base';
import { exceedsMaxSide, planStitch, previewWidth } from '@shared/image/stitch';
import { decodeBitmap } from '@/platform/worker';
import type { Size, StitchLayout, StripBounds } from '@shared/image/stitch';

/**
 * Decoding, cutting, scaling and encoding happen here, never on the UI thread. Each screenshot is
 * decoded once when added and kept only as a small preview bitmap; the export decodes the files
 * again one at a time and closes each bitmap at once, so a long stitch holds one full-size frame at
 * most.
 */

/** Preview bitmaps are kept at this width at most: enough for a sharp preview, small in memory. */
const PREVIEW_CACHE_WIDTH = 960;

interface Cached {
  bitmap: ImageBitmap;
  size: Size;
}

const previews = new Map<string, Cached>();

async function scaled(full: ImageBitmap, resizeWidth: number): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(full, { resizeWidth, resizeQuality: 'high' });
  } catch (error) {
    throw new ImageError('decode', error instanceof Error ? error.message : String(error));
  }
}

function guard(layout: StitchLayout): void {
  if (exceedsMaxSide(layout)) throw new ImageError('tooLarge', `${layout.width}×${layout.height}`);
}

function context(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new ImageError('tooLarge', `no 2d context for ${canvas.width}×${canvas.height}`);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  return ctx;
}

export interface StitchPart {
  id: string;
  size: Size;
  bounds: StripBounds;
}

export const stitchWorkerApi = {
  /**
   * Decodes a screenshot, keeps a preview-size copy under `id` and answers its real size. The page
   * sends two at a time (its batch engine), so full-size frames never pile up here.
   */
  async load(id: string, file: Blob): Promise<Size> {
    const full = await decodeBitmap(file);
    try {
      const size = { width: full.width, height: full.height };
      const resizeWidth = previewWidth(size, PREVIEW_CACHE_WIDTH);
      const bitmap = await scaled(full, Math.min(resizeWidth, size.width));
      previews.get(id)?.bitmap.close();
      previews.set(id, { bitmap, size });
      return size;
    } finally {
      full.close();
    }
  },

  forget(ids: readonly string[]): void {
    for (const id of ids) {
      previews.get(id)?.bitmap.close();
      previews.delete(id);
    }
  },

  /** The stitched image at `width` from the preview copies, handed over without copying. */
  preview(parts: readonly StitchPart[], width: number): ImageBitmap {
    const usable = parts.flatMap((part) => {
      const entry = previews.get(part.id);
      return entry ? [{ bounds: part.bounds, entry }] : [];
    });
    const plan = (atWidth: number) =>
      planStitch(
        usable.map(({ entry }) => entry.size),
        usable.map(({ bounds }) => bounds),
        previewWidth(usable[0]?.entry.size, atWidth),
      );
    let layout = plan(width);
    // A very long stitch is previewed narrower rather than not at all.
    if (exceedsMaxSide(layout)) layout = plan(Math.floor((layout.width * MAX_IMAGE_SIDE) / layout.height));
    const canvas = new OffscreenCanvas(Math.max(1, layout.width), Math.max(1, layout.height));
    const ctx = context(canvas);
    for (const piece of layout.pieces) {
      const entry = usable[piece.index]?.entry;
      if (!entry) continue;
      // Source rectangles are in the original's pixels; the cached copy is smaller by this factor.
      const k = entry.bitmap.width / entry.size.width;
      const { source, dest } = piece;
      ctx.drawImage(entry.bitmap, source.x * k, source.y * k, source.width * k, source.height * k, dest.x, dest.y, dest.width, dest.height);
    }
    const bitmap = canvas.transferToImageBitmap();
    return transfer(bitmap, [bitmap]);
  },

  /** The full-size stitched image, encoded. JPEG gets a white ground where screenshots had transparency. */
  async render(files: readonly Blob[], parts: readonly StitchPart[], type: 'image/png' | 'image/jpeg', quality: number): Promise<Blob> {
    const layout = planStitch(
      parts.map((part) => part.size),
      parts.map((part) => part.bounds),
    );
    guard(layout);
    const canvas = new OffscreenCanvas(layout.width, layout.height);
    const ctx = context(canvas);
    if (type === 'image/jpeg') {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, layout.width, layout.height);
    }
    for (const piece of layout.pieces) {
      const file = files[piece.index];
      if (!file) continue;
      const { source, dest } = piece;
      // Cut while drawing: Chromium applies a crop given to createImageBitmap before the EXIF
      // orientation, drawImage after it, so rotated phone photos come out right this way.
      const upright = await decodeBitmap(file);
      ctx.drawImage(upright, source.x, source.y, source.width, source.height, dest.x, dest.y, dest.width, dest.height);
      upright.close();
    }
    return canvas.convertToBlob({ type, quality: quality / 100 });
  },
};

export type StitchWorkerApi = typeof stitchWorkerApi;

expose(stitchWorkerApi);
