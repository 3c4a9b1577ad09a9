import { ImageDecodeError } from '@shared/contracts/image-base';

/** Long side an SVG is rasterised at: 2× the largest icon, so the worker still downsizes by halves. */
const SVG_RASTER_SIDE = 1024;

export const isSvg = (file: File) => file.type === 'image/svg+xml' || /\.svgz?$/i.test(file.name);

/**
 * Workers have no SVG decoder, so an SVG is drawn once here, on the page, at 1024 px on its long
 * side (vector, so crisp at any size), and the bitmap is handed to the worker. A single draw of a
 * favicon-grade SVG takes a few milliseconds.
 */
export async function rasteriseSvg(file: File): Promise<ImageBitmap> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode().catch(() => {
      throw new ImageDecodeError();
    });
    // An SVG with only a viewBox may report no intrinsic size; treat it as square.
    const width = image.naturalWidth || 1;
    const height = image.naturalHeight || 1;
    const scale = SVG_RASTER_SIDE / Math.max(width, height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new ImageDecodeError();
    ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await createImageBitmap(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}
