import { describe, expect, it } from 'vitest';
import { BUNDLED_FONT_IDS, sliceIndex, sliceUrl } from './bundled-fonts';

describe('bundled fonts', () => {
  it('has a slice file for every slice a text can need, in all four fonts', () => {
    const names = sliceIndex.slicesFor('床前明月光，疑是地上霜。Hello 2026! 鬱龘');
    expect(names.length).toBeGreaterThan(1);
    for (const font of BUNDLED_FONT_IDS) for (const name of names) expect(sliceUrl(font, name), `${font} ${name}`).toMatch(/\.woff2(\?|$)/);
  });

  it('leaves the whole-font files out of the build', () => {
    for (const font of BUNDLED_FONT_IDS) expect(sliceUrl(font, 'chinese-simplified')).toBeUndefined();
  });
});
