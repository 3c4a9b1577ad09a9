import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tarEnd, tarHeader, tarPadding } from './tar-writer';
import type { TarEntry } from './tar-writer';

const MODIFIED = Date.UTC(2024, 0, 2, 3, 4, 5);

function buildTar(files: { path: string; data?: Uint8Array; directory?: boolean }[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const file of files) {
    const data = file.data ?? new Uint8Array(0);
    const entry: TarEntry = { path: file.path, directory: !!file.directory, size: data.length, modified: MODIFIED };
    parts.push(tarHeader(entry), data, new Uint8Array(tarPadding(data.length)));
  }
  parts.push(tarEnd());
  return Buffer.concat(parts);
}

const text = (value: string) => new TextEncoder().encode(value);
const field = (block: Uint8Array, offset: number, length: number) =>
  new TextDecoder().decode(block.subarray(offset, offset + length)).replace(/\0.*$/s, '');

describe('tar writer', () => {
  it('writes a valid ustar header with a correct checksum', () => {
    const block = tarHeader({ path: 'a/b.txt', directory: false, size: 1234, modified: MODIFIED });
    expect(block.length).toBe(512);
    expect(field(block, 0, 100)).toBe('a/b.txt');
    expect(parseInt(field(block, 124, 12), 8)).toBe(1234);
    expect(parseInt(field(block, 136, 12), 8)).toBe(MODIFIED / 1000);
    expect(field(block, 257, 6)).toBe('ustar');
    const stored = parseInt(field(block, 148, 8), 8);
    const copy = block.slice();
    copy.fill(0x20, 148, 156);
    expect(stored).toBe(copy.reduce((sum, byte) => sum + byte, 0));
  });

  it('splits long ASCII paths into prefix and name, and falls back to pax beyond that', () => {
    const splittable = `${'d'.repeat(120)}/${'f'.repeat(90)}`;
    const split = tarHeader({ path: splittable, directory: false, size: 0, modified: MODIFIED });
    expect(split.length).toBe(512);
    expect(field(split, 345, 155)).toBe('d'.repeat(120));
    expect(field(split, 0, 100)).toBe('f'.repeat(90));
    const unsplittable = 'x'.repeat(180);
    const pax = tarHeader({ path: unsplittable, directory: false, size: 0, modified: MODIFIED });
    expect(pax.length).toBe(512 * 3);
    expect(String.fromCharCode(pax[156]!)).toBe('x');
    expect(new TextDecoder().decode(pax.subarray(512, 1024))).toContain(` path=${unsplittable}\n`);
  });

  it('gets pax record lengths right across a digit boundary', () => {
    // body " path=<name>\n" of 98 bytes: 98 + 2 digits = 100, which has 3 digits → 101.
    const name = 'n'.repeat(98 - ' path=\n'.length);
    const pax = tarHeader({ path: `长/${name}`.slice(0, 200), directory: false, size: 0, modified: MODIFIED });
    const records = new TextDecoder().decode(pax.subarray(512, 1024)).replace(/\0+$/, '');
    const length = Number(records.split(' ')[0]);
    expect(new TextEncoder().encode(records).length).toBe(length);
  });

  it('round-trips Chinese, long and nested names through GNU tar when installed', (context) => {
    if (spawnSync('tar', ['--version']).status !== 0) {
      console.log('tar not installed: GNU tar check skipped');
      context.skip();
    }
    const long = `深层目录/${'很长的文件名'.repeat(12)}.txt`; // 220 bytes: pax, still under the file system's 255
    const files = [
      { path: '资料', directory: true },
      { path: '资料/说明.txt', data: text('你好，世界\n'.repeat(100)) },
      { path: long, data: text('long name') },
      { path: 'odd.bin', data: new Uint8Array(513).fill(7) },
    ];
    const dir = mkdtempSync(join(tmpdir(), 'tar-writer-'));
    try {
      writeFileSync(join(dir, 'test.tar'), buildTar(files));
      const list = spawnSync('tar', ['-tf', 'test.tar'], { cwd: dir, encoding: 'utf8' });
      expect(list.status).toBe(0);
      expect(list.stdout.trim().split('\n')).toEqual(['资料/', '资料/说明.txt', long, 'odd.bin']);
      expect(spawnSync('tar', ['-xf', 'test.tar'], { cwd: dir }).status).toBe(0);
      expect(readFileSync(join(dir, long), 'utf8')).toBe('long name');
      expect(readFileSync(join(dir, 'odd.bin')).equals(Buffer.alloc(513, 7))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
