import { describe, expect, it } from 'vitest';
import { parseSlt } from './slt';

const banner = `
7-Zip (a) [64] 16.02 : Copyright (c) 1999-2016 Igor Pavlov : 2016-05-21

Scanning the drive for archives:
1 file, 186 bytes (1 KiB)

Listing archive: sym.7z
`;

const sevenZ = `${banner}
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

`;

describe('parseSlt', () => {
  it('reads the archive type and one entry per block', () => {
    const result = parseSlt(sevenZ);
    expect(result).toMatchObject({ ok: true, listing: { type: '7z', errors: [] } });
    if (!result.ok) return;
    const [folder, link] = result.listing.entries;
    expect(folder).toMatchObject({ rawPath: 'd', directory: true, size: 0, symlink: false, encrypted: false });
    expect(folder?.modified).toBe(new Date(2024, 2, 5, 10, 20, 30).getTime());
    expect(link).toMatchObject({ rawPath: 'd/link', directory: false, size: 4, packedSize: 12, symlink: true, encrypted: true });
  });

  it('reads tar folders, links and hard links', () => {
    const result = parseSlt(
      `--\nType = tar\n\n----------\nPath = a\nFolder = +\nSize = 0\nSymbolic Link = \nHard Link = \n\nPath = a/up\nFolder = -\nSize = 4\nSymbolic Link = /tmp\nHard Link = \n\nPath = a/h\nFolder = -\nSize = 0\nSymbolic Link = \nHard Link = a/up\n\n`,
    );
    expect(
      result.ok &&
        result.listing.entries.map(({ rawPath, directory, symlink, linkTarget, hardLinkTarget }) => ({
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

  it('leaves sizes a bare stream does not record undefined, and keeps a block without Path', () => {
    const result = parseSlt(`--\nPath = x.bz2\nType = bzip2\n\n----------\nSize = \nPacked Size = \n\n`);
    expect(result.ok && result.listing.entries).toEqual([expect.objectContaining({ rawPath: '', size: undefined, packedSize: undefined })]);
  });

  it('collects what the archive block lists under ERRORS', () => {
    const result = parseSlt(
      `--\nPath = t.zip\nType = zip\nERRORS:\nUnexpected end of archive\nPhysical Size = 2148\n\n----------\nPath = a\nSize = 1\n\n\nErrors: 1\n`,
    );
    expect(result).toMatchObject({ ok: true, listing: { errors: ['Unexpected end of archive'], entries: [{ rawPath: 'a' }] } });
  });

  it('reports output without an archive block', () => {
    expect(parseSlt(`${banner}\nERROR: x.rar : Can not open the file as archive\n\nErrors: 1\n`)).toEqual({
      ok: false,
      reason: 'noArchive',
    });
  });

  it('refuses names that forge lines: stray lines, repeated keys, blocks of another shape', () => {
    const head = '--\nType = zip\n\n----------\n';
    // "safe\nComment = /../../x" as a name prints a second Comment line in the block.
    expect(parseSlt(`${head}Path = safe\nComment = /../../x\nSize = 1\nComment = \n\n`)).toEqual({ ok: false, reason: 'malformed' });
    expect(parseSlt(`${head}Path = a\nnot a property\nSize = 1\n\n`)).toEqual({ ok: false, reason: 'malformed' });
    // "a\n\nPath = ../b" as a name splits one block into two of different shapes.
    expect(parseSlt(`${head}Path = a\n\nPath = ../b\nSize = 1\n\n`)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('sizes the page cannot show per file', () => {
  const solid = `${banner}
--
Path = solid.7z
Type = 7z
Solid = +
Blocks = 2

----------
Path = a.txt
Size = 5000
Packed Size = 700
Block = 0

Path = b.txt
Size = 5000
Packed Size = 0
Block = 0

Path = c.bin
Size = 10
Packed Size = 14
Block = 1

`;

  it('gives files that share a solid block no packed size, and a file alone in its block its own', () => {
    const result = parseSlt(solid);
    if (!result.ok) throw new Error(result.reason);
    expect(result.listing.entries.map((entry) => [entry.rawPath, entry.packedSize])).toEqual([
      ['a.txt', undefined],
      ['b.txt', undefined],
      ['c.bin', 14],
    ]);
  });
});
