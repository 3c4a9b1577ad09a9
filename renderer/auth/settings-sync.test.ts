import { describe, expect, it } from 'vitest';
import { parseServerSettings } from './settings-sync';

describe('server settings parsing', () => {
  it('takes the known, well-typed settings', () => {
    expect(parseServerSettings('{"layoutMode":"top","footerFixed":true,"theme":"dark"}')).toEqual({ layoutMode: 'top', footerFixed: true, theme: 'dark' });
  });

  it('reads the image tools\' presets', () => {
    const preset = { id: 'p1', name: '微信公众号 1080 宽 WebP 80', settings: { format: 'webp', quality: 80 }, updatedAt: 5 };
    expect(parseServerSettings(JSON.stringify({ imagePresets: { 'image-compress': [preset] } }))).toEqual({ imagePresets: { 'image-compress': [preset] } });
    expect(parseServerSettings(JSON.stringify({ imagePresets: { 'image-compress': [{ name: 'no id' }] } }))).toEqual({});
  });

  it('drops unknown keys', () => {
    expect(parseServerSettings('{"layoutMode":"side","somethingElse":1}')).toEqual({ layoutMode: 'side' });
  });

  it('ignores malformed text and wrongly typed values as a whole', () => {
    expect(parseServerSettings('')).toEqual({});
    expect(parseServerSettings('not json')).toEqual({});
    expect(parseServerSettings('[1,2]')).toEqual({});
    expect(parseServerSettings('{"layoutMode":"diagonal"}')).toEqual({});
  });
});
