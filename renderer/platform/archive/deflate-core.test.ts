import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { archiveErrorCode } from '@shared/contracts/archive';
import { tarEnd, tarHeader, tarPadding } from '@shared/archive/tar-writer';
import { gzipBlob } from './deflate-core';

const text = (size: number) => new TextEncoder().encode('tar.gz 压缩测试，重复的文字。\n'.repeat(Math.ceil(size / 40))).slice(0, size);
const joined = (chunks: Uint8Array[]) => new Uint8Array(Buffer.concat(chunks));

/** Records the formats CompressionStream is made with (the browser's native zlib; Node has it too). */
function spyOnCompressionStream(): string[] {
  const formats: string[] = [];
  const Native = globalThis.CompressionStream;
  vi.stubGlobal(
    'CompressionStream',
    class extends Native {
      constructor(format: CompressionFormat) {
        super(format);
        formats.push(format);
      }
    },
  );
  return formats;
}
afterEach(() => void vi.unstubAllGlobals());

describe('gzipBlob (tar.gz)', () => {
  it('gzips at level 6 with the native CompressionStream, in slices, with progress', async () => {
    const formats = spyOnCompressionStream();
    const data = text(9 * 1024 * 1024);
    const progress: number[] = [];
    const chunks = await gzipBlob(
      new Blob([data]),
      6,
      (fraction) => progress.push(fraction),
      () => false,
    );
    expect(formats).toEqual(['gzip']);
    const gz = joined(chunks);
    expect([...gz.subarray(0, 3)]).toEqual([0x1f, 0x8b, 8]);
    expect(Buffer.from(gunzipSync(gz)).equals(Buffer.from(data))).toBe(true);
    expect(gz.length).toBeLessThan(data.length / 10);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(2);
  });

  it('keeps fflate for the other levels, and gzips an empty blob', async () => {
    const formats = spyOnCompressionStream();
    const data = text(100_000);
    for (const level of [0, 1, 9] as const)
      expect(
        Buffer.from(
          gunzipSync(
            joined(
              await gzipBlob(
                new Blob([data]),
                level,
                () => undefined,
                () => false,
              ),
            ),
          ),
        ).equals(Buffer.from(data)),
        `level ${level}`,
      ).toBe(true);
    expect(formats).toEqual([]);
    for (const level of [6, 9] as const)
      expect(
        gunzipSync(
          joined(
            await gzipBlob(
              new Blob([]),
              level,
              () => undefined,
              () => false,
            ),
          ),
        ).length,
      ).toBe(0);
  });

  it('stops when cancelled', async () => {
    let calls = 0;
    const failure = await gzipBlob(
      new Blob([text(12 * 1024 * 1024)]),
      6,
      () => undefined,
      () => ++calls > 1,
    ).catch((error: unknown) => error);
    expect(archiveErrorCode(failure)).toBe('cancelled');
  });

  it('writes a tar.gz that the system tar unpacks', async (context) => {
    try {
      execFileSync('tar', ['--version']);
    } catch {
      context.skip();
    }
    const files: [string, Uint8Array][] = [
      ['项目/说明.txt', text(300_000)],
      ['项目/空.txt', new Uint8Array(0)],
    ];
    const parts: Uint8Array[] = [tarHeader({ path: '项目', directory: true, size: 0, modified: Date.UTC(2024, 0, 1) })];
    for (const [path, bytes] of files)
      parts.push(
        tarHeader({ path, directory: false, size: bytes.length, modified: Date.UTC(2024, 0, 1) }),
        bytes,
        new Uint8Array(tarPadding(bytes.length)),
      );
    parts.push(tarEnd());
    const dir = mkdtempSync(join(tmpdir(), 'baibao-targz-'));
    try {
      writeFileSync(
        join(dir, 'a.tar.gz'),
        joined(
          await gzipBlob(
            new Blob(parts as BlobPart[]),
            6,
            () => undefined,
            () => false,
          ),
        ),
      );
      execFileSync('tar', ['-xzf', 'a.tar.gz'], { cwd: dir });
      for (const [path, bytes] of files) expect(readFileSync(join(dir, path)).equals(Buffer.from(bytes)), path).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
