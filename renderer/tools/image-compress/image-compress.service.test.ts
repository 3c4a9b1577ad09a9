import { describe, expect, it } from 'vitest';
import { imageJobSchema } from '@shared/contracts/image';
import { compressBuiltInPresets } from '@/components/image/compress-presets';
import {
  COMPRESS_FORMATS,
  DEFAULT_SETTINGS,
  compressJob,
  keptFormat,
  metadataReach,
  parseSettings,
  targetApplies,
} from './image-compress.service';

describe('image-compress service', () => {
  it('offers the shared built-in presets, each a valid setting of this tool (PicHub offers the same ones)', () => {
    const builtIn = compressBuiltInPresets((key) => key);
    expect(builtIn.map((preset) => preset.id)).toEqual(['builtin:wechat', 'builtin:under200', 'builtin:web', 'builtin:avif']);
    for (const preset of builtIn) expect(parseSettings(preset.settings)).toEqual(preset.settings);
    expect(builtIn[0]!.settings).toEqual({ ...DEFAULT_SETTINGS, format: 'webp', quality: 80, maxWidth: 1080 });
  });

  it('keeps web formats and turns the others into JPEG or PNG', () => {
    expect(keptFormat({ name: 'a.JPG', type: 'image/jpeg' })).toBe('jpeg');
    expect(keptFormat({ name: 'a.webp', type: '' })).toBe('webp');
    expect(keptFormat({ name: 'scan.tiff', type: 'image/tiff' })).toBe('jpeg');
    expect(keptFormat({ name: 'IMG_1.HEIC', type: '' })).toBe('jpeg');
    expect(keptFormat({ name: 'anim.gif', type: 'image/gif' })).toBe('png');
    expect(keptFormat({ name: 'icon.bmp', type: '' })).toBe('png');
    // An APNG may be transparent: it stays a PNG, by type or by extension.
    expect(keptFormat({ name: 'spinner.apng', type: 'image/apng' })).toBe('png');
    expect(keptFormat({ name: 'spinner.APNG', type: '' })).toBe('png');
  });

  it('builds a valid job: resize only with a limit, target bytes only in target mode', () => {
    const plain = compressJob(DEFAULT_SETTINGS, { name: 'a.png', type: 'image/png' });
    expect(plain).toEqual({
      ops: [],
      output: { format: 'png', quality: 75, keepMetadata: false, smallest: false, targetBytes: undefined },
    });
    const limited = compressJob(
      { ...DEFAULT_SETTINGS, format: 'webp', maxWidth: 1080, targetKB: 200 },
      { name: 'a.jpg', type: 'image/jpeg' },
    );
    expect(limited.ops).toEqual([{ kind: 'resize', width: 1080, height: undefined, fit: 'inside', withoutEnlargement: true }]);
    expect(limited.output).toMatchObject({ format: 'webp', targetBytes: 204_800 });
    expect(imageJobSchema.safeParse(limited).success).toBe(true);
  });

  it('meets a target size with "keep format" for lossless inputs by writing WebP; an explicit PNG has no target', () => {
    const under50 = { ...DEFAULT_SETTINGS, targetKB: 50 };
    expect(compressJob(under50, { name: 'screen.png', type: 'image/png' }).output).toMatchObject({ format: 'webp', targetBytes: 51_200 });
    expect(compressJob(under50, { name: 'anim.gif', type: 'image/gif' }).output).toMatchObject({ format: 'webp', targetBytes: 51_200 });
    expect(compressJob(under50, { name: 'photo.jpg', type: 'image/jpeg' }).output).toMatchObject({ format: 'jpeg', targetBytes: 51_200 });
    expect(compressJob(under50, { name: 'photo.avif', type: 'image/avif' }).output).toMatchObject({ format: 'avif', targetBytes: 51_200 });
    // Without target mode a PNG stays a PNG.
    expect(compressJob(DEFAULT_SETTINGS, { name: 'screen.png', type: 'image/png' }).output.format).toBe('png');
    expect(compressJob({ ...under50, format: 'png' }, { name: 'photo.jpg', type: 'image/jpeg' }).output).toMatchObject({
      format: 'png',
      targetBytes: undefined,
    });
    expect(COMPRESS_FORMATS.filter(targetApplies)).toEqual(['keep', 'jpeg', 'webp', 'avif']);
  });

  it('offers "keep metadata" only where the engine can write it', () => {
    expect(COMPRESS_FORMATS.map((format) => metadataReach(format, 'browser'))).toEqual(['jpegOnly', 'all', 'none', 'none', 'none']);
    expect(COMPRESS_FORMATS.map((format) => metadataReach(format, 'native'))).toEqual(['all', 'all', 'all', 'all', 'all']);
  });

  it('accepts stored settings only when they still match the shape', () => {
    expect(parseSettings({ ...DEFAULT_SETTINGS, quality: 60 })).toEqual({ ...DEFAULT_SETTINGS, quality: 60 });
    expect(parseSettings({ ...DEFAULT_SETTINGS, format: 'tiff' })).toBeUndefined();
    expect(parseSettings(null)).toBeUndefined();
  });
});
