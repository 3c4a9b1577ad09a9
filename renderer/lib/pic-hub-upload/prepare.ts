import { PIC_HUB_FILE_MAX_BYTES } from '@shared/contracts/pic-hub-base';
import type { GithubHubConfig, HubFile, RenameType, StorageScope } from '@shared/contracts/pic-hub-base';
import type { ImageCapability, ImageJobInput, ImageOpInput, ImageOutputFormat } from '@shared/contracts/image';
import { OVERLAY_ANCHORS, OVERLAY_FONTS } from '@shared/contracts/image-overlay-base';
import { sniffFormat } from '@shared/image/sniff';
import type { SniffedFormat } from '@shared/image/sniff';
import { joinHubPath } from '@shared/pic-hub/path';
import { extForFormat, renameBatch } from '@shared/pic-hub/rename';
import { COMPRESS_DEFAULTS } from '@/components/image/compress-presets';
import type { CompressPresetSettings } from '@/components/image/compress-presets';
import { PicHubError } from './errors';

/** A named setting of an image tool (renderer/components/image/presets.ts). */
export interface ImagePreset {
  id: string;
  name: string;
  settings: unknown;
}

/** The image capability's part the pipeline uses (a worker pool on the website, sharp on the desktop). */
export type PictureImaging = Pick<ImageCapability, 'process'>;

/**
 * The upload pipeline of one picture up to its bytes (spec §4; docs/pic-hub.md "Data flow"):
 * refuse what is empty, too big or not a picture before reading it, compress and watermark through
 * the image capability (off the page's thread: a worker pool on the website, sharp on the desktop),
 * then hash. Renaming and the GitHub calls work on a whole batch (one commit).
 */

/** A picture's format from its first bytes; SVG (text) too, which the image sniffer leaves out. */
export type PictureFormat = SniffedFormat | 'svg';

const MIME: Record<PictureFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  heic: 'image/heic',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  tiff: 'image/tiff',
  psd: 'image/vnd.adobe.photoshop',
  svg: 'image/svg+xml',
};

/** How many first bytes decide the format (an SVG may start with a long XML prologue or comment). */
const SNIFF_BYTES = 1024;

export function sniffPicture(head: Uint8Array): PictureFormat | undefined {
  const format = sniffFormat(head);
  // A Photoshop document is not a picture a page can show.
  if (format && format !== 'psd') return format;
  const text = new TextDecoder()
    .decode(head)
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'svg';
  return undefined;
}

/** Refusals that need no reading: nothing in it, or over the cap (a 50 MB photo is refused at once). */
export function checkSize(file: Pick<File, 'size'>): void {
  if (file.size === 0) throw new PicHubError('empty');
  if (file.size > PIC_HUB_FILE_MAX_BYTES) throw new PicHubError('tooLarge');
}

/** What the image capability can re-encode without losing what the picture is (animations and vectors stay as they are). */
const REENCODABLE: ReadonlySet<PictureFormat> = new Set(['jpeg', 'png', 'webp', 'avif', 'bmp', 'heic', 'tiff']);

/** The compressor's settings and defaults, shared with it (renderer/components/image/compress-presets.ts). */
export type { CompressPresetSettings };
export const DEFAULT_COMPRESSION: CompressPresetSettings = COMPRESS_DEFAULTS;

type Raw = Record<string, unknown>;
const asRecord = (value: unknown): Raw => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Raw) : {});
const intIn = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
const numIn = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : fallback;
const oneOf = <T extends string>(value: unknown, options: readonly T[], fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

export function compressionOf(preset: ImagePreset | undefined): CompressPresetSettings {
  const raw = asRecord(preset?.settings);
  const d = DEFAULT_COMPRESSION;
  return {
    format: oneOf(raw.format, ['keep', 'jpeg', 'webp', 'avif', 'png'], d.format),
    quality: intIn(raw.quality, 1, 100, d.quality),
    maxWidth: intIn(raw.maxWidth, 0, 16_384, d.maxWidth),
    maxHeight: intIn(raw.maxHeight, 0, 16_384, d.maxHeight),
    targetKB: intIn(raw.targetKB, 0, 100_000, d.targetKB),
    keepMetadata: bool(raw.keepMetadata, d.keepMetadata),
    smallest: bool(raw.smallest, d.smallest),
  };
}

/**
 * A text watermark preset of the watermark tool as an overlay op (its logo presets carry no logo
 * bytes, so they are not offered). Undefined when there is nothing to draw.
 */
export function watermarkOf(preset: ImagePreset | undefined): ImageOpInput | undefined {
  if (!preset) return undefined;
  const raw = asRecord(preset.settings);
  const text = typeof raw.text === 'string' ? raw.text.replace(/[\r\n]+/g, ' ').trim() : '';
  if (raw.mode !== 'text' || !text) return undefined;
  return {
    kind: 'text',
    text,
    font: oneOf(raw.font, OVERLAY_FONTS, 'sans'),
    bold: bool(raw.bold, false),
    color: typeof raw.color === 'string' && /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/.test(raw.color) ? raw.color : '#ffffff',
    size: numIn(raw.size, 0.005, 0.5, 0.04),
    opacity: numIn(raw.opacity, 0, 1, 0.6),
    angle: numIn(raw.angle, -180, 180, 0),
    position: raw.tiled === true ? 'tile' : oneOf(raw.anchor, OVERLAY_ANCHORS, 'bottom-right'),
    margin: numIn(raw.margin, 0, 0.5, 0.03),
    gap: numIn(raw.gap, 0, 2, 0.15),
  };
}

/** 'keep format' as the image tools read it: JPEG, PNG, WebP, AVIF stay; BMP becomes PNG; HEIC and TIFF photos JPEG. */
function keptFormat(format: PictureFormat): ImageOutputFormat {
  if (format === 'jpeg' || format === 'png' || format === 'webp' || format === 'avif') return format;
  return format === 'bmp' ? 'png' : 'jpeg';
}

/** The image job for one picture: resize and encode as the compress preset says, the watermark over it. */
export function pictureJob(
  format: PictureFormat,
  compression: CompressPresetSettings | undefined,
  watermark: ImageOpInput | undefined,
): ImageJobInput {
  const ops: ImageOpInput[] = [];
  const settings = compression ?? { ...DEFAULT_COMPRESSION, quality: 90 };
  if (compression && (compression.maxWidth > 0 || compression.maxHeight > 0)) {
    ops.push({
      kind: 'resize',
      width: compression.maxWidth || undefined,
      height: compression.maxHeight || undefined,
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  if (watermark) ops.push(watermark);
  const kept = settings.format === 'keep' ? keptFormat(format) : settings.format;
  const target = compression !== undefined && compression.targetKB > 0 && kept !== 'png';
  return {
    ops,
    output: {
      format: kept,
      quality: settings.quality,
      keepMetadata: settings.keepMetadata,
      smallest: settings.smallest,
      targetBytes: target ? settings.targetKB * 1024 : undefined,
    },
  };
}

export interface PreparedPicture {
  bytes: Uint8Array<ArrayBuffer>;
  mediaType: string;
  /** Extension of `bytes` (after compression: `webp` for a WebP). */
  ext: string;
  /** Lower-case hex SHA-256 of `bytes` (the HASH rename mode's name). */
  contentHash: string;
  originalName: string;
  originalSize: number;
  /** A small copy the gallery shows while the CDN cannot (offline, not there yet); absent when none could be made. */
  thumbnail?: Blob;
}

/** The gallery draws thumbnails about 120 px wide: twice that for sharp screens. */
export const THUMBNAIL_SIDE = 256;
/** What the browser database keeps at most (PIC_HUB_THUMBNAIL_MAX_BYTES is 200 KB); an SVG over it gets none. */
const THUMBNAIL_SVG_MAX_BYTES = 64 * 1024;

export const THUMBNAIL_JOB: ImageJobInput = {
  ops: [{ kind: 'resize', width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true }],
  output: { format: 'webp', quality: 70 },
};

/** The gallery's small copy, made by the image capability; a failure only means no thumbnail. */
async function makeThumbnail(
  bytes: Uint8Array<ArrayBuffer>,
  format: PictureFormat,
  image: PictureImaging,
  signal?: AbortSignal,
): Promise<Blob | undefined> {
  if (format === 'svg') return bytes.byteLength <= THUMBNAIL_SVG_MAX_BYTES ? new Blob([bytes], { type: MIME.svg }) : undefined;
  if (!REENCODABLE.has(format) && format !== 'gif') return undefined;
  try {
    const result = await image.process(new File([bytes], `thumbnail.${extForFormat(format)}`, { type: MIME[format] }), THUMBNAIL_JOB, {
      signal,
    });
    return new Blob([new Uint8Array(result.bytes)], { type: result.mime });
  } catch {
    return undefined;
  }
}

export interface PrepareOptions {
  compression?: CompressPresetSettings;
  watermark?: ImageOpInput;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export async function sha256Hex(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const throwIfAborted = (signal?: AbortSignal) => {
  if (signal?.aborted) throw new PicHubError('cancelled');
};

/** One picture's bytes as they will be uploaded. Rejects with notImage, empty, tooLarge, compressFailed or cancelled. */
export async function preparePicture(file: File, image: PictureImaging, options: PrepareOptions = {}): Promise<PreparedPicture> {
  const { compression, watermark, signal, onProgress } = options;
  checkSize(file);
  const format = sniffPicture(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!format) throw new PicHubError('notImage');
  throwIfAborted(signal);
  let bytes = new Uint8Array(await file.arrayBuffer());
  let mediaType = MIME[format];
  let ext = extForFormat(format);
  if ((compression || watermark) && REENCODABLE.has(format)) {
    let result;
    try {
      result = await image.process(file, pictureJob(format, compression, watermark), { signal, onProgress });
    } catch (error) {
      throwIfAborted(signal);
      throw new PicHubError('compressFailed', { cause: error });
    }
    // Compression that does not make the picture smaller keeps the original (a watermark must stay).
    if (watermark || result.bytes.byteLength < bytes.byteLength) {
      bytes = new Uint8Array(result.bytes);
      mediaType = result.mime;
      ext = extForFormat(result.format);
    }
  }
  throwIfAborted(signal);
  const thumbnail = await makeThumbnail(bytes, sniffPicture(bytes.subarray(0, SNIFF_BYTES)) ?? format, image, signal);
  throwIfAborted(signal);
  return {
    bytes,
    mediaType,
    ext,
    contentHash: await sha256Hex(bytes),
    originalName: file.name,
    originalSize: file.size,
    ...(thumbnail ? { thumbnail } : {}),
  };
}

/** Names and repository paths for a batch: the rename mode, unique within the batch, under the hub's folder. */
export function planPaths(
  pictures: readonly PreparedPicture[],
  options: { renameType: RenameType; pattern?: string; hubPath: string; now: number },
): { name: string; path: string }[] {
  const now = new Date(options.now);
  const names = renameBatch(
    pictures.map((picture) => ({
      originalName: picture.originalName,
      ext: picture.ext,
      contentHash: picture.contentHash,
      now,
      renameType: options.renameType,
      pattern: options.pattern,
    })),
  );
  return names.map((name) => ({ name: name.slice(name.lastIndexOf('/') + 1), path: joinHubPath(options.hubPath, name) }));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** Spec §9 yyyy-MM-dd HH:mm:ss, local time. */
export function formatCreateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A hub file record of an uploaded picture; `config` holds the hub's settings without the token. */
export function hubFileRecord(
  picture: PreparedPicture,
  uploaded: { gid: string; name: string; path: string; sha: string },
  hub: GithubHubConfig,
  storage: StorageScope,
  now: number,
): HubFile {
  const { owner, repo, branch, path, apiBaseUrl } = hub;
  return {
    gid: uploaded.gid,
    originalName: picture.originalName,
    originalSize: picture.originalSize,
    name: uploaded.name,
    path: uploaded.path,
    size: picture.bytes.byteLength,
    hubId: hub.id,
    type: 'GITHUB',
    mediaType: picture.mediaType,
    storage,
    createTime: formatCreateTime(now),
    config: JSON.stringify({ owner, repo, branch, path, ...(apiBaseUrl ? { apiBaseUrl } : {}) }),
    sha: uploaded.sha,
  };
}
