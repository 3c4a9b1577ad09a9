import { describe, expect, it } from 'vitest';
import { chainSchema, createStep, MAX_RESULT_LENGTH, parseStoredChain } from './chain-schema';
import type { Step, StepOf, StepType } from './chain-schema';
import { loadChineseConverter } from './chinese-convert';
import {
  applyChain,
  ChainError,
  chineseModesOf,
  hasUserRegex,
  lineEndingAfterPaste,
  lineEndingOf,
  OUTPUT_PREVIEW_CHARS,
  outputPreview,
  regexError,
  seededRandom,
  statsWithLineEnding,
  toLf,
  withLineEnding,
} from './text-assistant.service';
import { computeStats } from './stats';

let ids = 0;
function step<T extends StepType>(type: T, options: Partial<Omit<StepOf<T>, 'id' | 'type'>> = {}): StepOf<T> {
  ids += 1;
  return { ...createStep(type, `step-${ids}`), ...options };
}
const run = (text: string, ...steps: Step[]) => applyChain(text, steps).text;

describe('full-width ↔ half-width', () => {
  const half = (options: Partial<StepOf<'width'>> = {}) => step('width', { direction: 'toHalf', ...options });
  const full = (options: Partial<StepOf<'width'>> = {}) => step('width', { direction: 'toFull', ...options });

  it('maps U+FF01–U+FF5E to ASCII and the ideographic space U+3000 to a space', () => {
    expect(run('ＡＢＣ１２３ａｂｃ！＃～', half())).toBe('ABC123abc!#~');
    expect(run('中文\u3000空格', half())).toBe('中文 空格');
    expect(run('ABC123abc!#~ x', full())).toBe('ＡＢＣ１２３ａｂｃ！＃～\u3000ｘ');
  });

  it('round-trips every printable ASCII character', () => {
    const ascii = Array.from({ length: 0x5f }, (_, index) => String.fromCharCode(0x20 + index)).join('');
    const widened = run(ascii, full());
    expect(widened).not.toMatch(/[\x20-\x7e]/);
    expect(run(widened, half())).toBe(ascii);
  });

  it('switches letters and digits, punctuation and spaces separately', () => {
    // The usual Chinese wish: ＡＢＣ１２３ half-width, the ，！ and the ideographic space kept.
    expect(run('型号：ＡＢ－１２，好！\u3000完', half({ punctuation: false, space: false }))).toBe('型号：AB－12，好！\u3000完');
    expect(run('ＡＢ，\u3000', half({ alnum: false, space: false }))).toBe('ＡＢ,\u3000');
    expect(run('a, b', full({ alnum: false, punctuation: false }))).toBe('a,\u3000b');
  });

  it('leaves CJK punctuation alone unless asked, then maps it to its ASCII look-alike', () => {
    const text = '他说：“你好。”《书名》、【注】……——';
    expect(run(text, half())).toBe('他说:“你好。”《书名》、【注】……——');
    expect(run(text, half({ cjkPunctuation: true }))).toBe('他说:"你好."<书名>,[注]......--');
    // There is no full-width form of 。 to go back to: toFull never invents one.
    expect(run('.', full())).toBe('．');
  });

  it('converts the full-width currency signs ￠￡￢￣￤￥￦ both ways', () => {
    expect(run('￥100 ￡5', half())).toBe('¥100 £5');
    expect(run('¥¢£¬¯¦₩', full())).toBe('￥￠￡￢￣￤￦');
  });

  it('keeps emoji, halfwidth katakana and other characters untouched', () => {
    expect(run('👍🏽ｶﾀｶﾅ', half())).toBe('👍🏽ｶﾀｶﾅ');
    expect(run('👍🏽', full())).toBe('👍🏽');
  });
});

describe('case', () => {
  const cased = (text: string, mode: StepOf<'case'>['mode']) => run(text, step('case', { mode }));

  it('upper, lower, title, sentence and swap', () => {
    expect(cased('hello World ß', 'upper')).toBe('HELLO WORLD SS');
    expect(cased('Hello WORLD', 'lower')).toBe('hello world');
    expect(cased("hello wORLD, it's 中文 text", 'title')).toBe("Hello World, It's 中文 Text");
    expect(cased('HELLO there. how ARE you? fine！ok\nnext line', 'sentence')).toBe('Hello there. How are you? Fine！Ok\nNext line');
    expect(cased('Hello World', 'swap')).toBe('hELLO wORLD');
  });

  it('identifier styles per line, splitting acronyms and digits', () => {
    const text = 'XMLHttpRequest v2\nuser name\n\nsome-thing_else';
    expect(cased(text, 'camel')).toBe('xmlHttpRequestV2\nuserName\n\nsomeThingElse');
    expect(cased(text, 'pascal')).toBe('XmlHttpRequestV2\nUserName\n\nSomeThingElse');
    expect(cased(text, 'snake')).toBe('xml_http_request_v_2\nuser_name\n\nsome_thing_else');
    expect(cased(text, 'kebab')).toBe('xml-http-request-v-2\nuser-name\n\nsome-thing-else');
    expect(cased(text, 'constant')).toBe('XML_HTTP_REQUEST_V_2\nUSER_NAME\n\nSOME_THING_ELSE');
  });
});

describe('line operations keep the line ending and the final newline', () => {
  it('dedupes CRLF text and returns CRLF', () => {
    expect(run('b\r\na\r\nb\r\n', step('dedupe'))).toBe('b\r\na\r\n');
    expect(run('A\nа\na \n a\n', step('dedupe', { ignoreCase: true, ignoreSpaces: true }))).toBe('A\nа\n');
  });

  it('reports how many duplicates it removed', () => {
    const dedupe = step('dedupe');
    expect(applyChain('x\nx\ny\nx', [dedupe]).reports).toEqual([{ id: dedupe.id, count: 2 }]);
  });

  it('sorts by pinyin, naturally, by code point and by length', () => {
    expect(run('赵\n张\n李\n王', step('sort'))).toBe('李\n王\n张\n赵');
    expect(run('file10\nfile2\nfile1', step('sort', { method: 'natural' }))).toBe('file1\nfile2\nfile10');
    expect(run('file10\nfile2\nfile1', step('sort', { method: 'pinyin' }))).toBe('file1\nfile10\nfile2');
    expect(run('b\nB\na\n😀\n\uffee', step('sort', { method: 'codepoint' }))).toBe('B\na\nb\n\uffee\n😀');
    expect(run('ccc\n👨‍👩‍👧\nbb', step('sort', { method: 'length' }))).toBe('👨‍👩‍👧\nbb\nccc');
    expect(run('a\nc\nb\n', step('sort', { descending: true }))).toBe('c\nb\na\n');
  });

  it('reverses lines, or all characters without breaking emoji, accents or CRLF', () => {
    expect(run('1\r\n2\r\n3', step('reverse'))).toBe('3\r\n2\r\n1');
    expect(run('ab👨‍👩‍👧e\u0301\r\nc', step('reverse', { what: 'characters' }))).toBe('c\r\ne\u0301👨‍👩‍👧ba');
  });

  it('shuffles reproducibly: the same seed gives the same order, every line kept', () => {
    const text = Array.from({ length: 50 }, (_, index) => `line ${index}`).join('\n');
    const first = run(text, step('shuffle', { seed: 'abc' }));
    expect(first).not.toBe(text);
    expect(run(text, step('shuffle', { seed: 'abc' }))).toBe(first);
    expect(run(text, step('shuffle', { seed: 'abd' }))).not.toBe(first);
    expect(first.split('\n').sort()).toEqual(text.split('\n').sort());
    const random = seededRandom('x');
    expect(Array.from({ length: 1000 }, random).every((value) => value >= 0 && value < 1)).toBe(true);
  });

  it('trims both ends, one end, and collapses inner spaces (U+3000 included)', () => {
    const text = '  a  b \t\n\u3000\u3000段落\u3000';
    expect(run(text, step('trim'))).toBe('a  b\n段落');
    expect(run(text, step('trim', { where: 'start' }))).toBe('a  b \t\n段落\u3000');
    expect(run(text, step('trim', { where: 'end' }))).toBe('  a  b\n\u3000\u3000段落');
    expect(run(text, step('trim', { collapseSpaces: true }))).toBe('a b\n段落');
  });

  it('removes blank lines, or squeezes them to one between paragraphs', () => {
    const text = '\n\na\n \n\u3000\n\nb\r\n\n';
    expect(run(text, step('removeBlank'))).toBe('a\nb\n');
    expect(run('p1\r\n\r\n\r\np2\r\n\r\n', step('removeBlank', { keepSingle: true }))).toBe('p1\r\n\r\np2\r\n');
  });

  it('treats empty text as no lines at all', () => {
    expect(run('', step('affix', { prefix: '- ' }), step('sort'), step('join'))).toBe('');
  });
});

describe('find and replace', () => {
  it('replaces literally, $1 included, and counts the matches', () => {
    const replace = step('replace', { find: 'a.b', replace: '$1' });
    const result = applyChain('a.b axb A.B', [replace]);
    expect(result.text).toBe('$1 axb A.B');
    expect(result.reports[0]?.count).toBe(1);
    expect(run('A.B a.b', step('replace', { find: 'a.b', replace: 'x', caseSensitive: false }))).toBe('x x');
  });

  it('uses groups ($1, $<name>, $&) and \\n in regex mode', () => {
    expect(run('2024-01-31', step('replace', { find: '(\\d+)-(\\d+)-(\\d+)', replace: '$3/$2/$1', regex: true }))).toBe('31/01/2024');
    expect(run('张三 13800138000', step('replace', { find: '(?<name>\\S+) (?<tel>\\d+)', replace: '$<tel>: $<name>', regex: true }))).toBe(
      '13800138000: 张三',
    );
    expect(run('a,b,c', step('replace', { find: ',', replace: '\\n', regex: true }))).toBe('a\nb\nc');
    expect(run('ab', step('replace', { find: '\\w', replace: '[$&]', regex: true }))).toBe('[a][b]');
  });

  it('matches ^ and $ per line, CRLF included, and Unicode properties', () => {
    expect(run('a\r\nb', step('replace', { find: '^', replace: '> ', regex: true }))).toBe('> a\r\n> b');
    expect(run('a \r\nb \r\n', step('replace', { find: ' $', replace: '', regex: true }))).toBe('a\r\nb\r\n');
    expect(run('a,b\r\nc', step('replace', { find: ',', replace: '\\n', regex: true }))).toBe('a\r\nb\r\nc');
    expect(run('a\r\nb', step('replace', { find: '\\n', replace: ' ', regex: true }))).toBe('a b');
    expect(run('中文abc', step('replace', { find: '\\p{Script=Han}', replace: '字', regex: true }))).toBe('字字abc');
    expect(run('😀x', step('replace', { find: '.', replace: '-', regex: true }))).toBe('--');
  });

  it('reports an invalid pattern as a ChainError with the step number, never crashes', () => {
    const steps = [step('trim'), step('replace', { find: '(unclosed', regex: true })];
    expect(() => applyChain('text', steps)).toThrow(ChainError);
    try {
      applyChain('text', steps);
    } catch (error) {
      expect(error).toMatchObject({ code: 'invalidRegex', stepIndex: 1 });
    }
    expect(regexError('(unclosed')).toMatch(/Invalid regular expression/);
    expect(regexError('(ok)')).toBeNull();
    // The same text is fine as a literal search.
    expect(run('a(unclosed', step('replace', { find: '(unclosed', replace: '!' }))).toBe('a!');
  });

  it('knows which chains run a user regex (the only ones given a time limit)', () => {
    expect(hasUserRegex([step('replace', { find: 'a+', regex: true })])).toBe(true);
    expect(hasUserRegex([step('filter', { pattern: '^x', regex: true })])).toBe(true);
    expect(hasUserRegex([step('replace', { find: 'a+', regex: false }), step('chinese'), step('sort')])).toBe(false);
    expect(hasUserRegex([step('replace', { find: '', regex: true }), step('replace', { find: 'a', regex: true, enabled: false })])).toBe(
      false,
    );
  });

  it('does nothing while the search is empty', () => {
    expect(run('abc', step('replace', { find: '', replace: 'x', regex: true }))).toBe('abc');
  });
});

describe('filter, affix, join, extract', () => {
  it('keeps or drops matching lines', () => {
    const text = 'apple\nBanana\ncherry\n';
    expect(run(text, step('filter', { pattern: 'an' }))).toBe('Banana\n');
    expect(run(text, step('filter', { pattern: 'AN', caseSensitive: false, keep: false }))).toBe('apple\ncherry\n');
    expect(run(text, step('filter', { pattern: '^[ab]', regex: true, caseSensitive: false }))).toBe('apple\nBanana\n');
  });

  it('adds a prefix and suffix to each line, optionally skipping blank ones', () => {
    expect(run('a\r\n\r\nb\r\n', step('affix', { prefix: '- ', suffix: ';' }))).toBe('- a;\r\n- ;\r\n- b;\r\n');
    expect(run('a\n\nb', step('affix', { prefix: '"', suffix: '",', skipBlank: true }))).toBe('"a",\n\n"b",');
  });

  it('joins lines with a separator', () => {
    expect(run('a\r\nb\r\nc\r\n', step('join', { separator: ', ' }))).toBe('a, b, c');
    expect(run('a\nb', step('join', { separator: '' }))).toBe('ab');
  });

  it('extracts numbers, with signs only at a word start', () => {
    const text = '共 1,234.5 元，气温 -5 度，2024-01-02，版本 v1.2，3e-4，12,3456，ＡＢ１２';
    expect(run(text, step('extract'))).toBe(['1,234.5', '-5', '2024', '01', '02', '1.2', '3e-4', '12', '3456'].join('\n'));
  });

  it('extracts emails, URLs and mainland mobile numbers from Chinese text', () => {
    const text =
      '联系me.name+tag@example.com.cn或ADMIN@Example.org。见https://example.com/a?b=1&c=2，或 www.example.cn/路径（备用 http://x.io/p）.\n电话：13800138000、+86 139-0000-0000、+8613912345678、12345678901';
    expect(run(text, step('extract', { kind: 'emails' }))).toBe('me.name+tag@example.com.cn\nADMIN@Example.org');
    expect(run(text, step('extract', { kind: 'urls' }))).toBe('https://example.com/a?b=1&c=2\nwww.example.cn/\nhttp://x.io/p');
    expect(run(text, step('extract', { kind: 'mobiles' }))).toBe('13800138000\n+8613912345678');
  });

  it('extracts unique results when asked and counts them', () => {
    const extract = step('extract', { kind: 'numbers', unique: true });
    expect(applyChain('1 2 1 3 2', [extract])).toEqual({ text: '1\n2\n3', reports: [{ id: extract.id, count: 3 }] });
  });
});

describe('applyChain', () => {
  it('runs enabled steps in order and skips disabled ones', () => {
    const steps = [step('trim'), step('dedupe'), step('case', { mode: 'upper', enabled: false }), step('affix', { prefix: '* ' })];
    expect(applyChain(' b\na \nb', steps).text).toBe('* b\n* a');
    // Order matters: prefixing first makes the lines unequal before deduping.
    expect(applyChain('a\na', [step('affix', { prefix: '1' }), step('dedupe')]).text).toBe('1a');
  });

  it('converts simplified ↔ traditional with the real OpenCC dictionaries', async () => {
    const convert = async (mode: StepOf<'chinese'>['mode'], text: string) => (await loadChineseConverter(mode))(text);
    expect(await convert('s2t', '汉语头发')).toBe('漢語頭髮');
    expect(await convert('s2twp', '鼠标和软件')).toBe('滑鼠和軟體');
    expect(await convert('s2hk', '里面')).toBe('裏面');
    expect(await convert('t2s', '漢語頭髮')).toBe('汉语头发');
    expect(await convert('tw2sp', '滑鼠和軟體')).toBe('鼠标和软件');
    expect(await convert('hk2s', '裏面')).toBe('里面');
  });

  it('runs a three-step chain with a converter passed in, as the worker does', async () => {
    const s2t = await loadChineseConverter('s2t');
    const steps = [step('chinese'), step('dedupe'), step('affix', { prefix: '- ' })];
    expect(chineseModesOf(steps)).toEqual(['s2t']);
    expect(applyChain('简体中文\n简体中文\n后来\n', steps, { convertChinese: () => s2t('简体中文\n简体中文\n后来\n') }).text).toBe(
      '- 簡體中文\n- 後來\n',
    );
    expect(() => applyChain('x', steps)).toThrow(expect.objectContaining({ code: 'converterMissing', stepIndex: 0 }));
  });

  it('stops before building a result over the size limit', () => {
    const text = 'x\n'.repeat(100_000);
    const prefix = 'p'.repeat(2000);
    expect(() => applyChain(text, [step('affix', { prefix, suffix: prefix }), step('affix', { prefix, suffix: prefix })])).toThrow(
      expect.objectContaining({ code: 'resultTooLarge' }),
    );
    expect(MAX_RESULT_LENGTH).toBeGreaterThan(20 * 1024 * 1024);
  });
});

describe('chain schema', () => {
  it('accepts what createStep makes and rejects unknown steps or options', () => {
    const steps = (
      [
        'case',
        'width',
        'chinese',
        'trim',
        'removeBlank',
        'dedupe',
        'sort',
        'reverse',
        'shuffle',
        'replace',
        'filter',
        'affix',
        'extract',
        'join',
      ] as const
    ).map((type) => step(type));
    expect(chainSchema.safeParse(steps)).toEqual({ success: true, data: steps });
    expect(chainSchema.safeParse([{ ...steps[0], mode: 'shout' }]).success).toBe(false);
    expect(chainSchema.safeParse([{ id: 'x', enabled: true, type: 'eval', code: 'alert(1)' }]).success).toBe(false);
  });

  it('keeps the valid steps of a damaged stored chain', () => {
    const good = step('dedupe');
    expect(parseStoredChain([good, { type: 'dedupe' }, 'junk', null])).toEqual([good]);
    expect(parseStoredChain('not an array')).toEqual([]);
  });

  it('gives each new shuffle step its own seed', () => {
    expect(createStep('shuffle', 'a1b2c3d4e5').seed).toBe('a1b2c3d4');
    expect(createStep('shuffle', 'id', 'fixed').seed).toBe('fixed');
  });
});

describe('outputPreview', () => {
  it('shows a long result only up to the preview length, never splitting an emoji', () => {
    expect(outputPreview('短文本')).toBe('短文本');
    const exact = 'a'.repeat(OUTPUT_PREVIEW_CHARS);
    expect(outputPreview(exact)).toBe(exact);
    const long = 'b'.repeat(OUTPUT_PREVIEW_CHARS + 10);
    expect(outputPreview(long)).toHaveLength(OUTPUT_PREVIEW_CHARS);
    // An emoji straddling the cut stays out whole rather than leaving half a surrogate pair.
    const straddling = `${'c'.repeat(OUTPUT_PREVIEW_CHARS - 1)}😀tail`;
    expect(outputPreview(straddling)).toBe('c'.repeat(OUTPUT_PREVIEW_CHARS - 1));
  });
});

describe('line endings a text box cannot keep', () => {
  it('calls a text CRLF only when every line break in it is CRLF', () => {
    expect(lineEndingOf('a\r\nb\r\n')).toBe('crlf');
    expect(lineEndingOf('a\r\n')).toBe('crlf');
    expect(lineEndingOf('a\nb\n')).toBe('lf');
    expect(lineEndingOf('one line')).toBe('lf');
    expect(lineEndingOf('')).toBe('lf');
    // Mixed or old-Mac endings: nothing consistent to restore.
    expect(lineEndingOf('a\r\nb\nc')).toBe('lf');
    expect(lineEndingOf('a\r\nb\rc')).toBe('lf');
    expect(lineEndingOf('a\rb\r')).toBe('lf');
  });

  it('keeps a CRLF text as the box does (LF) and gives copies and downloads their CRLF back', () => {
    const file = '第一行\r\n第二行\r\n';
    expect(toLf(file)).toBe('第一行\n第二行\n');
    // What the browser hands over after a keystroke in that box, LF only, with the steps run on it.
    const edited = applyChain('第一行X\n第二行\n第三行', [step('sort', { descending: true })]).text;
    expect(withLineEnding(edited, 'crlf')).toBe('第一行X\r\n第三行\r\n第二行');
    expect(withLineEnding('a\r\nb\n', 'crlf')).toBe('a\r\nb\r\n');
    expect(withLineEnding('a\nb\n', 'lf')).toBe('a\nb\n');
    expect(withLineEnding('a\r\nb\n', 'lf')).toBe('a\r\nb\n');
  });

  it('counts the bytes of the text as it will be saved: CRLF adds one per line break', () => {
    const file = '第一行\r\n第二行\r\nabc';
    const kept = statsWithLineEnding(computeStats(toLf(file)), 'crlf')!;
    const direct = computeStats(file);
    expect(kept.utf8Bytes).toBe(new TextEncoder().encode(file).length);
    expect([kept.utf8Bytes, kept.gbkBytes, kept.lines, kept.characters]).toEqual([
      direct.utf8Bytes,
      direct.gbkBytes,
      direct.lines,
      direct.characters,
    ]);
    const lf = computeStats('a\nb');
    expect(statsWithLineEnding(lf, 'lf')).toBe(lf);
    expect(statsWithLineEnding(computeStats('one line'), 'crlf')?.utf8Bytes).toBe(8);
    expect(statsWithLineEnding(computeStats(''), 'crlf')?.utf8Bytes).toBe(0);
    expect(statsWithLineEnding(undefined, 'crlf')).toBeUndefined();
  });

  it('takes the ending of a paste that replaces everything or brings the first line breaks', () => {
    expect(lineEndingAfterPaste('lf', '', '甲\r\n乙\r\n', false)).toBe('crlf');
    expect(lineEndingAfterPaste('lf', 'old\ntext', '甲\r\n乙', true)).toBe('crlf');
    expect(lineEndingAfterPaste('crlf', 'old\ntext', '甲\n乙', true)).toBe('lf');
    expect(lineEndingAfterPaste('crlf', 'old\ntext', 'one line', true)).toBe('lf');
    expect(lineEndingAfterPaste('lf', 'single line', 'x\r\ny', false)).toBe('crlf');
    // Lines pasted into a text take that text's ending.
    expect(lineEndingAfterPaste('crlf', 'a\nb', 'x\ny', false)).toBe('crlf');
    expect(lineEndingAfterPaste('lf', 'a\nb', 'x\r\ny', false)).toBe('lf');
    expect(lineEndingAfterPaste('crlf', 'a\nb', 'word', false)).toBe('crlf');
  });
});
