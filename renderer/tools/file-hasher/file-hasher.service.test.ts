import { describe, expect, it } from 'vitest';
import { HashCancelledError } from '@shared/contracts/hash';
import { parseExpectedHashes } from '@shared/hash/checksum-format';
import {
  classifyHashError,
  exportFileName,
  formatDuration,
  formatExport,
  formatSpeed,
  missingAlgorithms,
  orderAlgorithms,
} from './file-hasher.service';

const md5 = '5d41402abc4b2a76b9719d911017c592';
const sha256 = '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824';
const rows = [{ name: 'hello.txt', digests: { md5, sha256 } }, { name: 'failed.bin' }, { name: 'only-md5.bin', digests: { md5 } }];

describe('formatExport', () => {
  it('writes sha256sum-compatible lines for one algorithm, skipping rows without that digest', () => {
    expect(formatExport(rows, 'sha256')).toBe(`${sha256}  hello.txt\n`);
    expect(formatExport(rows, 'md5')).toBe(`${md5}  hello.txt\n${md5}  only-md5.bin\n`);
  });

  it('writes tagged lines for all algorithms, upper-cased on request', () => {
    expect(formatExport(rows, 'all', true)).toBe(
      `MD5 (hello.txt) = ${md5.toUpperCase()}\nSHA256 (hello.txt) = ${sha256.toUpperCase()}\nMD5 (only-md5.bin) = ${md5.toUpperCase()}\n`,
    );
  });

  it('exports nothing when nothing is done, and names the file like SHA256SUMS', () => {
    expect(formatExport([{ name: 'x' }], 'all')).toBe('');
    expect(exportFileName('sha256')).toBe('SHA256SUMS.txt');
    expect(exportFileName('all')).toBe('CHECKSUMS.txt');
  });

  it('produces text the compare box reads back', () => {
    const { entries, unreadable } = parseExpectedHashes(formatExport(rows, 'all'));
    expect(unreadable).toBe(0);
    expect(entries).toContainEqual({ hex: sha256, algorithms: ['sha256'], name: 'hello.txt' });
  });
});

describe('formatting', () => {
  it('formats durations and speeds', () => {
    expect(formatDuration(42.4)).toBe('42 ms');
    expect(formatDuration(1530)).toBe('1.5 s');
    expect(formatDuration(125_000)).toBe('2:05');
    expect(formatSpeed(200 * 1024 * 1024, 1000)).toBe('200 MB');
    expect(formatSpeed(1024, 0)).toBe('1 KB');
  });

  it('orders algorithms canonically', () => {
    expect(orderAlgorithms(['sm3', 'md5', 'crc32'])).toEqual(['md5', 'crc32', 'sm3']);
  });

  it('lists selected algorithms a finished row lacks', () => {
    expect(missingAlgorithms({ md5 }, ['md5', 'sha1'])).toEqual(['sha1']);
    expect(missingAlgorithms(undefined, ['md5'])).toEqual([]);
  });
});

describe('classifyHashError', () => {
  it('tells cancels, unreadable files and the rest apart', () => {
    expect(classifyHashError(new HashCancelledError())).toBe('cancelled');
    expect(classifyHashError(new DOMException('x', 'NotReadableError'))).toBe('unreadable');
    expect(classifyHashError(new DOMException('x', 'NotFoundError'))).toBe('unreadable');
    expect(classifyHashError(new RangeError('Array buffer allocation failed'))).toBe('tooLarge');
    // The desktop's file-system failure, as it arrives through Electron IPC.
    expect(classifyHashError(new Error("Error invoking remote method 'hash:file': HashFileError: File not found: /tmp/gone.iso"))).toBe(
      'unreadable',
    );
    expect(classifyHashError(new Error('boom'))).toBe('unknown');
    expect(classifyHashError('boom')).toBe('unknown');
  });
});
