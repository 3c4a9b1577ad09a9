import { describe, expect, it } from 'vitest';
import { parseSevenZipListing } from './sevenzip-listing';

const OUTPUT = `
7-Zip (z) 24.09 (LE) : Copyright (c) 1999-2024 Igor Pavlov : 2024-11-29

Listing archive: /in/资料.7z

--
Path = /in/资料.7z
Type = 7z
Physical Size = 591
Headers Size = 255
Method = LZMA2:24k 7zAES
Solid = +
Blocks = 1

----------
Path = 子目录
Size = 0
Packed Size = 0
Modified = 2024-05-17 13:45:30.9530000
Attributes = D drwxrwxrwx
CRC = 
Encrypted = -

Path = a.txt
Size = 13000
Packed Size = 336
Modified = 2024-05-17 13:45:30.9520000
Attributes = A -rw-rw-rw-
Encrypted = +

Path = 子目录/b.bin
Size = 5000
Packed Size = 
Modified = 
Attributes = A -rw-rw-rw-
Encrypted = +
`.split('\n');

describe('parseSevenZipListing', () => {
  it('reads the type and each entry, folders, sizes, dates and encryption', () => {
    const listing = parseSevenZipListing(OUTPUT);
    expect(listing.type).toBe('7z');
    expect(listing.entries).toEqual([
      { path: '子目录', directory: true, size: 0, packedSize: 0, encrypted: false, modified: new Date(2024, 4, 17, 13, 45, 30).getTime() },
      {
        path: 'a.txt',
        directory: false,
        size: 13000,
        packedSize: 336,
        encrypted: true,
        modified: new Date(2024, 4, 17, 13, 45, 30).getTime(),
      },
      // Solid blocks record one packed size for the block, none per file.
      { path: '子目录/b.bin', directory: false, size: 5000, packedSize: undefined, encrypted: true, modified: undefined },
    ]);
  });

  it('reads tar-style "Folder = +" and refuses output without a listing', () => {
    const tar = parseSevenZipListing(['Type = tar', '', '----------', 'Path = docs', 'Folder = +', 'Size = 0', '']);
    expect(tar.entries[0]).toMatchObject({ path: 'docs', directory: true });
    expect(() => parseSevenZipListing(['ERROR: /in/x : Can not open the file as archive'])).toThrow();
  });

  it('keeps the one unnamed stream of a bare bzip2 or xz, its size marked unknown (7-Zip prints no Path and empty sizes for it)', () => {
    // As 7-Zip 24.09 lists the corpus fixture.bz2.
    const bzip2 = parseSevenZipListing(['--', 'Path = /in/fixture.bz2', 'Type = bzip2', '', '----------', 'Size = ', 'Packed Size = ', '']);
    expect(bzip2.type).toBe('bzip2');
    expect(bzip2.entries).toEqual([
      { path: '', directory: false, size: 0, sizeUnknown: true, packedSize: undefined, encrypted: false, modified: undefined },
    ]);
  });

  it("gives no packed size to the files of a solid block (7-Zip puts the whole block's on its first file), and keeps each file's method", () => {
    // As 7-Zip 24.09 lists the corpus py7zr/solid.7z: 55 packed bytes for a 33-byte first file read as 166 %.
    const solid = parseSevenZipListing(
      ['Type = 7z', 'Method = LZMA2:12', 'Solid = +', '', '----------']
        .concat(['Path = test', 'Size = 0', 'Packed Size = 0', 'Attributes = D drwx------', 'Method = ', 'Block = ', ''])
        .concat(['Path = test/test2.txt', 'Size = 33', 'Packed Size = 55', 'Method = LZMA2:12', 'Block = 0', ''])
        .concat(['Path = test1.txt', 'Size = 33', 'Packed Size = ', 'Method = LZMA2:12', 'Block = 0', ''])
        .concat(['Path = alone.bin', 'Size = 900', 'Packed Size = 120', 'Method = 04F71101', 'Block = 1', '']),
    );
    expect(solid.entries.map((entry) => [entry.path, entry.packedSize])).toEqual([
      ['test', 0],
      ['test/test2.txt', undefined],
      ['test1.txt', undefined],
      // A block of one file is that file's own packed size.
      ['alone.bin', 120],
    ]);
    expect(solid.methods.get('alone.bin')).toBe('04F71101');
    expect(solid.methods.get('')).toBe('LZMA2:12');
  });
});
