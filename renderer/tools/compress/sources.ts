import type { DroppedTree } from '@/components/drop-entries';
import type { ArchiveFolder, ArchiveSource } from '@/platform';

/**
 * Files to archive with their paths inside the archive. A dropped folder keeps its name as the
 * top folder (like dragging it onto 7-Zip); picked files go to the top level; a picked folder
 * (webkitdirectory) brings its own relative paths.
 */
export function sourcesFromFiles(files: readonly File[]): ArchiveSource[] {
  return files.map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** A drop's files at the paths the drop gives them (a dropped folder keeps its name as the top folder). */
export function sourcesFromDrop(dropped: DroppedTree): ArchiveSource[] {
  return sourcesFromFiles(dropped.files);
}

/** The folders of a drop that hold nothing: no file stands for them, and an archive keeps them too. */
export function foldersFromDrop(dropped: DroppedTree): ArchiveFolder[] {
  return dropped.folders.filter((folder) => folder.empty).map(({ path, modified }) => ({ path, modified }));
}

/** Adds sources (or folders), the later one winning when two share a path. */
export function mergeSources<T extends { path: string }>(current: readonly T[], added: readonly T[]): T[] {
  const byPath = new Map(current.map((source) => [source.path, source]));
  for (const source of added) byPath.set(source.path, source);
  return [...byPath.values()];
}

/** A name for the archive: the single top folder's, else the single file's without extension, else a dated default. */
export function suggestArchiveName(sources: readonly ArchiveSource[], fallback: string, folders: readonly ArchiveFolder[] = []): string {
  const tops = new Set([...sources, ...folders].map((source) => source.path.split('/')[0]!));
  if (tops.size !== 1) return fallback;
  const [top] = tops;
  const isFolder = folders.length > 0 || sources.some((source) => source.path.includes('/'));
  return (isFolder ? top! : top!.replace(/\.[^.]+$/, '')) || fallback;
}
