import { expose } from 'comlink';
import { zipSync } from 'fflate';
import { ImageDecodeError, ImageError, imageErrorCode, unsupportedFormat } from '@shared/contracts/image';
import { isComponentUnavailable } from '@/lib/load-failure';
import { decodeBitmap } from '@/platform/worker';
import { SVG_RASTER_SIZE } from '@shared/image/favicon-layout';
import { buildPyramid, paintIcon, textPlacement } from './icon-paint';
import type { Pyramid } from './icon-paint';
import { assembleFiles } from './icon-marker.service';
import type { IconContent, IconSettings, OutputFile, PaintSpec } from './icon-marker.service';

let pyramid: Pyramid | null = null;

/** The favicon worker: decodes the source once, then paints, packs and zips off the UI thread. */
export const iconWorkerApi = {
  /** Takes a raster file (decoded here) or an SVG already rasterised by the page (workers have no SVG decoder). */
  async loadImage(source: Blob | ImageBitmap): Promise<{ width: number; height: number }> {
    pyramid = null;
    let bitmap: ImageBitmap;
    try {
      bitmap = source instanceof Blob ? await decodeBitmap(source) : source;
    } catch (error) {
      // A real image no decoder here reads (TIFF, PSD: the format goes along) or too large to decode is told apart from a damaged file.
      const code = imageErrorCode(error);
      if (code === 'unsupportedInput') throw new ImageError(code, unsupportedFormat(error));
      // HEIC's decoder could not be downloaded (offline, a stale chunk): the file is not to blame.
      if (isComponentUnavailable(error)) throw new ImageError('codecUnavailable');
      throw code === 'tooLarge' ? new ImageError(code) : new ImageDecodeError();
    }
    const size = { width: bitmap.width, height: bitmap.height };
    if (size.width === 0 || size.height === 0) throw new ImageDecodeError();
    pyramid = buildPyramid(bitmap);
    return size;
  },

  clearImage(): void {
    pyramid = null;
  },

  /** Paints every spec and assembles the downloadable set; also returns the raw paintings for previews. */
  async render(
    settings: IconSettings,
    content: IconContent,
    specs: readonly PaintSpec[],
  ): Promise<{ painted: Record<string, Uint8Array>; files: OutputFile[] }> {
    const painted: Record<string, Uint8Array> = {};
    for (const spec of specs) painted[spec.key] = await paintIcon(spec, content, pyramid);
    const placement =
      content.kind === 'text' ? textPlacement(content, SVG_RASTER_SIZE, settings.padding / 100, settings.rounding / 100) : undefined;
    return { painted, files: assembleFiles(settings, painted, placement) };
  },

  /** PNGs are already deflated: stored as is; the text files are compressed. */
  zip(files: readonly OutputFile[]): Uint8Array {
    return zipSync(
      Object.fromEntries(files.map((file) => [file.name, [file.bytes, { level: file.mime === 'image/png' ? 0 : 6 }] as const])),
    );
  },
};

export type IconWorkerApi = typeof iconWorkerApi;

expose(iconWorkerApi);
