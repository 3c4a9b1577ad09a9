import { describe, expect, it } from 'vitest';
import { BUNDLED_FONT_IDS } from './bundled-fonts';
import { DEFAULT_SETTINGS, FONT_IDS, pageSize, toRenderSettings } from './hand-write.service';

describe('the font picker', () => {
  it('lists every bundled font, and only those', () => {
    expect([...FONT_IDS].sort()).toEqual([...BUNDLED_FONT_IDS].sort());
  });
});

describe('toRenderSettings', () => {
  it('gives the engine the chosen page, margins on every side, and the bundled font', () => {
    const render = toRenderSettings({ ...DEFAULT_SETTINGS, size: 'A5', margin: 15 }, { dpi: 72 });
    expect(render.layout.page).toEqual({ width: 148, height: 210 });
    expect(render.layout.margins).toEqual({ top: 15, right: 15, bottom: 15, left: 15 });
    expect(render.font).toEqual({ kind: 'bundled', id: 'ma-shan-zheng' });
    expect(render.dpi).toBe(72);
    expect(render.background).toBeUndefined();
  });

  it('keeps a custom page within 50–600 mm and its margin within a third of the shorter side', () => {
    expect(pageSize({ size: 'custom', custom: { width: 10, height: 9000 } })).toEqual({ width: 50, height: 600 });
    const render = toRenderSettings({ ...DEFAULT_SETTINGS, size: 'custom', custom: { width: 60, height: 90 }, margin: 40 }, { dpi: 72 });
    expect(render.layout.margins.left).toBe(20);
  });

  it('uses the own font only when one was added, and the background only when asked', () => {
    const data = new ArrayBuffer(4);
    const background = new Blob(['x']);
    expect(toRenderSettings({ ...DEFAULT_SETTINGS, font: 'own' }, { dpi: 72 }).font).toEqual({ kind: 'bundled', id: 'ma-shan-zheng' });
    expect(toRenderSettings({ ...DEFAULT_SETTINGS, font: 'own' }, { dpi: 72, ownFont: { name: 'my.ttf', data } }).font).toEqual({
      kind: 'own',
      name: 'my.ttf',
      data,
    });
    expect(toRenderSettings(DEFAULT_SETTINGS, { dpi: 72, background }).background).toBeUndefined();
    expect(toRenderSettings({ ...DEFAULT_SETTINGS, useBackground: true }, { dpi: 72, background }).background).toBe(background);
  });
});
