import type { Preset } from './presets';

/**
 * The image compressor's settings as its presets hold them, its defaults and its built-in presets.
 * Shared here because a tool may not import another: the compressor offers these, and so does
 * picture hosting (PicHub), which compresses with a preset the user picks. The compressor checks
 * the fields with its own schema (image-compress.service.ts); this is their plain shape.
 */
export interface CompressPresetSettings {
  format: 'keep' | 'jpeg' | 'webp' | 'avif' | 'png';
  /** 1–100. */
  quality: number;
  /** 0 = no limit. */
  maxWidth: number;
  maxHeight: number;
  /** Target-size mode: the output must fit in this many KB (0 = off). */
  targetKB: number;
  keepMetadata: boolean;
  smallest: boolean;
}

export const COMPRESS_DEFAULTS: CompressPresetSettings = {
  format: 'keep',
  quality: 75,
  maxWidth: 0,
  maxHeight: 0,
  targetKB: 0,
  keepMetadata: false,
  smallest: false,
};

const BUILT_IN = {
  wechat: { ...COMPRESS_DEFAULTS, format: 'webp', quality: 80, maxWidth: 1080 },
  under200: { ...COMPRESS_DEFAULTS, format: 'jpeg', quality: 90, targetKB: 200 },
  web: { ...COMPRESS_DEFAULTS, format: 'webp', quality: 75, maxWidth: 1920 },
  avif: { ...COMPRESS_DEFAULTS, format: 'avif', quality: 60 },
} satisfies Record<string, CompressPresetSettings>;

export type CompressBuiltInKey = keyof typeof BUILT_IN;

/**
 * The built-in presets, in the order they are offered, named by `name` (each tool names them in its
 * own texts, which load with the tool: the shell's first load stays as it was). Their ids are stable
 * (`builtin:<key>`): a choice stored by id, in the compressor or in PicHub's settings, keeps meaning
 * the same preset.
 */
export function compressBuiltInPresets(name: (key: CompressBuiltInKey) => string): Preset<CompressPresetSettings>[] {
  return (Object.keys(BUILT_IN) as CompressBuiltInKey[]).map((key) => ({
    id: `builtin:${key}`,
    name: name(key),
    settings: BUILT_IN[key],
    updatedAt: 0,
  }));
}
