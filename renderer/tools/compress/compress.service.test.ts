import { describe, expect, it } from 'vitest';
import type { ArchiveEntry } from '@shared/contracts/archive';
import { buildTree, filesUnder, filterTree, pickFirstVolume, ratioPercent } from './compress.service';

const file = (path: string, size: number, packedSize?: number): ArchiveEntry => ({
  path,
  directory: false,
  size,
  packedSize,
  encrypted: false,
});

describe('archive tree', () => {
  const entries = [
    file('docs/报告/2.txt', 200, 50),
    file('docs/报告/10.txt', 100, 40),
    file('readme.md', 10, 10),
    { path: 'empty', directory: true, size: 0, encrypted: false },
    file('docs/a.bin', 5, 5),
  ];

  it('infers folders, sums sizes, sorts folders first then names naturally', () => {
    const root = buildTree(entries);
    expect(root.children.map((node) => node.name)).toEqual(['docs', 'empty', 'readme.md']);
    const docs = root.children[0]!;
    expect([docs.size, docs.packedSize, docs.files]).toEqual([305, 95, 3]);
    expect(docs.children.map((node) => node.name)).toEqual(['报告', 'a.bin']);
    expect(docs.children[0]!.children.map((node) => node.name)).toEqual(['2.txt', '10.txt']);
    expect(root.files).toBe(4);
    expect(root.children[1]).toMatchObject({ directory: true, files: 0, size: 0 });
  });

  it('leaves the packed size unknown when an entry has none (solid 7z, tar)', () => {
    const root = buildTree([file('a', 10, 3), file('b', 10)]);
    expect(root.packedSize).toBeUndefined();
  });

  it('filters by path and keeps the folders on the way', () => {
    const root = buildTree(entries);
    const found = filterTree(root, '10.TXT')!;
    expect(found.children.map((node) => node.name)).toEqual(['docs']);
    expect(found.children[0]!.children[0]!.children.map((node) => node.name)).toEqual(['10.txt']);
    expect(filterTree(root, 'nothing-like-this')!.children).toEqual([]);
    expect(filterTree(root, '报告')!.children[0]!.children[0]!.children).toHaveLength(2);
  });

  it('expands selected folders to the files inside', () => {
    const root = buildTree(entries);
    expect(filesUnder(root, new Set(['docs/报告', 'readme.md'])).sort()).toEqual(['docs/报告/10.txt', 'docs/报告/2.txt', 'readme.md']);
    expect(filesUnder(root, new Set(['']))).toHaveLength(4);
  });

  it('gives the ratio when known', () => {
    expect(ratioPercent(200, 50)).toBe(25);
    expect(ratioPercent(200, undefined)).toBeUndefined();
    expect(ratioPercent(0, 0)).toBeUndefined();
  });

  it('marks a size the archive does not record as unknown, up to the root (a bare .bz2 was "0 B")', () => {
    const root = buildTree([{ path: 'fixture', directory: false, size: 0, sizeUnknown: true, encrypted: false }]);
    expect(root.sizeUnknown).toBe(true);
    expect(root.children[0]!.sizeUnknown).toBe(true);
    expect(ratioPercent(0, 100, true)).toBeUndefined();
    expect(buildTree(entries).sizeUnknown).toBeUndefined();
  });
});

describe('pickFirstVolume', () => {
  const named = (...names: string[]) => names.map((name) => new File(['x'], name));
  it('opens the first volume of several given together, whatever their order', () => {
    const picked = pickFirstVolume(named('a.part3.rar', 'a.part1.rar', 'a.part2.rar'))!;
    expect([picked.first.name, picked.volumes.map((file) => file.name)]).toEqual(['a.part1.rar', ['a.part3.rar', 'a.part2.rar']]);
    expect(pickFirstVolume(named('b.r00', 'b.rar', 'b.r01'))!.first.name).toBe('b.rar');
    expect(pickFirstVolume(named('c.7z.002', 'c.7z.001'))!.first.name).toBe('c.7z.001');
    expect(pickFirstVolume(named('one.zip'))).toEqual({ first: expect.objectContaining({ name: 'one.zip' }), volumes: [] });
  });
});
