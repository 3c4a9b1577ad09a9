import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { dosDateTime, localFileHeader, ZipLayout } from './zip-writer';
import type { ZipEntryRecord } from './zip-writer';

const MODIFIED = new Date(2024, 4, 17, 13, 45, 30).getTime();

function buildZip(files: { path: string; data?: Uint8Array; directory?: boolean; store?: boolean }[]): Uint8Array {
  const layout = new ZipLayout();
  const parts: Uint8Array[] = [];
  for (const file of files) {
    const data = file.data ?? new Uint8Array(0);
    const packed = file.directory || file.store ? data : new Uint8Array(deflateRawSync(data, { level: 6 }));
    const record: ZipEntryRecord = {
      path: file.path,
      directory: !!file.directory,
      method: file.directory || file.store ? 0 : 8,
      crc: crc32(data),
      compressedSize: packed.length,
      size: data.length,
      modified: MODIFIED,
    };
    parts.push(layout.add(record), packed);
  }
  parts.push(layout.finish());
  return Buffer.concat(parts);
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const text = (value: string) => new TextEncoder().encode(value);

describe('ZipLayout', () => {
  it('writes a zip fflate reads back byte for byte, with UTF-8 names and folders', () => {
    const big = text('中文内容 and some repeated text. '.repeat(5000));
    const zip = buildZip([
      { path: '报告', directory: true },
      { path: '报告/第一季度.txt', data: big },
      { path: 'plain.bin', data: new Uint8Array([1, 2, 3, 250]), store: true },
      { path: 'empty.txt', data: new Uint8Array(0) },
    ]);
    const out = unzipSync(zip);
    expect(Object.keys(out)).toEqual(['报告/', '报告/第一季度.txt', 'plain.bin', 'empty.txt']);
    expect(Buffer.from(out['报告/第一季度.txt']!).equals(Buffer.from(big))).toBe(true);
    expect([...out['plain.bin']!]).toEqual([1, 2, 3, 250]);
    expect(out['empty.txt']!.length).toBe(0);
  });

  it('sets the UTF-8 flag only for names that are not plain ASCII', () => {
    const record = { directory: false, method: 0, crc: 0, compressedSize: 0, size: 0, modified: MODIFIED } as const;
    expect(view(localFileHeader({ ...record, path: 'a/b.txt' })).getUint16(6, true)).toBe(0);
    expect(view(localFileHeader({ ...record, path: '文件.txt' })).getUint16(6, true)).toBe(0x0800);
  });

  it('stores DOS local time with 2-second resolution', () => {
    const { time, date } = dosDateTime(MODIFIED);
    expect(date).toBe(((2024 - 1980) << 9) | (5 << 5) | 17);
    expect(time).toBe((13 << 11) | (45 << 5) | 15);
  });

  it('switches a local header to zip64 exactly at 0xFFFFFFFF bytes', () => {
    const base = { path: 'huge.bin', directory: false, method: 0, crc: 1, modified: MODIFIED } as const;
    const below = localFileHeader({ ...base, size: 0xfffffffe, compressedSize: 0xfffffffe });
    expect(view(below).getUint32(22, true)).toBe(0xfffffffe);
    expect(below.length).toBe(30 + 8);
    const at = localFileHeader({ ...base, size: 0xffffffff, compressedSize: 0x1_0000_0005 });
    const header = view(at);
    expect(header.getUint16(4, true)).toBe(45);
    expect(header.getUint32(18, true)).toBe(0xffffffff);
    expect(header.getUint32(22, true)).toBe(0xffffffff);
    const extra = 30 + 8;
    expect(header.getUint16(extra, true)).toBe(0x0001);
    expect(header.getUint16(extra + 2, true)).toBe(16);
    expect(header.getBigUint64(extra + 4, true)).toBe(0xffffffffn);
    expect(header.getBigUint64(extra + 12, true)).toBe(0x1_0000_0005n);
  });

  it('puts offsets past 4 GiB into the central zip64 extra and adds the zip64 end records', () => {
    const layout = new ZipLayout();
    // A 5 GiB stored entry, laid out without its data: only the bookkeeping is under test.
    layout.add({ path: 'a.bin', directory: false, method: 0, crc: 0, compressedSize: 5 * 2 ** 30, size: 5 * 2 ** 30, modified: MODIFIED });
    layout.add({ path: 'b.txt', directory: false, method: 0, crc: 0, compressedSize: 3, size: 3, modified: MODIFIED });
    const tail = layout.finish();
    const bytes = view(tail);
    const second = 46 + 5 + 20; // a.bin's central header carries size + compressed size in its extra
    expect(bytes.getUint32(second, true)).toBe(0x02014b50);
    expect(bytes.getUint32(second + 42, true)).toBe(0xffffffff);
    const extraAt = second + 46 + 5;
    expect(bytes.getUint16(extraAt + 2, true)).toBe(8);
    expect(bytes.getBigUint64(extraAt + 4, true)).toBe(BigInt(30 + 5 + 20 + 5 * 2 ** 30));
    const eocd = tail.length - 22;
    expect(bytes.getUint32(eocd, true)).toBe(0x06054b50);
    expect(bytes.getUint32(eocd + 16, true)).toBe(0xffffffff);
    expect(bytes.getUint32(eocd - 20, true)).toBe(0x07064b50);
    expect(bytes.getUint32(eocd - 20 - 56, true)).toBe(0x06064b50);
  });

  it('uses the zip64 end record from 65535 entries on, and fflate still reads them all', () => {
    const files = Array.from({ length: 65_535 }, (_, index) => ({ path: `f/${index}.txt`, data: new Uint8Array(0), store: true }));
    const zip = buildZip(files);
    expect(view(zip).getUint16(zip.length - 22 + 10, true)).toBe(0xffff);
    expect(Object.keys(unzipSync(zip)).length).toBe(65_535);
    const fewer = buildZip(files.slice(0, 65_534));
    expect(view(fewer).getUint16(fewer.length - 22 + 10, true)).toBe(65_534);
  });

  it('passes `unzip -t` when Info-ZIP is installed', (context) => {
    if (spawnSync('unzip', ['-v']).status !== 0) {
      console.log('unzip not installed: Info-ZIP check skipped');
      context.skip();
    }
    const dir = mkdtempSync(join(tmpdir(), 'zip-writer-'));
    try {
      const file = join(dir, 'test.zip');
      writeFileSync(
        file,
        buildZip([
          { path: 'docs', directory: true },
          { path: 'docs/说明.md', data: text('# 标题\n'.repeat(300)) },
        ]),
      );
      const result = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
      expect(result.stdout).toContain('No errors detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
