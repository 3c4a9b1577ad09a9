import { describe, expect, it } from 'vitest';
import { computeStats, utf8ByteLength } from './stats';

describe('text statistics', () => {
  it('counts a mixed Chinese and English text as Word does', () => {
    const stats = computeStats('Hello 世界！Baibao 百宝箱 2024 年。');
    expect(stats).toMatchObject({
      characters: 27,
      charactersNoSpaces: 23,
      han: 6,
      // Hello, 世, 界, Baibao, 百, 宝, 箱, 2024, 年: punctuation does not count.
      words: 9,
      lines: 1,
      nonBlankLines: 1,
    });
    expect(stats.segments).toBeGreaterThanOrEqual(5);
    expect(stats.segments).toBeLessThanOrEqual(stats.words);
  });

  it('counts emoji, flags and combining accents as one character each', () => {
    const text = '👨‍👩‍👧👍🏽🇨🇳e\u0301';
    expect(computeStats(text)).toMatchObject({ characters: 4, charactersNoSpaces: 4, han: 0 });
    expect(Array.from(text).length).toBe(11);
  });

  it('does not count line breaks as characters; CRLF is one line break', () => {
    expect(computeStats('ab\r\ncd\n\ne f')).toMatchObject({ characters: 7, charactersNoSpaces: 6, lines: 4, nonBlankLines: 3 });
    // The grapheme path (text with an emoji) must agree with the fast path.
    expect(computeStats('ab\r\ncd\n\ne f😀')).toMatchObject({ characters: 8, charactersNoSpaces: 7, lines: 4 });
  });

  it('treats the ideographic space and tabs as spaces', () => {
    expect(computeStats('\u3000\u3000段落\t结尾')).toMatchObject({ characters: 7, charactersNoSpaces: 4, han: 4, words: 4 });
  });

  it('counts lines as editors show them', () => {
    expect(computeStats('')).toMatchObject({ characters: 0, words: 0, lines: 0, nonBlankLines: 0, utf8Bytes: 0, gbkBytes: 0 });
    expect(computeStats('a')).toMatchObject({ lines: 1 });
    expect(computeStats('a\n')).toMatchObject({ lines: 2, nonBlankLines: 1 });
    expect(computeStats('a\r\n \r\nb')).toMatchObject({ lines: 3, nonBlankLines: 2 });
  });

  it('counts rare Han (extension B) as Chinese characters and words', () => {
    expect(computeStats('𠀀𪚥字')).toMatchObject({ characters: 3, han: 3, words: 3 });
  });

  it('counts Japanese kana per character and Korean per word', () => {
    expect(computeStats('ひらがな 한국어 단어')).toMatchObject({ words: 4 + 2 });
  });

  it('measures UTF-8 bytes exactly as TextEncoder does', () => {
    for (const text of ['', 'abc', 'é', '中文', '😀', 'a\u{10ffff}z', '百宝箱 Baibao 👨‍👩‍👧\r\n']) {
      expect(utf8ByteLength(text), text).toBe(new TextEncoder().encode(text).length);
    }
    // A lone surrogate is written as U+FFFD (3 bytes), as TextEncoder does.
    expect(utf8ByteLength('\ud800x')).toBe(new TextEncoder().encode('\ud800x').length);
  });

  it('reports GBK bytes and what GBK cannot hold', () => {
    expect(computeStats('中文abc€😀')).toMatchObject({ gbkBytes: 4 + 3 + 1 + 1, gbkUnencodable: 1, utf8Bytes: 6 + 3 + 3 + 4 });
  });
});
