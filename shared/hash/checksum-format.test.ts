import { describe, expect, it } from 'vitest';
import {
  algorithmsForHexLength,
  compareWithExpected,
  displayDigest,
  formatSumLine,
  formatTagLine,
  parseExpectedHashes,
} from './checksum-format';

const md5 = '5d41402abc4b2a76b9719d911017c592';
const sha256 = '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824';

describe('format', () => {
  it('writes sha256sum lines and escapes names like coreutils', () => {
    expect(formatSumLine(md5, 'a b.txt')).toBe(`${md5}  a b.txt`);
    expect(formatSumLine(md5, 'a\\b\nc')).toBe(`\\${md5}  a\\\\b\\nc`);
    expect(formatTagLine('sha256', sha256, 'x')).toBe(`SHA256 (x) = ${sha256}`);
  });

  it('switches case for display', () => {
    expect(displayDigest('abc', true)).toBe('ABC');
    expect(displayDigest('ABC', false)).toBe('abc');
  });

  it('maps digest lengths to algorithms', () => {
    expect(algorithmsForHexLength(8)).toEqual(['crc32']);
    expect(algorithmsForHexLength(64)).toEqual(['sha256', 'sm3']);
    expect(algorithmsForHexLength(10)).toEqual([]);
  });
});

describe('parseExpectedHashes', () => {
  it('reads a bare digest in any case, with 0x or separators', () => {
    expect(parseExpectedHashes(` ${md5.toUpperCase()} `).entries).toEqual([{ hex: md5, algorithms: ['md5'] }]);
    expect(parseExpectedHashes('0xCBF43926').entries[0]?.algorithms).toEqual(['crc32']);
    expect(parseExpectedHashes('cb:f4:39:26').entries[0]?.hex).toBe('cbf43926');
  });

  it('reads sha256sum, binary-mode and tagged lines with names, and reads back what it writes', () => {
    const text = [
      formatSumLine(sha256, 'a.txt'),
      `${md5} *b.bin`,
      formatTagLine('sha256', sha256, 'c (1).txt'),
      formatSumLine(md5, 'x\\y'),
    ].join('\n');
    expect(parseExpectedHashes(text)).toEqual({
      entries: [
        { hex: sha256, algorithms: ['sha256', 'sm3'], name: 'a.txt' },
        { hex: md5, algorithms: ['md5'], name: 'b.bin' },
        { hex: sha256, algorithms: ['sha256'], name: 'c (1).txt' },
        { hex: md5, algorithms: ['md5'], name: 'x\\y' },
      ],
      unreadable: 0,
    });
  });

  it('counts lines it cannot read instead of guessing', () => {
    expect(parseExpectedHashes('hello\n\n# comment\nabc123')).toEqual({ entries: [], unreadable: 2 });
    expect(parseExpectedHashes('MD5 (a) = 1234').unreadable).toBe(1);
  });
});

describe('compareWithExpected', () => {
  const digests = { md5, sha256 };
  it('matches whichever computed algorithm has that length', () => {
    expect(compareWithExpected('f', digests, parseExpectedHashes(md5.toUpperCase()).entries)).toMatchObject({
      status: 'match',
      algorithm: 'md5',
    });
    expect(compareWithExpected('f', { sm3: sha256 }, parseExpectedHashes(sha256).entries)).toMatchObject({
      status: 'match',
      algorithm: 'sm3',
    });
  });

  it('reports a mismatch, or that the algorithm was not computed', () => {
    expect(compareWithExpected('f', digests, parseExpectedHashes('0'.repeat(32)).entries)).toMatchObject({
      status: 'mismatch',
      algorithms: ['md5'],
    });
    expect(compareWithExpected('f', digests, parseExpectedHashes('0'.repeat(128)).entries)).toMatchObject({
      status: 'not-computed',
      algorithms: ['sha512'],
    });
  });

  it('uses the line naming the file when a list was pasted, and ignores other files’ lines', () => {
    const list = parseExpectedHashes(`${'0'.repeat(32)}  other.txt\n${md5}  f`).entries;
    expect(compareWithExpected('f', digests, list)).toMatchObject({ status: 'match' });
    expect(compareWithExpected('g', digests, list)).toBeUndefined();
  });
});
