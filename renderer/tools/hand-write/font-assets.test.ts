import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FONT_IDS } from './bundled-fonts';
import { sliceIndex, sliceUrl } from './font-assets';

describe('bundled fonts', () => {
  it('has a file for every slice of the slicing, in all four fonts', () => {
    const slices = Object.keys(
      JSON.parse(readFileSync(new URL('../../../node_modules/@fontsource/long-cang/unicode.json', import.meta.url), 'utf8')) as object,
    );
    expect(slices.length).toBeGreaterThan(80);
    for (const font of BUNDLED_FONT_IDS) for (const name of slices) expect(sliceUrl(font, name), `${font} ${name}`).toBeDefined();
  });

  it('has a slice file for every slice a text can need', () => {
    const names = sliceIndex.slicesFor('床前明月光，疑是地上霜。Hello 2026! 鬱龘');
    expect(names.length).toBeGreaterThan(1);
    for (const font of BUNDLED_FONT_IDS) for (const name of names) expect(sliceUrl(font, name), `${font} ${name}`).toMatch(/\.woff2(\?|$)/);
  });

  it('leaves the whole-font files out of the build', () => {
    for (const font of BUNDLED_FONT_IDS) expect(sliceUrl(font, 'chinese-simplified')).toBeUndefined();
  });
});
