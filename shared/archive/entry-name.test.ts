import { describe, expect, it } from 'vitest';
import { decodeEntryName, decodeEntryNames } from './entry-name';

/** GBK bytes of a few characters, from the GB 2312 table. */
const GBK: Record<string, number[]> = { 中: [0xd6, 0xd0], 文: [0xce, 0xc4] };
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeEntryName', () => {
  it('reads flagged and unflagged UTF-8', () => {
    expect(decodeEntryName(utf8('文档/报告.txt'), true)).toBe('文档/报告.txt');
    expect(decodeEntryName(utf8('文档/报告.txt'), false)).toBe('文档/报告.txt');
  });

  it('reads GBK names written without the flag (Windows in China)', () => {
    const gbk = new Uint8Array([
      ...'中文'.split('').flatMap((char) => GBK[char]!),
      ...utf8('/会').subarray(0, 1),
      0xbb,
      0xe1,
      ...utf8('.docx'),
    ]);
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

/** GBK as Chinese Windows writes it (bytes from the GB 2312 table). */
const GBK_WORDS: Record<string, number[]> = {
  图片: [0xcd, 0xbc, 0xc6, 0xac],
  照片: [0xd5, 0xd5, 0xc6, 0xac],
  学习: [0xd1, 0xa7, 0xcf, 0xb0],
  目录: [0xc4, 0xbf, 0xc2, 0xbc],
  通知: [0xcd, 0xa8, 0xd6, 0xaa],
  系统: [0xcf, 0xb5, 0xcd, 0xb3],
};
/** `{图片}/a.txt` → GBK bytes for the braced words, ASCII for the rest. */
const gbk = (template: string) =>
  new Uint8Array(template.split(/[{}]/).flatMap((part, index) => (index % 2 ? GBK_WORDS[part]! : [...utf8(part)])));
const unflagged = (...raws: Uint8Array[]) => raws.map((raw) => ({ raw, utf8Flag: false }));

describe('decodeEntryNames (one encoding per archive)', () => {
  it('reads GBK names that happen to be valid UTF-8 as GBK when another name is not UTF-8 (no phantom "ͼƬ" folder)', () => {
    const names = unflagged(gbk('{图片}/'), gbk('{图片}/{照片}1.txt'));
    expect(new TextDecoder().decode(names[0]!.raw)).toBe('ͼƬ/');
    expect(decodeEntryNames(names)).toEqual(['图片/', '图片/照片1.txt']);
  });

  it('reads an archive whose GBK names are all valid UTF-8 as GBK', () => {
    expect(
      decodeEntryNames(unflagged(gbk('{图片}/'), gbk('{学习}/{目录}.txt'), gbk('{通知}.doc'), gbk('{系统}/readme.md'), utf8('plain.txt'))),
    ).toEqual(['图片/', '学习/目录.txt', '通知.doc', '系统/readme.md', 'plain.txt']);
    // Each alone too: 目录 reads "Ŀ¼" as UTF-8, 系统 "ϵͳ".
    for (const word of Object.keys(GBK_WORDS)) expect(decodeEntryNames(unflagged(gbk(`{${word}}/a.txt`)))).toEqual([`${word}/a.txt`]);
  });

  it('keeps real UTF-8 names without the flag (macOS, Linux zip): CJK, accented Latin, Cyrillic, Greek', () => {
    const names = ['文档/报告.txt', '图片/照片1.jpg'].map(utf8);
    expect(decodeEntryNames(unflagged(...names))).toEqual(['文档/报告.txt', '图片/照片1.jpg']);
    // 2-byte UTF-8 whose GBK reading would also be common hanzi ("café" is "caf茅" in GBK): still UTF-8.
    for (const word of ['café.txt', 'Résumé/über.txt', 'kůň.txt', 'обед.txt', 'Ärger.doc', 'λόγος.txt', '½ price.txt']) {
      expect(decodeEntryNames(unflagged(utf8(word))), word).toEqual([word]);
    }
    expect(decodeEntryNames(unflagged(utf8('café/'), utf8('café/menu.txt'), utf8('Документы/отчёт.txt')))).toEqual([
      'café/',
      'café/menu.txt',
      'Документы/отчёт.txt',
    ]);
  });

  it('reads flagged names as UTF-8 whatever the unflagged ones are, and mixes both in one archive', () => {
    const names = [
      { raw: utf8('说明.txt'), utf8Flag: true },
      { raw: gbk('{图片}/'), utf8Flag: false },
      { raw: utf8('ͼƬ.txt'), utf8Flag: true },
      { raw: gbk('{图片}/{照片}.png'), utf8Flag: false },
    ];
    expect(decodeEntryNames(names)).toEqual(['说明.txt', '图片/', 'ͼƬ.txt', '图片/照片.png']);
  });

  it('falls back per name when the archive is in neither encoding', () => {
    const decoded = decodeEntryNames(unflagged(new Uint8Array([0xff, 0xfe, 0x81, 0x41]), gbk('{图片}.txt')));
    expect(decoded[0]).toHaveLength(4);
    expect(decoded[0]).not.toContain('\ufffd');
    expect(decoded[1]).toBe('图片.txt');
  });
});
