import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, applyTint, parseThemePalette, resolveColor } from './colors';

const THEME_XML = `<a:theme><a:themeElements><a:clrScheme name="x">
<a:dk1><a:sysClr val="windowText" lastClr="111111"/></a:dk1><a:lt1><a:sysClr val="window" lastClr="FEFEFE"/></a:lt1>
<a:dk2><a:srgbClr val="222222"/></a:dk2><a:lt2><a:srgbClr val="EEEEEE"/></a:lt2>
<a:accent1><a:srgbClr val="4472C4"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2>
</a:clrScheme></a:themeElements></a:theme>`;

describe('excel colours', () => {
  it('reads the theme with the first two pairs swapped, as cells index it', () => {
    const palette = parseThemePalette(THEME_XML);
    expect(palette.slice(0, 6)).toEqual(['FEFEFE', '111111', 'EEEEEE', '222222', '4472C4', 'ED7D31']);
    expect(parseThemePalette(undefined)).toBe(DEFAULT_THEME);
  });

  it('tints towards white and shades towards black', () => {
    expect(applyTint('4472C4', 0)).toBe('4472C4');
    expect(applyTint('4472C4', 0.7999816888943144)).toBe('DAE3F3');
    expect(applyTint('4472C4', -0.249977111117893)).toBe('2F5597');
  });

  it('resolves argb, theme and indexed colours, and leaves automatic ones out', () => {
    expect(resolveColor({ argb: 'FFFF0000' }, DEFAULT_THEME)).toBe('#FF0000');
    expect(resolveColor({ theme: 4 }, DEFAULT_THEME)).toBe('#4472C4');
    expect(resolveColor({ indexed: 10 }, DEFAULT_THEME)).toBe('#FF0000');
    expect(resolveColor({ indexed: 64 }, DEFAULT_THEME)).toBeUndefined();
    expect(resolveColor(undefined, DEFAULT_THEME)).toBeUndefined();
  });
});
