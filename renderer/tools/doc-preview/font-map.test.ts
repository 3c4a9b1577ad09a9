import { describe, expect, it } from 'vitest';
import { fallbacksFor, fontMapCss } from './font-map';

describe('font map', () => {
  it('keeps the real font first, then installed CJK fonts of the same style', () => {
    expect(fallbacksFor('宋体')?.slice(0, 3)).toEqual(['SimSun', '宋体', 'Noto Serif CJK SC']);
    expect(fallbacksFor('Microsoft YaHei')).toContain('Noto Sans CJK SC');
    expect(fallbacksFor('黑体')).toContain('Source Han Sans SC');
    expect(fallbacksFor('"Calibri"')?.[1]).toBe('Carlito');
    expect(fallbacksFor('Comic Sans MS')).toBeUndefined();
  });

  it('writes a regular and a bold face for every known name', () => {
    const css = fontMapCss();
    expect(css).toContain(
      '@font-face { font-family: "微软雅黑"; src: local("Microsoft YaHei"), local("微软雅黑"), local("Noto Sans CJK SC")',
    );
    expect(css).toMatch(/font-family: "仿宋"; src: local\("FangSong Bold"\)[^}]*local\("Noto Serif CJK SC Bold"\)[^}]*font-weight: 700/);
    expect(css.match(/@font-face/g)?.length).toBe(2 * (css.match(/font-weight: 400/g)?.length ?? 0));
  });
});

describe('font map coverage', () => {
  // The names Word writes for the fonts Chinese documents use, in Chinese and in English.
  const NAMES = [
    ['宋体', 'SimSun'],
    ['黑体', 'SimHei'],
    ['微软雅黑', 'Microsoft YaHei'],
    ['楷体', 'KaiTi'],
    ['仿宋', 'FangSong'],
    ['等线', 'DengXian'],
    ['等线 Light', 'DengXian Light'],
  ] as const;

  it.each(NAMES)('maps %s and %s to the same installed fallbacks', (chinese, english) => {
    expect(fallbacksFor(chinese)).toEqual(fallbacksFor(english));
    expect(fallbacksFor(chinese)?.slice(0, 2)).toContain(english);
    expect(fallbacksFor(chinese)?.some((name) => /Noto (Sans|Serif) CJK SC/.test(name))).toBe(true);
  });

  it('only names installed fonts: no font is fetched, so the page stays offline', () => {
    const css = fontMapCss();
    const sources = [...css.matchAll(/src: ([^;]*);/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(50);
    for (const source of sources) expect(source.replace(/local\("[^"]*"\)(, )?/g, '')).toBe('');
    expect(css).not.toMatch(/url\(/);
  });
});
