import { lstat, readdir, readlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import { ArchiveError } from '@shared/contracts/archive';
import { safeEntryPath } from '@shared/archive/entry-path';
import { ExpansionGuard } from '@shared/archive/limits';
import type { ExpansionLimits, ExpansionVerdict } from '@shared/archive/limits';
import type { SevenZipListedEntry } from '@shared/archive/sevenzip-listing';

export function bombError(verdict: Exclude<ExpansionVerdict, { ok: true }>): ArchiveError {
  const ratio = Number.isFinite(verdict.ratio) ? ` (${Math.round(verdict.ratio)}×)` : '';
  return new ArchiveError('bomb', `${verdict.reason}: ${verdict.totalBytes} bytes${ratio}`);
}

/** A listed entry with its checked path. */
export interface CheckedEntry extends SevenZipListedEntry {
  path: string;
}

/** `safeEntryPath` for every name, or `unsafePath` naming the first bad one (quoted: it may hold control characters). */
export function checkNames(entries: readonly SevenZipListedEntry[]): CheckedEntry[] {
  return entries.map((entry) => {
    const verdict = safeEntryPath(entry.rawPath);
    if (!verdict.ok) throw new ArchiveError('unsafePath', `${JSON.stringify(entry.rawPath)} (${verdict.reason})`);
    return { ...entry, path: verdict.path };
  });
}

/** Where a relative link at `path` points, inside the archive tree; undefined when it leaves it. */
function linkDestination(path: string, target: string): string | undefined {
  if (posix.isAbsolute(target) || /^[a-zA-Z]:/.test(target) || target.startsWith('\\')) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(path), target.replace(/\\/g, '/')));
  return joined === '..' || joined.startsWith('../') ? undefined : joined;
}

/**
 * Links, before anything is written: a link may not point out of the tree (tar shows targets in
 * the listing; zip and 7z do not, see `checkWrittenLinks`), a hard link must name an entry path,
 * and nothing may be listed at or under a link — the "symlink to /tmp, then link/evil" trick that
 * makes the extractor write through the link. Compared case-insensitively for macOS and Windows.
 */
export function checkLinks(entries: readonly CheckedEntry[]): void {
  const links = new Set<string>();
  for (const entry of entries) {
    if (entry.symlink) {
      if (entry.linkTarget !== undefined && !linkDestination(entry.path, entry.linkTarget)) {
        throw new ArchiveError('unsafePath', `${entry.path} links outside the folder`);
      }
      links.add(entry.path.toLowerCase());
    }
    if (entry.hardLinkTarget !== undefined && !safeEntryPath(entry.hardLinkTarget).ok) {
      throw new ArchiveError('unsafePath', `${entry.path} hard-links outside the folder`);
    }
  }
  if (links.size === 0) return;
  const seen = new Set<string>();
  for (const entry of entries) {
    const lower = entry.path.toLowerCase();
    const segments = lower.split('/');
    for (let depth = 1; depth < segments.length; depth++) {
      if (links.has(segments.slice(0, depth).join('/'))) throw new ArchiveError('unsafePath', `${entry.path} lies under a link`);
    }
    if (links.has(lower) && seen.has(lower)) throw new ArchiveError('unsafePath', `${entry.path} is listed twice, once as a link`);
    seen.add(lower);
  }
}

export interface TreeSummary {
  files: number;
  bytes: number;
  links: string[];
}

/** Files, bytes and links under `root`, never following links. */
export async function summarizeTree(root: string): Promise<TreeSummary> {
  const summary: TreeSummary = { files: 0, bytes: 0, links: [] };
  const walk = async (dir: string): Promise<void> => {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const path = join(dir, name);
      const info = await lstat(path).catch(() => undefined);
      if (!info) continue;
      if (info.isDirectory()) await walk(path);
      else {
        summary.files += 1;
        summary.bytes += info.isSymbolicLink() ? 0 : info.size;
        if (info.isSymbolicLink()) summary.links.push(path);
      }
    }
  };
  await walk(root);
  return summary;
}

/** After 7-Zip wrote zip/7z links (whose targets the listing does not show): each must stay inside `root`. */
export async function checkWrittenLinks(root: string, links: readonly string[]): Promise<void> {
  for (const link of links) {
    const target = await readlink(link);
    const landing = resolve(dirname(link), target);
    const inside = relative(root, landing);
    if (isAbsolute(target) || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
      throw new ArchiveError('unsafePath', `${relative(root, link)} links outside the folder`);
    }
  }
}

/**
 * Watches what 7-Zip really writes (headers can lie, and bare .bz2/.gz streams declare nothing):
 * walks the staging folder on a timer whose period grows with the walk's cost, and calls `onBomb`
 * once a limit is crossed.
 */
export function watchExpansion(
  root: string,
  archiveBytes: number,
  limits: ExpansionLimits,
  onBomb: (verdict: ExpansionVerdict) => void,
): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    const started = performance.now();
    const { files, bytes } = await summarizeTree(root);
    if (stopped) return;
    const verdict: ExpansionVerdict =
      files > limits.maxEntries
        ? { ok: false, reason: 'tooManyEntries', totalBytes: bytes, ratio: bytes / archiveBytes }
        : new ExpansionGuard(archiveBytes, limits).add(bytes);
    if (!verdict.ok) return onBomb(verdict);
    timer = setTimeout(tick, Math.max(100, (performance.now() - started) * 4));
  };
  timer = setTimeout(tick, 100);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
