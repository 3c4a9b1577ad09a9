import { lstat, readdir, rename } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { join } from 'node:path';

/**
 * Extraction lands in a staging folder first; these put its content into the user's folder.
 * Folders merge and a file replaces a file of the same name, but a file never takes the place of a
 * folder, nor a folder of a file: that would mean deleting what the user has (a whole project
 * folder, because an archive holds a file called the same). A symlink in the destination counts as
 * a file even when it points at a folder: merging into it would write wherever it leads.
 * On case-insensitive disks (Windows, macOS) `lstat` finds `Projects` when asked for `projects`,
 * so names differing only in case clash the same way.
 */

const absent = (error: unknown): undefined => {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
};

const lstatIfPresent = (path: string): Promise<Stats | undefined> => lstat(path).catch(absent);

/**
 * The first staged entry that would replace a folder with a file or the reverse, as a '/'-separated
 * name relative to the destination; undefined when none would.
 */
export async function findConflict(staging: string, destination: string, prefix = ''): Promise<string | undefined> {
  for (const name of await readdir(staging)) {
    const existing = await lstatIfPresent(join(destination, name));
    // Nothing there: the entry moves as a whole, nothing under it can clash.
    if (!existing) continue;
    const staged = await lstat(join(staging, name));
    const relative = prefix ? `${prefix}/${name}` : name;
    if (staged.isDirectory() !== existing.isDirectory()) return relative;
    if (staged.isDirectory()) {
      const inner = await findConflict(join(staging, name), join(destination, name), relative);
      if (inner !== undefined) return inner;
    }
  }
  return undefined;
}

/**
 * Moves the staged tree into the destination (same disk: renames). Call after `findConflict`.
 * Should the destination change in between, `rename` refuses to put a file over a folder or a
 * folder over a file or a non-empty folder, so even then nothing of the user's is deleted.
 */
export async function moveInto(staging: string, destination: string): Promise<void> {
  for (const name of await readdir(staging)) {
    const source = join(staging, name);
    const target = join(destination, name);
    const [staged, existing] = await Promise.all([lstat(source), lstatIfPresent(target)]);
    if (staged.isDirectory() && existing?.isDirectory()) await moveInto(source, target);
    else await rename(source, target);
  }
}
