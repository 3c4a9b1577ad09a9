import type { ArchiveEntry } from '@shared/contracts/archive';

/**
 * A selection of files named in as few paths as main's extraction understands (a folder path
 * stands for everything under it), so that picking a folder of 150,000 files does not exceed the
 * number of paths `archive:extract` takes. A folder whose every file is selected is named instead
 * of its files; undefined when that is every file of the archive ("extract all").
 */
export function shortestSelection(entries: readonly ArchiveEntry[], paths: readonly string[]): string[] | undefined {
  const selected = new Set(paths);
  const files = entries.filter((entry) => !entry.directory);
  if (files.length > 0 && files.every((file) => selected.has(file.path))) return undefined;
  const total = new Map<string, number>();
  const chosen = new Map<string, number>();
  const ancestors = (path: string) =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join('/'));
  for (const file of files) {
    for (const folder of ancestors(file.path)) {
      total.set(folder, (total.get(folder) ?? 0) + 1);
      if (selected.has(file.path)) chosen.set(folder, (chosen.get(folder) ?? 0) + 1);
    }
  }
  const shortest = new Set<string>();
  for (const path of paths) {
    const whole = ancestors(path).find((folder) => chosen.get(folder) === total.get(folder));
    shortest.add(whole ?? path);
  }
  return [...shortest];
}
