import { statfs } from 'node:fs/promises';
import { ArchiveError } from '@shared/contracts/archive';

/**
 * The adapter's errors as the page can show them. Node's own file-system errors carry the
 * absolute path and English text (`ENOENT: no such file or directory, stat '/home/…'`); only
 * their errno crosses to the page, inside an ArchiveError code it translates.
 */

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

/** The errno of a Node system error (`ENOENT`, `EACCES`…); undefined for anything else. */
export function errnoOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : undefined;
}

/**
 * What the adapter's public methods throw: ArchiveErrors as they are, system errors as
 * `diskFull` or `fileUnavailable` with the errno alone. TypeErrors are bad arguments (the IPC
 * schema and the page never send them) and stay as they are, as do other unexpected errors: a
 * code would only hide a bug.
 */
export function coded(error: unknown): unknown {
  if (error instanceof ArchiveError || error instanceof TypeError) return error;
  const errno = errnoOf(error);
  if (!errno) return error;
  return new ArchiveError(DISK_FULL.has(errno) ? 'diskFull' : 'fileUnavailable', errno);
}

/**
 * Below this much free space, a write 7-Zip reports only as "E_FAIL" is put down to the disk.
 * When a disk fills, writes stop with less than a block free; the margin covers block sizes and
 * whatever the system frees meanwhile.
 */
const NEARLY_FULL_BYTES = 1024 * 1024;

/**
 * Whether the disk holding `folder` has less room than `needed` bytes (at least the margin
 * above): asked after a failed write, since 7-Zip does not say why it could not write. False when
 * the system cannot tell.
 */
export async function lacksSpace(folder: string, needed = 0): Promise<boolean> {
  try {
    const { bavail, bsize } = await statfs(folder);
    return bavail * bsize < Math.max(NEARLY_FULL_BYTES, needed);
  } catch {
    return false;
  }
}
