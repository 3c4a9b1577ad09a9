// The tests' compile (tsconfig.tooling.json) sees the renderer's declarations of foliate's modules only so:
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./foliate.d.ts" />
import { describe, expect, it } from 'vitest';
// foliate's own matcher (Intl.Segmenter + Collator 'base', the search this one replaces) as the oracle.
import { search as foliateSearch } from 'foliate-js/search.js';
import { findMatches, foldQuery, foldText } from './search-text';
import type { TextRange } from './search-text';

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const fold = (text: string) => foldText(text).text;

/** The characters of some Unicode blocks that are letters, digits or punctuation. */
function charactersOf(...blocks: [number, number][]): string[] {
  const chars: string[] = [];
  for (const [first, last] of blocks)
    for (let code = first; code <= last; code += 1) {
      const char = String.fromCodePoint(code);
      if (/[\p{L}\p{N}\p{P}]/u.test(char)) chars.push(char);
    }
  return chars;
}

/** Every pair the collator and the folding disagree on, as "a b". */
function disagreements(chars: readonly string[]): string[] {
  const folded = chars.map(fold);
  const found: string[] = [];
  for (let a = 0; a < chars.length; a += 1)
    for (let b = a + 1; b < chars.length; b += 1)
      if ((collator.compare(chars[a]!, chars[b]!) === 0) !== (folded[a] === folded[b])) found.push(`${chars[a]} ${chars[b]}`);
  return found;
}

/** The text a range covers. */
const covered = (strs: readonly string[], { startIndex, startOffset, endIndex, endOffset }: TextRange) =>
  startIndex === endIndex
    ? strs[startIndex]!.slice(startOffset, endOffset)
    : strs[startIndex]!.slice(startOffset) + strs.slice(startIndex + 1, endIndex).join('') + strs[endIndex]!.slice(0, endOffset);

const foliateRanges = (strs: string[], query: string) =>
  Array.from(foliateSearch(strs, query, { locales: 'en', granularity: 'grapheme', sensitivity: 'base' }), (match) => match.range);

describe('folding agrees with Intl.Collator (sensitivity base)', () => {
  it('on every pair of Latin, Greek, Cyrillic, full-width, ligature and quote characters but one', () => {
    const chars = charactersOf(
      [0x20, 0x7e],
      [0xa0, 0x24f],
      [0x370, 0x3ff],
      [0x400, 0x52f],
      [0x1e00, 0x1eff],
      [0x2010, 0x2027],
      [0xfb00, 0xfb06],
      [0xff01, 0xff5e],
    );
    expect(chars.length).toBeGreaterThan(1000);
    // The collator's root order counts Ukrainian ґ as г; Ukrainian does not, nor does the folding.
    expect(disagreements(chars).sort()).toEqual(['Ѓ Ґ', 'Ѓ ґ', 'Г Ґ', 'Г ґ', 'г Ґ', 'г ґ', 'ѓ Ґ', 'ѓ ґ'].sort());
  });

  it('on Arabic and Hebrew letters, with vowel points and without', () => {
    const letters = charactersOf([0x5d0, 0x5ea], [0x621, 0x64a]).filter((char) => !'ךםןףץ'.includes(char));
    const pointed = ['שָׁלוֹם', 'שלום', 'عَرَبِيّ', 'عربي', 'أحمد', 'احمد', 'إسلام', 'اسلام', 'آمن', 'امن'];
    expect(disagreements([...letters, ...pointed])).toEqual([]);
  });

  it('folds case, accents, ß, ligatures, full-width forms and typographic quotes', () => {
    expect(fold('Ærø Straße ﬁnal ＡＢＣ１２ don’t “Ça” İstanbul ΆΣΟΣ')).toBe('aero strasse final abc12 don\'t "ca" istanbul ασοσ');
    for (const [a, b] of [
      ['Ærø', 'aero'],
      ['Straße', 'strasse'],
      ['ﬁnal', 'final'],
      ['ＡＢＣ１２', 'abc12'],
      ['don’t', "don't"],
      ['ΆΣΟΣ', 'ασοσ'],
    ] as const)
      expect(collator.compare(a, b)).toBe(0);
  });

  it('keeps what the collator keeps apart: й and и, Indic vowel signs, Hangul syllables', () => {
    for (const [a, b] of [
      ['мой', 'мои'],
      ['कु', 'क'],
      ['한', '하'],
    ] as const) {
      expect(collator.compare(a, b)).not.toBe(0);
      expect(fold(a)).not.toBe(fold(b));
    }
  });

  it('is stricter than the collator for kana, Hebrew final letters and other scripts’ digits (documented)', () => {
    for (const [a, b] of [
      ['が', 'か'],
      ['カ', 'か'],
      ['ぁ', 'あ'],
      ['ם', 'מ'],
      ['٣', '3'],
    ] as const) {
      expect(collator.compare(a, b)).toBe(0);
      expect(fold(a)).not.toBe(fold(b));
    }
  });

  it('leaves Chinese, Japanese and Korean text and emoji as they are', () => {
    const text = '第一章 山の上で、한국어 😀👍🏽 中文搜索';
    expect(fold(text)).toBe(text);
  });
});

describe('foldText maps every folded unit back to its source', () => {
  it('spans expansions, dropped marks and surrogate pairs', () => {
    const original = 'ﬁ e\u0301t\u00e9 😀x';
    const { text, starts, ends } = foldText(original);
    expect(text).toBe('fi ete 😀x');
    // ﬁ → "fi": both units come from the ligature.
    expect([starts[0], ends[0], starts[1], ends[1]]).toEqual([0, 1, 0, 1]);
    // The decomposed é's dropped accent belongs to its e; the composed é is one unit.
    expect([starts[3], ends[3]]).toEqual([2, 4]);
    expect([starts[5], ends[5]]).toEqual([5, 6]);
    // The emoji's two units map to its two units.
    expect(original.slice(starts[7], ends[8])).toBe('😀');
    expect(starts.length).toBe(text.length);
  });

  it('folds white space runs to one space and drops soft hyphens, joiners and direction marks', () => {
    expect(fold('a \n\t b\u00a0c soft\u00adware zero\u200bwidth \u200fx')).toBe('a b c software zerowidth x');
    expect(foldQuery('  Soft\u00adWare  ')).toBe('software');
    expect(foldQuery(' \u0301 ')).toBe('');
  });

  it('grows past its first guess of the folded length', () => {
    const original = '㍿'.repeat(100);
    const { text, starts } = foldText(original);
    expect(text).toBe('株式会社'.repeat(100));
    expect(starts[399]).toBe(99);
  });
});

describe('findMatches', () => {
  const cases: { strs: string[]; query: string }[] = [
    { strs: ['The Café at the ', 'CAFE', ' by the café.'], query: 'cafe' },
    { strs: ['Le caf', 'é Zürich et ', 'l’homme'], query: 'café zurich' },
    { strs: ['soft\u00adware and soft', 'ware'], query: 'software' },
    { strs: ['line one\n', '\n   line two'], query: 'one line' },
    { strs: ['中文全文搜索，', '搜索中文。'], query: '搜索' },
    { strs: ['Ｆｕｌｌ width and full width'], query: 'full width' },
    { strs: ['smile 😀 smile 😀'], query: '😀' },
    { strs: ['naïve', ' NAIVE ', 'nai\u0308ve'], query: 'naive' },
    { strs: ['', 'x', '', 'Whale', ''], query: 'whale' },
  ];

  it.each(cases)('finds what foliate finds: $query in $strs', ({ strs, query }) => {
    const ours = findMatches(strs, foldQuery(query)).map((match) => match.range);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.map((range) => covered(strs, range))).toEqual(foliateRanges(strs, query).map((range) => covered(strs, range)));
  });

  it('gives foliate’s excerpt: the node’s text around the hit, 50 characters, ellipses where cut', () => {
    const long = 'word '.repeat(20);
    const strs = [`${long}  the   lighthouse  of the bay ${long}`];
    const [hit] = findMatches(strs, foldQuery('LIGHTHOUSE'));
    const [theirs] = Array.from(foliateSearch(strs, 'LIGHTHOUSE', { locales: 'en', granularity: 'grapheme', sensitivity: 'base' }));
    expect(hit!.excerpt).toEqual(theirs!.excerpt);
    expect(hit!.excerpt.match).toBe('lighthouse');
    expect(hit!.excerpt.pre.startsWith('…')).toBe(true);
    expect(hit!.excerpt.post.endsWith('…')).toBe(true);
  });

  it('gives foliate’s excerpts around hits anywhere in long nodes, however the white space runs', () => {
    const words = ['sea', 'whale', '\n\n', '   ', 'ship', '\t', 'Lighthouse', 'light house', 'near'];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let round = 0; round < 20; round += 1) {
      const text = Array.from({ length: 400 }, () => words[next() % words.length]).join(next() % 3 ? ' ' : '');
      const ours = findMatches([text], foldQuery('lighthouse')).map((hit) => hit.excerpt);
      const theirs = Array.from(
        foliateSearch([text], 'lighthouse', { locales: 'en', granularity: 'grapheme', sensitivity: 'base' }),
        (hit) => hit.excerpt,
      );
      expect(ours).toEqual(theirs);
    }
  });

  it('lists thousands of hits in one long node in linear time (a book without paragraphs)', () => {
    const text = '第一章 山上的灯塔，在海边静静地照着远方的船只。'.repeat(10_000);
    const start = performance.now();
    const hits = findMatches([text], foldQuery('灯塔'));
    expect(hits).toHaveLength(10_000);
    expect(hits[5_000]!.excerpt.match).toBe('灯塔');
    // Well under a second; when each excerpt folded the whole node before it, this ran out of memory.
    expect(performance.now() - start).toBeLessThan(2000);
  });

  it('takes a hit across three nodes whole, where foliate lost the middle one', () => {
    const strs = ['a light', 'ho', 'use here'];
    const [hit] = findMatches(strs, foldQuery('lighthouse'));
    expect(hit!.range).toEqual({ startIndex: 0, startOffset: 2, endIndex: 2, endOffset: 3 });
    expect(hit!.excerpt).toEqual({ pre: 'a ', match: 'lighthouse', post: ' here' });
  });

  it('ends a hit at the end of its node, not at the start of the next', () => {
    const [hit] = findMatches(['the whale', ' swam'], foldQuery('whale'));
    expect(hit!.range).toEqual({ startIndex: 0, startOffset: 4, endIndex: 0, endOffset: 9 });
  });

  it('finds an expansion foliate’s grapheme window missed: strasse in Straße', () => {
    const strs = ['Die ', 'Straße', ' ist lang'];
    expect(findMatches(strs, foldQuery('strasse')).map((match) => covered(strs, match.range))).toEqual(['Straße']);
    expect(foliateRanges(strs, 'strasse')).toEqual([]);
  });

  it('does not overlap hits (foliate listed "aa" twice in "aaa")', () => {
    expect(findMatches(['aaa'], 'aa')).toHaveLength(1);
    expect(foliateRanges(['aaa'], 'aa')).toHaveLength(2);
  });

  it('stops at the limit: the search names no more hits than the list shows', () => {
    expect(findMatches(['banana', 'bandana'], 'a', 4).map((hit) => hit.range)).toEqual([
      { startIndex: 0, startOffset: 1, endIndex: 0, endOffset: 2 },
      { startIndex: 0, startOffset: 3, endIndex: 0, endOffset: 4 },
      { startIndex: 0, startOffset: 5, endIndex: 0, endOffset: 6 },
      { startIndex: 1, startOffset: 1, endIndex: 1, endOffset: 2 },
    ]);
    expect(findMatches(['banana'], 'a', 0)).toEqual([]);
  });

  it('finds nothing for an empty query', () => {
    expect(findMatches(['text'], '')).toEqual([]);
  });

  it('folds a 1 MB chapter quickly (one pass, no per-character collation)', () => {
    const text = 'The sea whale ship captain harbour wind sail rope. '.repeat(20_000);
    const start = performance.now();
    const hits = findMatches([text, ' Lighthouse.'], foldQuery('lighthouse'));
    const elapsed = performance.now() - start;
    expect(hits).toHaveLength(1);
    // 30–80 ms on the loaded 2-core machine; foliate's matcher took about 1 s for a tenth of this text.
    expect(elapsed).toBeLessThan(1000);
  });
});
