import { describe, expect, it } from 'vitest';
import { countCharacters, createRng, DEFAULT_OPTIONS, disorderText, movableRange, newSeed, tokenize } from './text-disorder.service';
import type { DisorderOptions } from './text-disorder.service';

const SAMPLE = '研究表明，汉字的顺序并不一定能影响阅读。比如当你看完这句话后，才发现这里的字全是乱的。中华人民共和国成立于1949年。';
const MIXED = `${SAMPLE}详见 https://example.com/reading/path?q=汉字 或 www.example.org/comprehension，来信 reader.name+tag@mail.example.cn。The quick reading comprehension test, version 2.5!`;

const run = (input: string, options: Partial<DisorderOptions> = {}) =>
  disorderText(input, { ...DEFAULT_OPTIONS, seed: 'test', ...options });

/** The word tokens of input and output side by side (tokenize the input; the output has the same spans). */
function pairs(input: string, output: string) {
  let offset = 0;
  return tokenize(input).map((token) => {
    const after = output.slice(offset, offset + token.text.length);
    offset += token.text.length;
    return { ...token, after };
  });
}

const sorted = (text: string) => Array.from(text).sort().join('');

describe('tokenize', () => {
  it('rebuilds the input exactly', () => {
    expect(
      tokenize(MIXED)
        .map((token) => token.text)
        .join(''),
    ).toBe(MIXED);
  });

  it('segments Chinese into words with Intl.Segmenter', () => {
    const han = tokenize('研究表明，汉字的顺序')
      .filter((token) => token.kind === 'han')
      .map((token) => token.text);
    expect(han).toEqual(['研究', '表明', '汉字', '的', '顺序']);
  });

  it('keeps URLs and emails whole as protected tokens', () => {
    const kept = tokenize(MIXED)
      .filter((token) => token.kind === 'protected')
      .map((token) => token.text);
    expect(kept).toEqual(['https://example.com/reading/path?q=', 'www.example.org/comprehension', 'reader.name+tag@mail.example.cn']);
    // Bare domains and dotted names too: Chromium's segmenter splits "baidu.com" at the dot
    // (Node's keeps it whole), which would expose "baidu" to the Latin scrambler in the browser.
    const bare = tokenize('搜 baidu.com/s?wd=reading 或用 Node.js 吧')
      .filter((token) => token.kind === 'protected')
      .map((token) => token.text);
    expect(bare).toEqual(['baidu.com/s?wd=reading', 'Node.js']);
  });

  it('marks numbers, punctuation and mixed segments as other', () => {
    const kinds = new Map(tokenize('1949年，abc2 don’t ok').map((token) => [token.text, token.kind]));
    expect(kinds.get('1949')).toBe('other');
    expect(kinds.get('，')).toBe('other');
    expect(kinds.get('abc2')).toBe('other');
    expect(kinds.get('ok')).toBe('latin');
  });
});

describe('movableRange: the rule per length', () => {
  const chars = (word: string) => Array.from(word);
  const none = { keepFirst: false, keepLast: false };
  const first = { keepFirst: true, keepLast: false };
  const both = { keepFirst: true, keepLast: true };

  it('never moves a single character', () => {
    for (const options of [none, first, both]) expect(movableRange(chars('字'), 'han', options)).toBeUndefined();
  });

  it('swaps two characters only with both ends free', () => {
    expect(movableRange(chars('顺序'), 'han', none)).toEqual([0, 2]);
    expect(movableRange(chars('顺序'), 'han', first)).toBeUndefined();
    expect(movableRange(chars('顺序'), 'han', { keepFirst: false, keepLast: true })).toBeUndefined();
  });

  it('moves the last two of three with keepFirst, nothing with both kept', () => {
    expect(movableRange(chars('一定能'), 'han', first)).toEqual([1, 3]);
    expect(movableRange(chars('一定能'), 'han', both)).toBeUndefined();
  });

  it('moves the middle of four or more with both kept', () => {
    expect(movableRange(chars('研究表明'), 'han', both)).toEqual([1, 3]);
    expect(movableRange(chars('中华人民共和国'), 'han', both)).toEqual([1, 6]);
  });

  it('skips words whose movable characters are all alike', () => {
    expect(movableRange(chars('哈哈'), 'han', none)).toBeUndefined();
    expect(movableRange(chars('好哈哈'), 'han', first)).toBeUndefined();
    expect(movableRange(chars('哈哈好'), 'han', first)).toEqual([1, 3]);
  });

  it('always keeps both ends of Latin words, whatever the Chinese options', () => {
    expect(movableRange(chars('read'), 'latin', none)).toEqual([1, 3]);
    expect(movableRange(chars('the'), 'latin', none)).toBeUndefined();
    expect(movableRange(chars('book'), 'latin', none)).toBeUndefined();
  });

  it('counts code points, so a supplementary-plane character is one', () => {
    expect(movableRange(chars('𠮷野'), 'han', none)).toEqual([0, 2]);
  });
});

describe('disorderText', () => {
  it('reproduces the same output for the same input, seed and options', () => {
    expect(run(MIXED, { seed: 'abc', latin: true })).toEqual(run(MIXED, { seed: 'abc', latin: true }));
  });

  it('gives different outputs for different seeds', () => {
    // Two movable characters have one other order only, so compare over words with many orders:
    // 共和国 and 一定能 (5 each, keepFirst off) and "comprehension" (11 inner letters).
    const outputs = new Set(['a', 'b', 'c', 'd', 'e'].map((seed) => run(MIXED, { latin: true, seed }).text));
    expect(outputs.size).toBe(5);
  });

  it('changes the text with the default options', () => {
    const result = run(SAMPLE);
    expect(result.text).not.toBe(SAMPLE);
    expect(result.shuffled).toBe(result.eligible);
    expect(result.eligible).toBeGreaterThan(10);
  });

  it('shuffles within each word: the same characters, and every eligible word differs', () => {
    for (const options of [{}, { keepFirst: true }, { keepFirst: true, keepLast: true }, { latin: true }]) {
      const { text } = run(MIXED, options);
      expect(text).toHaveLength(MIXED.length);
      for (const pair of pairs(MIXED, text)) {
        expect(sorted(pair.after)).toBe(sorted(pair.text));
        const movable =
          (pair.kind === 'han' || (pair.kind === 'latin' && 'latin' in options)) &&
          movableRange(Array.from(pair.text), pair.kind, { ...DEFAULT_OPTIONS, ...options });
        if (movable) expect(pair.after, pair.text).not.toBe(pair.text);
        else expect(pair.after).toBe(pair.text);
      }
    }
  });

  it('keeps the first and the last character when asked', () => {
    const { text } = run(SAMPLE, { keepFirst: true, keepLast: true });
    for (const pair of pairs(SAMPLE, text)) {
      const [before, after] = [Array.from(pair.text), Array.from(pair.after)];
      expect(after[0]).toBe(before[0]);
      expect(after.at(-1)).toBe(before.at(-1));
    }
    const firstOnly = run(SAMPLE, { keepFirst: true }).text;
    for (const pair of pairs(SAMPLE, firstOnly)) expect(Array.from(pair.after)[0]).toBe(Array.from(pair.text)[0]);
  });

  it('scrambles Latin words only with the option, keeping their first and last letters', () => {
    const off = run(MIXED);
    const on = run(MIXED, { latin: true });
    const latinOff = pairs(MIXED, off.text).filter((pair) => pair.kind === 'latin');
    expect(latinOff.every((pair) => pair.after === pair.text)).toBe(true);
    const latinOn = pairs(MIXED, on.text).filter((pair) => pair.kind === 'latin');
    const reading = latinOn.find((pair) => pair.text === 'reading');
    expect(reading?.after).not.toBe('reading');
    for (const pair of latinOn) {
      expect(pair.after[0]).toBe(pair.text[0]);
      expect(pair.after.at(-1)).toBe(pair.text.at(-1));
    }
  });

  it('leaves punctuation, numbers, URLs and emails exactly in place', () => {
    const { text } = run(MIXED, { latin: true });
    for (const pair of pairs(MIXED, text)) if (pair.kind === 'other' || pair.kind === 'protected') expect(pair.after).toBe(pair.text);
    expect(text).toContain('https://example.com/reading/path?q=');
    expect(text).toContain('www.example.org/comprehension');
    expect(text).toContain('reader.name+tag@mail.example.cn');
    expect(text).toContain('1949');
    expect(text).toContain('2.5!');
    const punctuation = /[\p{P}\s\d]/u;
    Array.from(MIXED).forEach((char, index) => {
      if (punctuation.test(char)) expect(Array.from(text)[index]).toBe(char);
    });
  });

  it('is the identity at intensity 0', () => {
    const result = run(MIXED, { intensity: 0, latin: true });
    expect(result.text).toBe(MIXED);
    expect(result.shuffled).toBe(0);
    expect(result.eligible).toBeGreaterThan(0);
  });

  it('shuffles about the requested share of words, and raising it keeps earlier shuffles', () => {
    const text = SAMPLE.repeat(40);
    const half = run(text, { intensity: 50 });
    expect(half.shuffled / half.eligible).toBeGreaterThan(0.4);
    expect(half.shuffled / half.eligible).toBeLessThan(0.6);
    const full = pairs(text, run(text, { intensity: 100 }).text);
    pairs(text, half.text).forEach((pair, index) => {
      if (pair.after !== pair.text) expect(full[index]!.after).toBe(pair.after);
    });
  });

  it('leaves text without Chinese or Latin words alone', () => {
    expect(run('123，。！？ 😀 ——').text).toBe('123，。！？ 😀 ——');
    expect(run('').text).toBe('');
  });

  it('handles 100 KB of text quickly', () => {
    const text = MIXED.repeat(Math.ceil(100_000 / MIXED.length));
    run(text.slice(0, 1000));
    const started = performance.now();
    const result = run(text, { latin: true });
    const elapsed = performance.now() - started;
    console.info(`text-disorder: ${text.length} UTF-16 units in ${elapsed.toFixed(0)} ms`);
    expect(result.text).toHaveLength(text.length);
    // About 100–250 ms here (2 cores shared with other jobs), most of it Intl.Segmenter itself;
    // the bound is loose for loaded CI machines yet fails an accidental quadratic pass.
    expect(elapsed).toBeLessThan(1000);
  });

  it('stays linear on long runs without spaces (base64, hashes, dotted or @ chains)', () => {
    // Each of these once made the URL / email / domain pattern rescan the run from every
    // position: 20 KB of base64 took ~15 s, freezing the page.
    const runs = [
      'QUJD'.repeat(5000),
      'QU+D/J='.repeat(3000),
      'a.'.repeat(10000) + '1',
      'a@'.repeat(10000),
      'a+'.repeat(10000),
      'a-'.repeat(10000),
    ];
    for (const blob of runs) {
      const text = `附件：${blob} 研究表明`;
      const started = performance.now();
      const result = run(text, { latin: true });
      const elapsed = performance.now() - started;
      expect(result.text).toHaveLength(text.length);
      expect(elapsed, blob.slice(0, 8)).toBeLessThan(500);
    }
    // Protection is unchanged: still found from where the run starts.
    const kept = tokenize('见 ...baidu.com 或 x.y.example.org/a 和 a.b+c@mail.example.cn')
      .filter((token) => token.kind === 'protected')
      .map((token) => token.text);
    expect(kept).toEqual(['baidu.com', 'x.y.example.org/a', 'a.b+c@mail.example.cn']);
  });
});

describe('helpers', () => {
  it('the generator is deterministic and spread over [0, 1)', () => {
    const a = createRng('seed');
    const b = createRng('seed');
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(values.reduce((sum, value) => sum + value, 0) / values.length).toBeCloseTo(0.5, 1);
    expect(createRng('other')()).not.toBe(createRng('seed')());
  });

  it('counts characters as code points', () => {
    expect(countCharacters('汉字𠮷a')).toBe(4);
    expect(countCharacters('')).toBe(0);
  });

  it('makes short, varied seeds', () => {
    const seeds = new Set(Array.from({ length: 20 }, newSeed));
    expect(seeds.size).toBe(20);
    for (const seed of seeds) expect(seed).toMatch(/^[a-z2-9]{6}$/);
  });
});
