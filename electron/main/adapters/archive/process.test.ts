import { fstatSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archiveErrorCode } from '@shared/contracts/archive';
import { defaultEngine, hostText, runSevenZip, wasmInvocation } from './process';

const dir = mkdtempSync(join(tmpdir(), 'baibao-7z-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('wasmInvocation and hostText', () => {
  it('mounts the POSIX disk at /host and rewrites absolute arguments only', () => {
    const invocation = wasmInvocation(
      ['x', '-o/home/u/out dir', '-y', '@/tmp/names.txt', '--', '/home/u/a.zip', 'docs/readme.md'],
      'linux',
    );
    expect(invocation.args).toEqual([
      'x',
      '-o/host/home/u/out dir',
      '-y',
      '@/host/tmp/names.txt',
      '--',
      '/host/home/u/a.zip',
      'docs/readme.md',
    ]);
    expect(invocation.mounts).toEqual({ '/host': '/' });
  });

  it('mounts each Windows drive used at /host/<letter>', () => {
    const invocation = wasmInvocation(['x', '-oD:\\Downloads\\out', '--', 'C:\\Users\\u\\a.zip'], 'win32');
    expect(invocation.args).toEqual(['x', '-o/host/d/Downloads/out', '--', '/host/c/Users/u/a.zip']);
    expect(invocation.mounts).toEqual({ '/host/d': 'D:\\', '/host/c': 'C:\\' });
  });

  it('turns the run’s own paths back, and leaves entry names that merely contain /host/ alone', () => {
    const { paths } = wasmInvocation(['l', '--', '/home/u/a.zip'], 'linux');
    const listing =
      'Listing archive: /host/home/u/a.zip\n--\nPath = /host/home/u/a.zip\nType = zip\n\n----------\nPath = docs/host/readme\n';
    expect(hostText(listing, paths)).toBe(
      'Listing archive: /home/u/a.zip\n--\nPath = /home/u/a.zip\nType = zip\n\n----------\nPath = docs/host/readme\n',
    );
  });
});

describe('runSevenZip', () => {
  it.skipIf(process.platform === 'win32')(
    'ends a worker that ignores the cancel, closes the file it left open, then rejects as cancelled',
    async () => {
      const file = join(dir, 'held.bin');
      writeFileSync(file, 'x');
      const engine = { ...defaultEngine(), workerUrl: new URL('../../../testing/stuck-sevenzip-worker.mjs', import.meta.url) };
      const controller = new AbortController();
      const started = performance.now();
      const error = await runSevenZip(engine, [file], { onProgress: () => controller.abort(), signal: controller.signal }).then(
        () => 'resolved',
        (caught: unknown) => caught,
      );
      expect(archiveErrorCode(error)).toBe('cancelled');
      // It was given the 2 s grace, then ended.
      expect(performance.now() - started).toBeGreaterThanOrEqual(1900);
      const fd = Number(readFileSync(`${file}.fd`, 'utf8'));
      // Closed: the number is free, or already reused for another file.
      const now = (() => {
        try {
          return fstatSync(fd).ino;
        } catch {
          return undefined;
        }
      })();
      expect(now).not.toBe(statSync(file).ino);
    },
  );
});
