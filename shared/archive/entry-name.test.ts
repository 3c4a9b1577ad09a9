import { describe, expect, it } from 'vitest';
import { decodeEntryName } from './entry-name';

/** GBK bytes of a few characters, from the GB 2312 table. */
const GBK: Record<string, number[]> = { 中: [0xd6, 0xd0], 文: [0xce, 0xc4] };
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeEntryName', () => {
  it('reads flagged and unflagged UTF-8', () => {
    expect(decodeEntryName(utf8('文档/报告.txt'), true)).toBe('文档/报告.txt');
    expect(decodeEntryName(utf8('文档/报告.txt'), false)).toBe('文档/报告.txt');
  });

  it('reads GBK names written without the flag (Windows in China)', () => {
    const gbk = new Uint8Array([...'中文'.split('').flatMap((char) => GBK[char]!), ...utf8('/会').subarray(0, 1), 0xbb, 0xe1, ...utf8('.docx')]);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(gbk)).toThrow();
    expect(decodeEntryName(gbk, false)).toBe('中文/会.docx');
  });

  it('keeps ASCII as is, and reads bytes that are neither UTF-8 nor GBK one character each, never as replacement characters', () => {
    expect(decodeEntryName(utf8('plain/name.txt'), false)).toBe('plain/name.txt');
    // 0xFF cannot start a GBK character, so GBK fails and ISO-8859-1 (WHATWG: windows-1252) reads it.
    const other = decodeEntryName(new Uint8Array([0xff, 0xfe, 0x81, 0x41]), false);
    expect(other).toHaveLength(4);
    expect(other).not.toContain('\ufffd');
  });
});
