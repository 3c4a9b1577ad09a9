import { describe, expect, it } from 'vitest';
import { cannotEndLine, cannotStartLine } from './kinsoku';
import { layoutHandwriting } from './layout';
import { DEFAULT_JITTER, MM_PER_PT, PAGE_SIZES } from './types';
import type { LayoutOptions, PageLayout } from './types';

const still = { size: 0, rotation: 0, baseline: 0, spacing: 0, inkDensity: 0, corrections: 0 };

/** 12 pt = 4.233 mm; 42.33 mm of content width holds exactly ten CJK characters. */
const EM = 12 * MM_PER_PT;
function options(overrides: Partial<LayoutOptions> = {}): LayoutOptions {
  return {
    page: { width: 10 * EM + 20, height: 100 },
    margins: { top: 10, right: 10, bottom: 10, left: 10 },
    fontSizePt: 12,
    lineSpacing: 2,
    paper: 'lined',
    indent: 0,
    jitter: still,
    seed: 1,
    ...overrides,
  };
}

const lineTexts = (page: PageLayout) => page.lines.map((line) => line.text);
const allLines = (text: string, overrides?: Partial<LayoutOptions>) => layoutHandwriting(text, options(overrides)).pages.flatMap(lineTexts);

describe('line breaks', () => {
  it('fills a line with ten characters and wraps the eleventh', () => {
    expect(allLines('一二三四五六七八九十甲乙')).toEqual(['一二三四五六七八九十', '甲乙']);
  });

  it('starts a new line at every newline, and an empty line keeps its place', () => {
    const layout = layoutHandwriting('甲\n\n乙', options());
    expect(lineTexts(layout.pages[0]!)).toEqual(['甲', '乙']);
    const [first, second] = layout.pages[0]!.lines;
    expect(second!.y - first!.y).toBeCloseTo(2 * 2 * EM, 5); // two line pitches: the empty line is kept
  });

  it('indents each paragraph by full-width characters', () => {
    const layout = layoutHandwriting('一二三四五六七八九十\n甲', options({ indent: 2 }));
    expect(lineTexts(layout.pages[0]!)).toEqual(['一二三四五六七八', '九十', '甲']);
    expect(layout.pages[0]!.lines[0]!.x).toBeCloseTo(10 + 2 * EM, 5);
    expect(layout.pages[0]!.lines[1]!.x).toBeCloseTo(10, 5);
  });

  it('keeps a Latin word whole and breaks at the space before it', () => {
    // 'handwriting' is about 5.6 em: it cannot follow six characters on a ten-em line.
    expect(allLines('一二三四五六 handwriting')).toEqual(['一二三四五六', 'handwriting']);
  });

  it('cuts a word only when it is longer than a whole line', () => {
    const lines = allLines('a'.repeat(40));
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join('')).toBe('a'.repeat(40));
  });
});

describe('punctuation rules (禁则)', () => {
  it('never starts a line with closing punctuation: 。 hangs at the end of the full line', () => {
    const lines = allLines('一二三四五六七八九十。甲');
    expect(lines).toEqual(['一二三四五六七八九十。', '甲']);
    for (const line of lines) expect(cannotStartLine(line[0]!)).toBe(false);
  });

  it.each([...'。，、；：？！）」』】'])('%s never starts a line', (mark) => {
    for (let fill = 8; fill <= 11; fill++) {
      const lines = allLines('字'.repeat(fill) + mark + '后'.repeat(12));
      for (const line of lines) expect(line.startsWith(mark)).toBe(false);
    }
  });

  it.each([...'（「『【'])('%s never ends a line', (mark) => {
    for (let fill = 8; fill <= 11; fill++) {
      const lines = allLines('字'.repeat(fill) + mark + '后'.repeat(12));
      for (const line of lines.slice(0, -1)) expect(cannotEndLine(line.at(-1)!)).toBe(false);
      expect(lines.join('')).toBe('字'.repeat(fill) + mark + '后'.repeat(12));
    }
  });

  it('moves an opening bracket down with what it opens', () => {
    expect(allLines('一二三四五六七八九「甲」')).toEqual(['一二三四五六七八九', '「甲」']);
  });
});

describe('pages', () => {
  it('breaks pages when the lines of a page are full', () => {
    // Content height 80 mm, pitch 2 em = 8.47 mm: nine lines a page.
    const layout = layoutHandwriting('字\n'.repeat(20).trim(), options());
    expect(layout.pages.map((p) => p.lines.length)).toEqual([9, 9, 2]);
    expect(layout.pages.map((p) => p.index)).toEqual([0, 1, 2]);
    expect(layout.paper.baselines).toHaveLength(9);
    expect(layout.paper.baselines.at(-1)!).toBeLessThanOrEqual(100 - 10);
  });

  it('gives an empty text one blank page', () => {
    const layout = layoutHandwriting('', options());
    expect(layout.pages).toHaveLength(1);
    expect(layout.pages[0]!.glyphs).toEqual([]);
  });

  it('fits A4 with 2 cm margins and 16 pt at 1.8 spacing: an honest number of lines and characters', () => {
    const layout = layoutHandwriting(
      '字'.repeat(2000),
      options({ page: PAGE_SIZES.A4, margins: { top: 20, right: 20, bottom: 20, left: 20 }, fontSizePt: 16 }),
    );
    const perLine = Math.floor(170 / (16 * MM_PER_PT));
    expect(layout.pages[0]!.lines[0]!.text).toHaveLength(perLine);
    for (const glyph of layout.pages.flatMap((p) => p.glyphs)) {
      expect(glyph.x + glyph.size).toBeLessThanOrEqual(190 + 1e-6);
      expect(glyph.y).toBeLessThanOrEqual(277);
    }
  });
});

describe('稿纸 squares', () => {
  it('puts one character in each square and counts columns from the square size', () => {
    const layout = layoutHandwriting(
      '一二三四五六七八九十甲乙丙',
      options({ paper: 'squares', page: { width: 20 + 10 * 1.3 * EM, height: 100 } }),
    );
    expect(layout.paper.columns).toBe(10);
    expect(layout.paper.cell).toBeCloseTo(1.3 * EM, 5);
    expect(lineTexts(layout.pages[0]!)).toEqual(['一二三四五六七八九十', '甲乙丙']);
    const [a, b] = layout.pages[0]!.glyphs;
    expect(b!.x - a!.x).toBeCloseTo(layout.paper.cell, 5);
    // Centred in the square.
    expect(a!.x - 10).toBeCloseTo((layout.paper.cell - EM) / 2, 5);
    expect(layout.paper.rowTops).toHaveLength(layout.paper.baselines.length);
  });

  it('writes Latin letters one to a square as well, keeping a word on one row', () => {
    const layout = layoutHandwriting('ab', options({ paper: 'squares' }));
    const [a, b] = layout.pages[0]!.glyphs;
    expect(b!.x - a!.x).toBeCloseTo(layout.paper.cell, 5);
    const wide = { paper: 'squares' as const, page: { width: 20 + 10 * 1.3 * EM, height: 100 } };
    expect(allLines('一二三四五六七 word', wide)).toEqual(['一二三四五六七', 'word']);
  });

  it('keeps every row of squares inside the margins', () => {
    const layout = layoutHandwriting('字'.repeat(500), options({ paper: 'squares' }));
    expect(layout.pages.length).toBeGreaterThan(1);
    expect(layout.paper.rowTops.at(-1)! + layout.paper.cell).toBeLessThanOrEqual(90 + 1e-6);
  });
});

describe('paper geometry', () => {
  it('lined paper has a rule under every baseline; blank has none; grid covers the content area', () => {
    const lined = layoutHandwriting('字', options()).paper;
    expect(lined.rules).toHaveLength(lined.baselines.length);
    lined.rules.forEach((rule, i) => expect(rule).toBeGreaterThan(lined.baselines[i]!));
    expect(layoutHandwriting('字', options({ paper: 'blank' })).paper.rules).toEqual([]);
    const grid = layoutHandwriting('字', options({ paper: 'grid' })).paper;
    expect(grid.cell).toBeCloseTo(grid.lineHeight / 2, 5);
    expect(grid.rowTops).toHaveLength(grid.baselines.length * 2);
    // The grid ends inside the bottom margin, and each line's glyphs sit inside its pair of rows.
    expect(grid.rowTops.at(-1)! + grid.cell).toBeLessThanOrEqual(90 + 1e-6);
    grid.baselines.forEach((baseline, line) => {
      expect(baseline).toBeGreaterThan(grid.rowTops[line * 2]! + EM * 0.6);
      expect(baseline).toBeLessThan(grid.rowTops[line * 2]! + 2 * grid.cell);
    });
  });
});

describe('randomness', () => {
  const text = '床前明月光，疑是地上霜。举头望明月，低头思故乡。'.repeat(60);
  const hand = (seed: number, jitter = { ...DEFAULT_JITTER, corrections: 0.05 }) =>
    layoutHandwriting(text, options({ seed, jitter, page: PAGE_SIZES.A5 }));

  it('draws the same page from the same seed, and another from another seed', () => {
    expect(hand(7)).toEqual(hand(7));
    expect(hand(8).pages[0]!.glyphs).not.toEqual(hand(7).pages[0]!.glyphs);
  });

  it('keeps jitter within the limits it is given', () => {
    const size = 12 * MM_PER_PT;
    for (const glyph of hand(3).pages.flatMap((p) => p.glyphs)) {
      expect(glyph.size).toBeGreaterThanOrEqual(size * (1 - DEFAULT_JITTER.size) - 1e-9);
      expect(glyph.size).toBeLessThanOrEqual(size * (1 + DEFAULT_JITTER.size) + 1e-9);
      expect(Math.abs(glyph.rotation)).toBeLessThanOrEqual((DEFAULT_JITTER.rotation * Math.PI) / 180 + 1e-9);
      expect(glyph.opacity).toBeGreaterThanOrEqual(1 - DEFAULT_JITTER.inkDensity - 1e-9);
      expect(glyph.opacity).toBeLessThanOrEqual(1);
    }
  });

  it('strikes out a wrong character before the right one, and keeps the real text whole', () => {
    const layout = hand(11);
    const glyphs = layout.pages.flatMap((p) => p.glyphs);
    const struck = glyphs.filter((g) => g.struck);
    expect(struck.length).toBeGreaterThan(0);
    glyphs.forEach((glyph, i) => {
      if (glyph.struck) expect(glyphs[i + 1]!.struck).toBeUndefined();
    });
    expect(layout.pages.flatMap(lineTexts).join('')).toBe(text);
  });

  it('writes no corrections when they are off, and a first page that does not change when later text does', () => {
    const plain = hand(5, DEFAULT_JITTER);
    expect(plain.pages.flatMap((p) => p.glyphs).some((g) => g.struck)).toBe(false);
    const longer = layoutHandwriting(text + '再加一句。', options({ seed: 5, jitter: DEFAULT_JITTER, page: PAGE_SIZES.A5 }));
    expect(plain.pages.length).toBeGreaterThan(1);
    expect(longer.pages[0]).toEqual(plain.pages[0]);
  });
});
