import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexSlices, parseUnicodeRange } from './font-slices';

const packages = ['ma-shan-zheng', 'long-cang', 'zhi-mang-xing', 'liu-jian-mao-cao'];
const unicodeJson = (id: string) => readFileSync(new URL(`../../../node_modules/@fontsource/${id}/unicode.json`, import.meta.url), 'utf8');

describe('parseUnicodeRange', () => {
  it('reads single points, ranges and wildcards', () => {
    expect(parseUnicodeRange('U+0041, U+4E00-4E3F,U+30??')).toEqual([
      [0x41, 0x41],
      [0x4e00, 0x4e3f],
      [0x3000, 0x30ff],
    ]);
  });
});

describe('indexSlices', () => {
  const index = indexSlices({ '[1]': 'U+4E00-4E3F', '[2]': 'U+6C34,U+706B', latin: 'U+0000-00FF', '[3]': 'U+0000-00FF,U+5000-50FF' });

  it('names only the slices the text touches, once each, the smallest that has a character', () => {
    expect(index.slicesFor('水火水')).toEqual(['[2]']);
    expect(index.slicesFor('A一水')).toEqual(['latin', '[1]', '[2]']);
    expect(index.slicesFor('\n')).toEqual(['latin']);
  });

  it('ignores characters no slice has (the fallback font writes them)', () => {
    expect(index.slicesFor('😀')).toEqual([]);
  });

  it('gives each slice its unicode-range for the FontFace', () => {
    expect(index.unicodeRange('[2]')).toBe('U+6C34,U+706B');
  });
});

describe('the bundled fonts', () => {
  // The engine reads one package's slice map for all four; an update that re-slices one of them must fail here.
  it('share one slicing', () => {
    const [first, ...rest] = packages.map(unicodeJson);
    for (const other of rest) expect(other).toBe(first);
  });

  it('cover a page of ordinary Chinese with a few slices', () => {
    const slices = JSON.parse(unicodeJson('ma-shan-zheng')) as Record<string, string>;
    const index = indexSlices(slices);
    const text = '床前明月光，疑是地上霜。举头望明月，低头思故乡。Hello, world 2026!';
    const names = index.slicesFor(text);
    expect(names.length).toBeGreaterThan(1);
    expect(names.length).toBeLessThan(15);
    // Every character's slice really has it.
    for (const ch of text) {
      const [name] = index.slicesFor(ch);
      expect(
        parseUnicodeRange(index.unicodeRange(name!)).some(([s, e]) => ch.codePointAt(0)! >= s && ch.codePointAt(0)! <= e),
        ch,
      ).toBe(true);
    }
    expect(index.slicesFor('Hello, world')).toHaveLength(1);
  });
});
