import { describe, expect, it } from 'vitest';
import {
  buildManifest,
  defaultPartCount,
  formatIndexRanges,
  isValidFileName,
  MAX_PARTS,
  parseManifest,
  parsePartName,
  partName,
  partRanges,
  planByCount,
  planBySize,
  planMerge,
  serializeManifest,
  startingValues,
  suggestUnitSize,
  verifyAgainstManifest,
} from './file-cutmerge.service';
import type { PartPlan, PlanResult } from './file-cutmerge.service';

const MB = 1024 * 1024;
const planOf = (result: PlanResult): PartPlan => {
  if (!result.ok) throw new Error(result.error);
  return result.plan;
};

describe('part planning', () => {
  it('defaults to the spec’s 100 slices from 1 MB on and to 2 parts below', () => {
    expect(defaultPartCount(MB)).toBe(100);
    expect(defaultPartCount(300 * MB)).toBe(100);
    expect(defaultPartCount(MB - 1)).toBe(2);
    expect(defaultPartCount(1)).toBe(1);
  });

  it('splits by count into equal parts and a shorter last one', () => {
    const plan = planOf(planByCount(MB, 100));
    expect(plan).toEqual({ partSize: 10486, count: 100, lastSize: MB - 99 * 10486 });
    expect(planOf(planByCount(300 * MB, 100))).toEqual({ partSize: 3 * MB, count: 100, lastSize: 3 * MB });
  });

  it('gives fewer parts than asked when the file is too small for them', () => {
    expect(planOf(planByCount(10, 6))).toEqual({ partSize: 2, count: 5, lastSize: 2 });
    expect(planOf(planByCount(3, 10))).toEqual({ partSize: 1, count: 3, lastSize: 1 });
  });

  it('splits by size, the remainder going last', () => {
    expect(planOf(planBySize(10 * MB + 5, 3 * MB))).toEqual({ partSize: 3 * MB, count: 4, lastSize: MB + 5 });
    expect(planOf(planBySize(100, 1000))).toEqual({ partSize: 100, count: 1, lastSize: 100 });
  });

  it('refuses empty files, bad input and more than MAX_PARTS parts', () => {
    expect(planByCount(0, 2)).toEqual({ ok: false, error: 'empty' });
    expect(planByCount(100, 0)).toEqual({ ok: false, error: 'invalidCount' });
    expect(planByCount(100, 1.5)).toEqual({ ok: false, error: 'invalidCount' });
    expect(planByCount(100 * MB, MAX_PARTS + 1)).toEqual({ ok: false, error: 'tooManyParts' });
    expect(planBySize(100, 0)).toEqual({ ok: false, error: 'invalidSize' });
    expect(planBySize(MB, 100)).toEqual({ ok: false, error: 'tooManyParts' });
  });

  it('covers the file exactly once with its ranges', () => {
    for (const [size, count] of [
      [MB, 100],
      [12345, 7],
      [5, 5],
      [1, 1],
      [10 * MB + 3, 9999],
    ] as const) {
      const ranges = partRanges(planOf(planByCount(size, count)));
      expect(ranges[0]?.[0]).toBe(0);
      expect(ranges.at(-1)?.[1]).toBe(size);
      for (let i = 1; i < ranges.length; i += 1) expect(ranges[i]?.[0]).toBe(ranges[i - 1]?.[1]);
      expect(ranges.every(([start, end]) => end > start)).toBe(true);
    }
  });

  it('suggests a whole number of the largest unit', () => {
    expect(suggestUnitSize(3 * MB)).toEqual({ value: 3, unit: 'MB' });
    expect(suggestUnitSize(3 * MB + 1)).toEqual({ value: 4, unit: 'MB' });
    expect(suggestUnitSize(10486)).toEqual({ value: 11, unit: 'KB' });
    expect(suggestUnitSize(5 * 1024 * MB)).toEqual({ value: 5, unit: 'GB' });
    expect(suggestUnitSize(10)).toEqual({ value: 1, unit: 'KB' });
  });

  it('starts the form at the default part count and the part size it gives', () => {
    expect(startingValues(300 * MB)).toEqual({ count: 100, size: { value: 3, unit: 'MB' } });
    expect(startingValues(5000)).toEqual({ count: 2, size: { value: 3, unit: 'KB' } });
    expect(startingValues(0)).toEqual({ count: 1, size: { value: 1, unit: 'KB' } });
  });
});

describe('part names', () => {
  it('uses three digits, more past 999 parts', () => {
    expect(partName('movie.mkv', 1, 100)).toBe('movie.mkv.001');
    expect(partName('movie.mkv', 100, 100)).toBe('movie.mkv.100');
    expect(partName('a', 7, 1000)).toBe('a.0007');
    expect(partName('a', 9999, 9999)).toBe('a.9999');
  });

  it('reads 7-Zip/HJSplit numbers and .partN names, not RAR volumes or plain files', () => {
    expect(parsePartName('movie.mkv.001')).toEqual({ base: 'movie.mkv', index: 1 });
    expect(parsePartName('movie.mkv.0012')).toEqual({ base: 'movie.mkv', index: 12 });
    expect(parsePartName('backup.zip.part3')).toEqual({ base: 'backup.zip', index: 3 });
    expect(parsePartName('backup.zip.PART_07')).toEqual({ base: 'backup.zip', index: 7 });
    expect(parsePartName('backup.zip.part.2')).toEqual({ base: 'backup.zip', index: 2 });
    expect(parsePartName('disk.img.1')).toEqual({ base: 'disk.img', index: 1 });
    expect(parsePartName('archive.part1.rar')).toBeNull();
    expect(parsePartName('photo.jpg')).toBeNull();
    expect(parsePartName('.001')).toBeNull();
  });

  it('rejects file names no system accepts', () => {
    expect(isValidFileName('movie.mkv')).toBe(true);
    expect(isValidFileName('电影 (1).mkv')).toBe(true);
    expect(isValidFileName('  ')).toBe(false);
    expect(isValidFileName('a/b')).toBe(false);
    expect(isValidFileName('a:b')).toBe(false);
    expect(isValidFileName('..')).toBe(false);
  });
});

const manifestFor = (sizes: number[], name = 'movie.mkv') =>
  buildManifest({
    name,
    size: sizes.reduce((a, b) => a + b, 0),
    md5: 'd41d8cd98f00b204e9800998ecf8427e',
    parts: sizes.map((size, index) => ({
      name: partName(name, index + 1, sizes.length),
      size,
      crc32: index.toString(16).padStart(8, '0'),
    })),
    createdAt: new Date('2026-01-02T03:04:05Z'),
  });

describe('manifest', () => {
  it('round-trips through its JSON text', () => {
    const manifest = manifestFor([3, 3, 1]);
    expect(parseManifest(serializeManifest(manifest))).toEqual(manifest);
    expect(manifest.createdAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it('rejects other JSON, tampered sizes and bad digests', () => {
    expect(parseManifest('not json')).toBeNull();
    expect(parseManifest('{"name":"x"}')).toBeNull();
    const manifest = manifestFor([3, 3, 1]);
    expect(parseManifest(JSON.stringify({ ...manifest, size: 8 }))).toBeNull();
    expect(parseManifest(JSON.stringify({ ...manifest, md5: 'XYZ' }))).toBeNull();
    expect(parseManifest(JSON.stringify({ ...manifest, extra: 1 }))).toBeNull();
    expect(() => manifestFor([3, 0])).toThrow();
  });
});

const files = (...entries: Array<[string, number]>) => entries.map(([name, size]) => ({ name, size }));

describe('merge planning', () => {
  it('sorts by number whatever the pick order and names the output', () => {
    const plan = planMerge(
      files(
        ['m.mkv.010', 5],
        ['m.mkv.002', 10],
        ['m.mkv.001', 10],
        ...Array.from({ length: 7 }, (_, i) => [`m.mkv.00${i + 3}`, 10] as [string, number]),
      ),
    );
    expect(plan.parts.map((entry) => entry.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(plan.issues).toEqual([]);
    expect(plan.outputName).toBe('m.mkv');
    expect(plan.totalSize).toBe(95);
  });

  it('warns about gaps, in readable ranges', () => {
    const plan = planMerge(files(['a.001', 4], ['a.002', 4], ['a.006', 4], ['a.004', 2]));
    expect(plan.issues).toContainEqual({ kind: 'missing', indexes: [3, 5] });
    expect(formatIndexRanges([3, 7, 8, 9, 12])).toBe('3, 7–9, 12');
  });

  it('blocks duplicates and flags mixed files, odd sizes and unnumbered names', () => {
    const plan = planMerge(files(['a.001', 4], ['a.part1', 4], ['a.002', 3], ['a.003', 2], ['b.004', 2], ['notes.txt', 9]));
    expect(plan.issues).toContainEqual({ kind: 'duplicate', index: 1, names: ['a.001', 'a.part1'] });
    expect(plan.issues).toContainEqual({ kind: 'mixedNames', bases: ['a', 'b'] });
    expect(plan.issues).toContainEqual({ kind: 'sizeMismatch', name: 'a.002', expected: 4, actual: 3 });
    expect(plan.issues).toContainEqual({ kind: 'unrecognized', names: ['notes.txt'] });
  });

  it('flags a last part bigger than the others', () => {
    expect(planMerge(files(['a.001', 4], ['a.002', 5])).issues).toEqual([{ kind: 'sizeMismatch', name: 'a.002', expected: 4, actual: 5 }]);
  });

  it('starts at .000 when a part 0 is picked', () => {
    expect(planMerge(files(['a.000', 4], ['a.001', 4], ['a.002', 1])).issues).toEqual([]);
  });

  it('with a manifest: trailing gaps, sizes, renamed parts and the original name', () => {
    const manifest = manifestFor([4, 4, 4, 2]);
    const missingLast = planMerge(files(['movie.mkv.001', 4], ['movie.mkv.002', 4], ['movie.mkv.003', 4]), manifest);
    expect(missingLast.issues).toEqual([{ kind: 'missing', indexes: [4] }]);

    const damaged = planMerge(
      files(['movie.mkv.001', 4], ['movie.mkv.002', 3], ['movie.mkv.003', 4], ['movie.mkv.004', 2], ['movie.mkv.005', 1]),
      manifest,
    );
    expect(damaged.issues).toContainEqual({ kind: 'sizeMismatch', name: 'movie.mkv.002', expected: 4, actual: 3 });
    expect(damaged.issues).toContainEqual({ kind: 'extra', names: ['movie.mkv.005'] });

    const renamed = planMerge(files(['x.part4', 2], ['x.part2', 4], ['x.part1', 4], ['x.part3', 4]), manifest);
    expect(renamed.issues).toEqual([]);
    expect(renamed.outputName).toBe('movie.mkv');
    expect(renamed.parts.map((entry) => entry.expected?.name)).toEqual([
      'movie.mkv.001',
      'movie.mkv.002',
      'movie.mkv.003',
      'movie.mkv.004',
    ]);
  });
});

describe('verification', () => {
  const manifest = manifestFor([4, 2]);
  const parts = manifest.parts.map((part) => ({ name: part.name, crc32: part.crc32, expected: part }));

  it('is verified only when the MD5 and size both match', () => {
    expect(verifyAgainstManifest(manifest, manifest.md5, parts, 6)).toEqual({ status: 'verified' });
    expect(verifyAgainstManifest(manifest, manifest.md5, parts, 5).status).toBe('mismatch');
    expect(verifyAgainstManifest(null, manifest.md5, parts, 6)).toEqual({ status: 'unverified' });
  });

  it('names the parts whose CRC32 differs', () => {
    const bad = parts.map((part, index) => (index === 1 ? { ...part, crc32: 'ffffffff' } : part));
    expect(verifyAgainstManifest(manifest, '0'.repeat(32), bad, 6)).toEqual({ status: 'mismatch', badParts: ['movie.mkv.002'] });
  });
});
