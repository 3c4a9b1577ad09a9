import { describe, expect, it } from 'vitest';
import { damagedEntryNames, failedItemCount, parseSevenZipListing, toArchiveEntry } from './sevenzip-listing';
import type { SevenZipListing } from './sevenzip-listing';

const banner = `
7-Zip (a) [64] 16.02 : Copyright (c) 1999-2016 Igor Pavlov : 2016-05-21

Scanning the drive for archives:
1 file, 186 bytes (1 KiB)

Listing archive: sym.7z
`;

function listed(output: string): SevenZipListing {
  const result = parseSevenZipListing(output);
  if (!result.ok) throw new Error(result.reason);
  return result.listing;
}

/** As 7-Zip 24.09 (the wasm build both engines run) lists an encrypted solid 7z. */
const ENCRYPTED_7Z = `
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
CRC = 
Encrypted = +

Path = 子目录/b.bin
Size = 5000
Packed Size = 
Modified = 
Attributes = A -rw-rw-rw-
CRC = 
Encrypted = +
`;

describe('parseSevenZipListing', () => {
  it("reads the type, the archive's method and each entry: folders, sizes, dates and encryption", () => {
    const listing = listed(ENCRYPTED_7Z);
    expect(listing).toMatchObject({ type: '7z', method: 'LZMA2:24k 7zAES', errors: [] });
    expect(listing.entries.map((entry) => toArchiveEntry(entry))).toEqual([
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
      { path: '子目录/b.bin', directory: false, size: 5000, encrypted: true },
    ]);
  });

  it('reads symbolic links from the Unix mode, folders from it or from the Windows D', () => {
    const listing = listed(`${banner}
--
Path = sym.7z
Type = 7z
Physical Size = 186

----------
Path = d
Size = 0
Packed Size = 0
Modified = 2024-03-05 10:20:30
Attributes = D_ drwxr-xr-x
Encrypted = -

Path = d/link
Size = 4
Packed Size = 12
Modified = 2024-03-05 10:20:30
Attributes = A_ lrwxrwxrwx
Encrypted = +

Path = e
Size = 0
Packed Size = 0
Modified = 
Attributes = drwxr-xr-x
Encrypted = -

`);
    const [folder, link, unixFolder] = listing.entries;
    expect(folder).toMatchObject({ rawPath: 'd', directory: true, size: 0, symlink: false, encrypted: false });
    expect(folder?.modified).toBe(new Date(2024, 2, 5, 10, 20, 30).getTime());
    expect(link).toMatchObject({ rawPath: 'd/link', directory: false, size: 4, packedSize: 12, symlink: true, encrypted: true });
    expect(link?.linkTarget).toBeUndefined();
    expect(unixFolder).toMatchObject({ rawPath: 'e', directory: true, modified: undefined });
  });

  it('reads tar folders ("Folder = +"), links with their targets and hard links', () => {
    const listing = listed(
      `--\nType = tar\n\n----------\nPath = a\nFolder = +\nSize = 0\nSymbolic Link = \nHard Link = \n\nPath = a/up\nFolder = -\nSize = 4\nSymbolic Link = /tmp\nHard Link = \n\nPath = a/h\nFolder = -\nSize = 0\nSymbolic Link = \nHard Link = a/up\n\n`,
    );
    expect(
      listing.entries.map(({ rawPath, directory, symlink, linkTarget, hardLinkTarget }) => ({
        rawPath,
        directory,
        symlink,
        linkTarget,
        hardLinkTarget,
      })),
    ).toEqual([
      { rawPath: 'a', directory: true, symlink: false, linkTarget: undefined, hardLinkTarget: undefined },
      { rawPath: 'a/up', directory: false, symlink: true, linkTarget: '/tmp', hardLinkTarget: undefined },
      { rawPath: 'a/h', directory: false, symlink: false, linkTarget: undefined, hardLinkTarget: 'a/up' },
    ]);
  });

  it('keeps the one unnamed stream of a bare bzip2 or xz, its size unknown (7-Zip prints no Path and empty sizes for it)', () => {
    // As 7-Zip 24.09 lists the corpus fixture.bz2.
    const bzip2 = listed(`--\nPath = /in/fixture.bz2\nType = bzip2\n\n----------\nSize = \nPacked Size = \n\n`);
    expect(bzip2.type).toBe('bzip2');
    expect(bzip2.entries).toEqual([
      { rawPath: '', directory: false, size: undefined, packedSize: undefined, encrypted: false, symlink: false },
    ]);
    expect(toArchiveEntry(bzip2.entries[0]!, 'fixture')).toEqual({
      path: 'fixture',
      directory: false,
      size: 0,
      sizeUnknown: true,
      encrypted: false,
    });
  });

  it("gives no packed size to the files of a solid block (7-Zip puts the whole block's on its first file), and keeps each file's method", () => {
    // As 7-Zip 24.09 lists the corpus py7zr/solid.7z: 55 packed bytes for a 33-byte first file read as 166 %.
    const solid = listed(
      ['--', 'Type = 7z', 'Method = LZMA2:12', 'Solid = +', '', '----------']
        .concat(['Path = test', 'Size = 0', 'Packed Size = 0', 'Attributes = D drwx------', 'Method = ', 'Block = ', ''])
        .concat([
          'Path = test/test2.txt',
          'Size = 33',
          'Packed Size = 55',
          'Attributes = A -rw-r--r--',
          'Method = LZMA2:12',
          'Block = 0',
          '',
        ])
        .concat(['Path = test1.txt', 'Size = 33', 'Packed Size = ', 'Attributes = A -rw-r--r--', 'Method = LZMA2:12', 'Block = 0', ''])
        .concat(['Path = alone.bin', 'Size = 900', 'Packed Size = 120', 'Attributes = A -rw-r--r--', 'Method = 04F71101', 'Block = 1', ''])
        .join('\n'),
    );
    expect(solid.entries.map((entry) => [entry.rawPath, entry.packedSize])).toEqual([
      ['test', 0],
      ['test/test2.txt', undefined],
      ['test1.txt', undefined],
      // A block of one file is that file's own packed size.
      ['alone.bin', 120],
    ]);
    expect(solid.entries.map((entry) => entry.method)).toEqual([undefined, 'LZMA2:12', 'LZMA2:12', '04F71101']);
    expect(solid.method).toBe('LZMA2:12');
  });

  it('gives files sharing a block no packed size when 7-Zip prints 0 for the others', () => {
    const solid = listed(
      `--\nType = 7z\nSolid = +\n\n----------\nPath = a.txt\nSize = 5000\nPacked Size = 700\nBlock = 0\n\nPath = b.txt\nSize = 5000\nPacked Size = 0\nBlock = 0\n\nPath = c.bin\nSize = 10\nPacked Size = 14\nBlock = 1\n\n`,
    );
    expect(solid.entries.map((entry) => [entry.rawPath, entry.packedSize])).toEqual([
      ['a.txt', undefined],
      ['b.txt', undefined],
      ['c.bin', 14],
    ]);
  });

  it('collects what the archive block lists under ERRORS, and ignores the summary after the entries', () => {
    const result = parseSevenZipListing(
      `--\nPath = t.zip\nType = zip\nERRORS:\nUnexpected end of archive\nPhysical Size = 2148\n\n----------\nPath = a\nSize = 1\n\n\nErrors: 1\n`,
    );
    expect(result).toMatchObject({ ok: true, listing: { errors: ['Unexpected end of archive'], entries: [{ rawPath: 'a' }] } });
  });

  it('lists an empty archive as empty, and multi-line comments in the archive block do not confuse it', () => {
    // As 7-Zip 24.09 lists the corpus rarfile/rar5-crc.rar's block and py7zr/empty.7z.
    expect(listed(`--\nPath = /c/x.rar\nType = Rar5\nComment = \n{\nRAR5 archive - crc\n}\n\n----------\n`)).toEqual({
      type: 'Rar5',
      entries: [],
      errors: [],
    });
  });

  it('reports output without an archive block, or cut before the entry list, as noArchive', () => {
    expect(parseSevenZipListing(`${banner}\nERROR: x.rar : Can not open the file as archive\n\nErrors: 1\n`)).toEqual({
      ok: false,
      reason: 'noArchive',
    });
    expect(parseSevenZipListing('ERROR: /in/x : Can not open the file as archive')).toEqual({ ok: false, reason: 'noArchive' });
    expect(parseSevenZipListing('--\nPath = x.7z\nType = 7z\n')).toEqual({ ok: false, reason: 'noArchive' });
    expect(parseSevenZipListing('--\nPath = x.7z\n\n----------\nPath = a\n')).toEqual({ ok: false, reason: 'noArchive' });
  });

  it('refuses names that forge lines: stray lines, repeated keys, blocks of another shape', () => {
    const head = '--\nType = zip\n\n----------\n';
    // "safe\nComment = /../../x" as a name prints a second Comment line in the block.
    expect(parseSevenZipListing(`${head}Path = safe\nComment = /../../x\nSize = 1\nComment = \n\n`)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(parseSevenZipListing(`${head}Path = a\nnot a property\nSize = 1\n\n`)).toEqual({ ok: false, reason: 'malformed' });
    // "a\n\nPath = ../b" as a name splits one block into two of different shapes.
    expect(parseSevenZipListing(`${head}Path = a\n\nPath = ../b\nSize = 1\n\n`)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('reads CRLF output as LF output', () => {
    expect(listed(ENCRYPTED_7Z.replace(/\n/g, '\r\n'))).toEqual(listed(ENCRYPTED_7Z));
  });
});

describe('parseSevenZipListing on truncated and garbage input', () => {
  /** A small deterministic generator (mulberry32): the same inputs every run, so a failure can be replayed. */
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  const sound = ENCRYPTED_7Z;
  const check = (input: string) => {
    const result = parseSevenZipListing(input);
    if (result.ok) {
      for (const entry of result.listing.entries) {
        expect(typeof entry.rawPath).toBe('string');
        if (entry.size !== undefined) expect(Number.isSafeInteger(entry.size) && entry.size >= 0).toBe(true);
        if (entry.packedSize !== undefined) expect(Number.isSafeInteger(entry.packedSize) && entry.packedSize >= 0).toBe(true);
        if (entry.modified !== undefined) expect(Number.isFinite(entry.modified)).toBe(true);
      }
    } else expect(['noArchive', 'malformed']).toContain(result.reason);
  };

  it('never throws on any prefix of a real listing', () => {
    for (let cut = 0; cut <= sound.length; cut++) check(sound.slice(0, cut));
  });

  it('never throws on a real listing with bytes flipped, lines dropped or duplicated, or on random text', () => {
    const next = random(12);
    const alphabet = ['-', '=', ' ', '\n', '\r', 'Path', 'Size', '----------', '--', 'ERRORS:', '9', 'x', '\u0000', '中'];
    for (let round = 0; round < 2000; round++) {
      const characters = [...sound];
      for (let flips = 1 + Math.floor(next() * 4); flips > 0; flips--)
        characters[Math.floor(next() * characters.length)] = alphabet[Math.floor(next() * alphabet.length)]!;
      check(characters.join(''));
      const lines = sound.split('\n');
      const at = Math.floor(next() * lines.length);
      if (next() < 0.5) lines.splice(at, 1);
      else lines.splice(at, 0, lines[at] ?? '');
      check(lines.join('\n'));
      check(Array.from({ length: Math.floor(next() * 200) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
    }
  });

  it('reads a 100,000-entry listing and a megabyte-long line in linear time', () => {
    const entry = (index: number) => `Path = dir/file-${index}.txt\nSize = ${index}\nPacked Size = ${index}\nBlock = ${index}\n`;
    const big = `--\nType = 7z\n\n----------\n${Array.from({ length: 100_000 }, (_, index) => entry(index)).join('\n')}\n`;
    const started = performance.now();
    expect(listed(big).entries).toHaveLength(100_000);
    check(`--\nType = 7z\n\n----------\nPath = ${'A '.repeat(500_000)}\n`);
    check(`--\nType = 7z\n\n----------\n${'A'.repeat(1_000_000)} =\n`);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});

describe('damagedEntryNames', () => {
  it("names each entry 7-Zip reports as failing its checksum or not decoding, once, in 7-Zip's order", () => {
    const output = [
      'Extracting archive: /in/x.7z',
      'ERROR: CRC Failed : docs/a.txt',
      'ERROR: Data Error : b.bin',
      'ERROR: CRC Failed : docs/a.txt',
      'ERROR: Unexpected end of data : c : with colon.txt',
      'ERROR: Headers Error : d.txt',
      'ERROR: Can not open the file as archive',
      'Sub items Errors: 4',
    ].join('\n');
    expect(damagedEntryNames(output)).toEqual(['docs/a.txt', 'b.bin', 'c : with colon.txt', 'd.txt']);
    expect(damagedEntryNames(output.split('\n'))).toEqual(damagedEntryNames(output));
    expect(damagedEntryNames('Everything is Ok')).toEqual([]);
  });
});

describe('failedItemCount', () => {
  it("reads 7-Zip's count of failed items, 0 when it gives none", () => {
    // As 7-Zip 24.09 ends an extraction with one damaged file (the count is printed twice).
    expect(failedItemCount('Sub items Errors: 1\nArchives with Errors: 1\n\nSub items Errors: 1\nERROR: CRC Failed : a.txt\n')).toBe(1);
    expect(failedItemCount('Sub items Errors: 1250\r\n')).toBe(1250);
    expect(failedItemCount('Everything is Ok\n')).toBe(0);
  });
});
