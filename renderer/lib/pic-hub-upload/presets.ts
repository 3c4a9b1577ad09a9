import { compressBuiltInPresets } from '@/components/image/compress-presets';
import type { CompressBuiltInKey } from '@/components/image/compress-presets';
import type { ImagePreset } from './prepare';
import { watermarkOf } from './prepare';

/**
 * Which image-tool presets PicHub offers. The compressor's built-ins come first (shared in
 * renderer/components/image), then those the user saved there. Of the watermark tool's, only text
 * presets with text: a logo preset keeps the logo's settings but not the logo itself (the picture
 * stays in the watermark tool's page), so it could not be applied — it is left out, and the picker
 * says why, rather than being offered and then ignored.
 */
export function compressPresetsOffered(
  saved: readonly ImagePreset[] | undefined,
  name: (key: CompressBuiltInKey) => string,
): ImagePreset[] {
  return [...compressBuiltInPresets(name), ...(saved ?? [])];
}

export interface WatermarkPresetsOffered {
  usable: ImagePreset[];
  /** How many were left out because they cannot be applied here (logo presets, text presets without text). */
  unusable: number;
}

export function watermarkPresetsOffered(saved: readonly ImagePreset[] | undefined): WatermarkPresetsOffered {
  const usable = (saved ?? []).filter((preset) => watermarkOf(preset) !== undefined);
  return { usable, unusable: (saved?.length ?? 0) - usable.length };
}

/** The presets the upload reads by id (names are only keys here: the settings keep the chosen id). */
export function offeredPresets(
  toolId: 'image-compress' | 'image-watermark',
  savedByTool: Readonly<Record<string, readonly ImagePreset[] | undefined>>,
): ImagePreset[] {
  return toolId === 'image-compress'
    ? compressPresetsOffered(savedByTool[toolId], (key) => key)
    : watermarkPresetsOffered(savedByTool[toolId]).usable;
}
