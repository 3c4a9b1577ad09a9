import { imageErrorCode } from '@shared/contracts/image-base';
import { FULL_BOUNDS, MIN_STRIP_SHARE, clampBounds, resolveBounds } from '@shared/image/stitch';
import type { Size, StripBounds } from '@shared/image/stitch';
import { fileTimestamp } from '@/lib/format';
import { isComponentUnavailable } from '@/lib/load-failure';

/** The tool's pure logic: no DOM, no React, testable under Node. */

export type StitchFormat = 'png' | 'jpeg';
export interface StitchSettings {
  perImage: boolean;
  shared: StripBounds;
  format: StitchFormat;
  quality: number;
}

export type StitchErrorKind = 'decode' | 'tooLarge' | 'unsupportedInput' | 'componentUnavailable' | 'unknown';
/** Why one screenshot could not be read: an input over the largest side is not the stitched result's fault. */
export type ImageErrorKind = Exclude<StitchErrorKind, 'tooLarge'> | 'inputTooLarge';

/** What the page knows of one screenshot; only `ready` ones take part in the stitch. */
export interface StitchEntry {
  id: string;
  name: string;
  status: 'loading' | 'ready' | 'error';
  size?: Size;
  /** Own bounds for per-image mode; unset until the user moves this image's handles. */
  bounds?: StripBounds;
}

export interface StitchInput<E extends StitchEntry = StitchEntry> {
  entries: (E & { size: Size })[];
  sizes: Size[];
  bounds: StripBounds[];
}

/** The ready screenshots in order, with the bounds each is cut by (the first one whole). */
export function stitchInput<E extends StitchEntry>(entries: readonly E[], perImage: boolean, shared: StripBounds): StitchInput<E> {
  const ready = entries.filter((entry): entry is E & { size: Size } => entry.status === 'ready' && entry.size !== undefined);
  return {
    entries: ready,
    sizes: ready.map((entry) => entry.size),
    bounds: resolveBounds(
      ready.length,
      perImage,
      shared,
      ready.map((entry) => entry.bounds),
    ),
  };
}

/** The bounds an image's handles show: whole for the first, else its own or the shared ones. */
export function shownBounds(position: number, perImage: boolean, shared: StripBounds, own: StripBounds | undefined): StripBounds {
  if (position === 0) return FULL_BOUNDS;
  return clampBounds((perImage ? own : undefined) ?? shared);
}

/** Moves one edge to `share`, stopping MIN_STRIP_SHARE short of the other edge instead of crossing it. */
export function moveEdge(bounds: StripBounds, edge: 'top' | 'bottom', share: number): StripBounds {
  const value = Number.isFinite(share) ? share : bounds[edge];
  if (edge === 'top') return clampBounds({ top: Math.min(value, bounds.bottom - MIN_STRIP_SHARE), bottom: bounds.bottom });
  return clampBounds({ top: bounds.top, bottom: Math.max(value, bounds.top + MIN_STRIP_SHARE) });
}

/** Screenshots whose width differs from the first one's: they are scaled, and the page says so. */
export function scaledEntries<E extends { name: string; size: Size }>(entries: readonly E[]): E[] {
  const first = entries[0];
  return first ? entries.slice(1).filter((entry) => entry.size.width !== first.size.width) : [];
}

/** Bounds as whole percentages for labels. */
export function percent(share: number): number {
  return Math.round(share * 100);
}

/** e.g. `subtitle-stitch-20261121-153012.png`, so successive exports never overwrite each other. */
export function outputFileName(format: StitchFormat, now: Date): string {
  return `subtitle-stitch-${fileTimestamp(now)}.${format === 'jpeg' ? 'jpg' : 'png'}`;
}

/** The worker's ImageErrors keep their code in the message, which is what survives Comlink. */
export function errorKind(error: unknown): StitchErrorKind {
  if (isComponentUnavailable(error)) return 'componentUnavailable';
  const code = imageErrorCode(error);
  return code === 'decode' || code === 'tooLarge' || code === 'unsupportedInput' ? code : 'unknown';
}

export function imageErrorKind(error: unknown): ImageErrorKind {
  const kind = errorKind(error);
  return kind === 'tooLarge' ? 'inputTooLarge' : kind;
}

/** Reorders by moving the item with `activeId` to where `overId` is (drag-and-drop semantics). */
export function moveById<T extends { id: string }>(items: readonly T[], activeId: string, overId: string): T[] {
  const from = items.findIndex((item) => item.id === activeId);
  const to = items.findIndex((item) => item.id === overId);
  if (from < 0 || to < 0 || from === to) return [...items];
  const next = items.filter((_, index) => index !== from);
  next.splice(to, 0, items[from] as T);
  return next;
}

/** JPEG quality as a whole number 1–100. */
export function clampQuality(quality: number): number {
  return Number.isFinite(quality) ? Math.min(100, Math.max(1, Math.round(quality))) : 90;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Settings saved by an earlier visit, each field checked; anything unusable falls back to `defaults`. */
export function restoreSettings(saved: unknown, defaults: StitchSettings): StitchSettings {
  if (!isRecord(saved)) return defaults;
  const { perImage, shared, format, quality } = saved;
  return {
    perImage: typeof perImage === 'boolean' ? perImage : defaults.perImage,
    shared:
      isRecord(shared) && typeof shared.top === 'number' && typeof shared.bottom === 'number'
        ? clampBounds({ top: shared.top, bottom: shared.bottom })
        : defaults.shared,
    format: format === 'png' || format === 'jpeg' ? format : defaults.format,
    quality: typeof quality === 'number' ? clampQuality(quality) : defaults.quality,
  };
}
