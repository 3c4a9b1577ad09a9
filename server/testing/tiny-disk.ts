import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TinyDisk {
  path: string;
  remove(): Promise<void>;
}

/**
 * A real small file system (tmpfs, needs root) for full-disk tests; undefined, with the reason
 * printed, where mounting is not permitted, so the caller can skip.
 */
export async function mountTinyDisk(size: '1m' | '2m'): Promise<TinyDisk | undefined> {
  const path = await mkdtemp(join(tmpdir(), 'baibao-tiny-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path], { stdio: 'pipe' });
  } catch (error) {
    console.warn(`skipping a full-disk test: cannot mount a tmpfs (${(error as Error).message.split('\n')[0]})`);
    await rm(path, { recursive: true, force: true });
    return undefined;
  }
  return {
    path,
    async remove() {
      execFileSync('umount', [path]);
      await rm(path, { recursive: true, force: true });
    },
  };
}
