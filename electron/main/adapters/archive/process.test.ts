import { fstatSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archiveErrorCode } from '@shared/contracts/archive';
import { defaultEngine, runSevenZip } from './process';

const dir = mkdtempSync(join(tmpdir(), 'baibao-7z-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('runSevenZip', () => {
  it.skipIf(process.platform === 'win32')('ends a worker that ignores the cancel, closes the file it left open, then rejects as cancelled', async () => {
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
  });
});
