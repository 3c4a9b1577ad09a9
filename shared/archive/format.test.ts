import SevenZip from '7z-wasm';
import { describe, expect, it } from 'vitest';
import { detectArchiveFormat, innerStreamName, sevenZipHeaderEncrypted, sevenZipHeaderRange } from './format';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(600).fill(0)]);

describe('detectArchiveFormat', () => {
  it('goes by magic numbers, and by name only to tell tar.* from a bare stream', () => {
    expect(detectArchiveFormat(bytes(0x50, 0x4b, 0x03, 0x04), 'renamed.dat')).toBe('zip');
    expect(detectArchiveFormat(bytes(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c), 'a.bin')).toBe('7z');
    expect(detectArchiveFormat(bytes(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07), 'a.rar')).toBe('rar');
    expect(detectArchiveFormat(bytes(0x1f, 0x8b), 'a.tgz')).toBe('tar.gz');
    expect(detectArchiveFormat(bytes(0x1f, 0x8b), 'notes.txt.gz')).toBe('gz');
    expect(detectArchiveFormat(bytes(0x42, 0x5a, 0x68), 'x.tar.bz2')).toBe('tar.bz2');
    expect(detectArchiveFormat(bytes(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00), 'x.xz')).toBe('xz');
    const tar = bytes();
    tar.set(new TextEncoder().encode('ustar'), 257);
    expect(detectArchiveFormat(tar, 'no-extension')).toBe('tar');
    expect(detectArchiveFormat(new TextEncoder().encode('just text'), 'a.zip')).toBeUndefined();
  });

  it('names the stream inside a bare gz/bz2/xz', () => {
    expect(innerStreamName('报告.txt.gz')).toBe('报告.txt');
    expect(innerStreamName('/x/site.tgz')).toBe('site.tar');
    expect(innerStreamName('blob.xz')).toBe('blob');
  });
});

describe('7z header encryption', () => {
  it('tells a 7z made with -mhe=on from one with readable names', async () => {
    const sz = await SevenZip({ print: () => undefined, printErr: () => undefined });
    sz.FS.writeFile('/secret.txt', 'secret '.repeat(100));
    sz.callMain(['a', '-t7z', '-pPass', '-mhe=on', '/hidden.7z', '/secret.txt']);
    sz.callMain(['a', '-t7z', '-pPass', '-mhe=off', '/visible.7z', '/secret.txt']);
    const encrypted = (path: string) => {
      const file = sz.FS.readFile(path);
      const range = sevenZipHeaderRange(file)!;
      return sevenZipHeaderEncrypted(file.subarray(range.offset, range.offset + range.length));
    };
    expect(encrypted('/hidden.7z')).toBe(true);
    expect(encrypted('/visible.7z')).toBe(false);
    expect(sevenZipHeaderRange(new Uint8Array(40))).toBeNull();
  });
});
