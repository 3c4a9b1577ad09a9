import { describe, expect, it } from 'vitest';
import { imageJobSchema } from '@shared/contracts/image';
import {
  DEFAULT_SETTINGS,
  keptFormat,
  overlayOp,
  parseSettings,
  previewJob,
  svgViewBoxSize,
  watermarkJob,
} from './image-watermark.service';

const logo = Uint8Array.of(0x89, 0x50, 0x4e, 0x47);

describe('image-watermark service', () => {
  it('makes a one-line text op with the placement, anchored or tiled', () => {
    const op = overlayOp({ ...DEFAULT_SETTINGS, text: ' 第一行\n第二行 ', anchor: 'top-left' }, undefined);
    expect(op).toMatchObject({ kind: 'text', text: '第一行 第二行', position: 'top-left', opacity: 0.6, size: 0.04 });
    expect(overlayOp({ ...DEFAULT_SETTINGS, tiled: true }, undefined)).toMatchObject({ position: 'tile', gap: 0.15 });
    expect(overlayOp({ ...DEFAULT_SETTINGS, text: '  ' }, undefined)).toBeUndefined();
  });

  it('makes a logo op only once a logo is chosen', () => {
    expect(overlayOp({ ...DEFAULT_SETTINGS, mode: 'logo' }, undefined)).toBeUndefined();
    expect(overlayOp({ ...DEFAULT_SETTINGS, mode: 'logo', logoScale: 0.3 }, logo)).toMatchObject({
      kind: 'logo',
      bytes: logo,
      scale: 0.3,
      position: 'bottom-right',
    });
  });

  it('builds valid jobs: the output keeps the format or takes the chosen one; the preview shrinks first', () => {
    const op = overlayOp(DEFAULT_SETTINGS, undefined)!;
    const kept = watermarkJob(op, DEFAULT_SETTINGS, { name: 'a.PNG', type: '' });
    expect(kept.output).toEqual({ format: 'png', quality: 90 });
    expect(imageJobSchema.parse(kept).ops[0]).toMatchObject({ kind: 'text', color: '#ffffff' });
    expect(watermarkJob(op, { ...DEFAULT_SETTINGS, format: 'webp', quality: 70 }, { name: 'a.jpg', type: 'image/jpeg' }).output).toEqual({
      format: 'webp',
      quality: 70,
    });
    const preview = imageJobSchema.parse(previewJob(op));
    expect(preview.ops.map((each) => each.kind)).toEqual(['resize', 'text']);
    expect(preview.ops[0]).toMatchObject({ width: 960, height: 960, fit: 'inside' });
  });

  it('keeps web formats and turns the others into PNG or JPEG', () => {
    expect(keptFormat({ name: 'a.jpeg', type: 'image/jpeg' })).toBe('jpeg');
    expect(keptFormat({ name: 'a.avif', type: '' })).toBe('avif');
    expect(keptFormat({ name: 'anim.gif', type: 'image/gif' })).toBe('png');
    expect(keptFormat({ name: 'IMG_1.HEIC', type: '' })).toBe('jpeg');
    expect(keptFormat({ name: 'spinner.apng', type: 'image/apng' })).toBe('png');
    expect(keptFormat({ name: 'spinner.APNG', type: '' })).toBe('png');
  });

  it('accepts stored settings only when they still match the shape', () => {
    expect(parseSettings({ ...DEFAULT_SETTINGS, angle: -45 })).toEqual({ ...DEFAULT_SETTINGS, angle: -45 });
    expect(parseSettings({ ...DEFAULT_SETTINGS, anchor: 'middle' })).toBeUndefined();
    expect(parseSettings(undefined)).toBeUndefined();
  });

  it('reads the size of an SVG logo that only has a viewBox', () => {
    expect(svgViewBoxSize('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><path d=""/></svg>')).toEqual({
      width: 120,
      height: 40,
    });
    expect(svgViewBoxSize("<svg viewBox='-10,-5, 64.5,32'>")).toEqual({ width: 64.5, height: 32 });
    expect(svgViewBoxSize('<svg width="10" height="10">')).toBeUndefined();
    expect(svgViewBoxSize('<svg viewBox="0 0 0 10">')).toBeUndefined();
  });
});
