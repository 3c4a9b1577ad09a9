import { describe, expect, it } from 'vitest';
import { restoreFields } from '@/lib/persisted-settings';
import { DEFAULT_SETTINGS, readerCss, SETTINGS_FIELDS } from './reader-settings';

describe('reader settings', () => {
  it('start at the spec default font size of 18 in light, paginated', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ fontSize: 18, theme: 'light', flow: 'paginated', font: 'book' });
  });

  it('take back stored values in range and fall back field by field', () => {
    const restored = restoreFields(
      { fontSize: 24, font: 'cjk-serif', lineHeight: 9, margin: -1, theme: 'sepia', flow: 'sideways' },
      DEFAULT_SETTINGS,
      SETTINGS_FIELDS,
    );
    expect(restored).toEqual({ ...DEFAULT_SETTINGS, fontSize: 24, font: 'cjk-serif', theme: 'sepia' });
  });

  it('refuse a fractional or out-of-range font size', () => {
    expect(SETTINGS_FIELDS.fontSize.safeParse(18.5).success).toBe(false);
    expect(SETTINGS_FIELDS.fontSize.safeParse(100).success).toBe(false);
    expect(SETTINGS_FIELDS.fontSize.safeParse(12).success).toBe(true);
  });

  it('write the chosen size, colours, line height and font into the book style', () => {
    const css = readerCss({ ...DEFAULT_SETTINGS, fontSize: 22, theme: 'dark', lineHeight: 2, font: 'cjk-sans' });
    expect(css).toContain('font-size: 22px !important');
    expect(css).toContain('color: #d4d4d4 !important');
    expect(css).toContain('background: transparent !important');
    expect(css).toContain('color-scheme: dark');
    expect(css).toContain('line-height: 2 !important');
    expect(css).toContain('"Noto Sans CJK SC"');
  });

  it("keep the book's own fonts unless one is chosen", () => {
    expect(readerCss(DEFAULT_SETTINGS)).not.toContain('font-family');
  });
});
