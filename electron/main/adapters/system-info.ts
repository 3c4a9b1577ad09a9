import { stat, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NativeDisk, NativeSystemInfo } from '@shared/contracts/system-info';

/**
 * Reads the machine's details with node:os. The disks are the file systems of the system root and
 * of the user's home (where their files live), plus every Windows drive letter that answers: listing
 * every mount would show dozens of pseudo file systems (proc, tmpfs, snaps) nobody asked about.
 */
export async function readSystemInfo(platform: NodeJS.Platform = process.platform): Promise<NativeSystemInfo> {
  const cpus = os.cpus();
  return {
    platform,
    osVersion: os.version(),
    osRelease: os.release(),
    arch: os.arch(),
    cpuModel: cpus[0]?.model.trim() ?? '',
    cpuCount: os.availableParallelism(),
    totalMemory: os.totalmem(),
    freeMemory: os.freemem(),
    disks: await readDisks(platform === 'win32' ? windowsDrives() : [path.parse(os.homedir()).root, os.homedir()]),
  };
}

function windowsDrives(): string[] {
  return Array.from({ length: 24 }, (_, index) => `${String.fromCharCode(67 + index)}:\\`);
}

/** Each file system once (by device id); paths that do not exist or cannot be read are left out. */
export async function readDisks(paths: readonly string[]): Promise<NativeDisk[]> {
  const seen = new Set<number | bigint>();
  const disks: NativeDisk[] = [];
  for (const candidate of paths) {
    try {
      const [{ dev }, fs] = await Promise.all([stat(candidate), statfs(candidate)]);
      if (seen.has(dev)) continue;
      seen.add(dev);
      disks.push({ path: candidate, total: fs.blocks * fs.bsize, free: fs.bavail * fs.bsize });
    } catch {
      // A drive letter with nothing behind it, or a path the user may not read: not a disk to show.
    }
  }
  return disks;
}
