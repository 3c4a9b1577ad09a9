import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, gbk, guessDelimiter, parseDelimited, toDelimited, utf8WithBom } from './csv';

const TEXT = '城市,人口,备注\r\n北京,2189,首都\r\n上海,2487,"直辖市,沿海"\r\n广州,1868,"说""花城"""\r\n';

describe('excel csv', () => {
  it('decodes GBK, Big5 and UTF-8 with BOM through the encoding detector', () => {
    expect(decodeCsvBytes(new Uint8Array(iconv.encode(TEXT, 'gbk')))).toEqual({ text: TEXT, encoding: 'GBK' });
    const big5 = '城市,人口\r\n臺北市,2602000\r\n高雄市,2765000\r\n新北市,4000000\r\n';
    expect(decodeCsvBytes(new Uint8Array(iconv.encode(big5, 'big5')))?.text).toBe(big5);
    expect(decodeCsvBytes(utf8WithBom(TEXT))?.text).toBe(TEXT);
    expect(decodeCsvBytes(new Uint8Array([0, 1, 2, 0, 0, 0, 255, 0, 3, 0, 0, 0, 9, 0, 0, 0]))).toBeNull();
  });

  it('parses quotes, doubled quotes, delimiters and line breaks inside fields', () => {
    expect(parseDelimited(TEXT, ',')).toEqual([
      ['城市', '人口', '备注'],
      ['北京', '2189', '首都'],
      ['上海', '2487', '直辖市,沿海'],
      ['广州', '1868', '说"花城"'],
    ]);
    expect(parseDelimited('a,"b\nc"\rd,e', ',')).toEqual([
      ['a', 'b\nc'],
      ['d', 'e'],
    ]);
  });

  it('guesses the delimiter from the first line, tab for .tsv', () => {
    expect(guessDelimiter('a;b;c\n1;2;3', 'x.csv')).toBe(';');
    expect(guessDelimiter('a\tb\n', 'x.csv')).toBe('\t');
    expect(guessDelimiter('a,b\n', 'x.tsv')).toBe('\t');
    expect(guessDelimiter('"a;b",c\n', 'x.csv')).toBe(',');
  });

  it('writes what it reads back, with CRLF and quotes where needed', () => {
    const rows = parseDelimited(TEXT, ',');
    expect(toDelimited(rows)).toBe(TEXT.replace(/\r\n$/, ''));
    expect(
      toDelimited([
        ['a', '', ''],
        [' lead', 'x'],
      ]),
    ).toBe('a\r\n" lead",x');
  });

  it('writes UTF-8 with a BOM, and GBK that GBK readers read', async () => {
    expect([...utf8WithBom('a').slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x61]);
    const bytes = await gbk('北京,首都');
    expect(iconv.decode(Buffer.from(bytes), 'gbk')).toBe('北京,首都');
    expect(bytes.length).toBe(9);
  });
});
