import type { ArchiveSource } from '@/platform/archive/types';

/**
 * Files to archive with their paths inside the archive. A dropped folder keeps its name as the
 * top folder (like dragging it onto 7-Zip); picked files go to the top level; a picked folder
 * (webkitdirectory) brings its own relative paths.
 */
export function sourcesFromFiles(files: readonly File[]): ArchiveSource[] {
  return files.map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** Entries must be taken from the drop event synchronously; the browser empties the list after the handler. */
export function sourcesFromDrop(transfer: DataTransfer): Promise<ArchiveSource[]> {
  const roots = Array.from(transfer.items, (item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null)).filter((entry): entry is FileSystemEntry => !!entry);
  if (roots.length === 0) return Promise.resolve(sourcesFromFiles(Array.from(transfer.files)));
  return Promise.all(roots.map(walk)).then((lists) => lists.flat());
}

async function walk(entry: FileSystemEntry): Promise<ArchiveSource[]> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    return [{ file, path: entry.fullPath.replace(/^\/+/, '') }];
  }
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries hands out at most ~100 entries per call; an empty batch means the end.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  return (await Promise.all(children.map(walk))).flat();
}

/** Adds sources, the later one winning when two share a path. */
export function mergeSources(current: readonly ArchiveSource[], added: readonly ArchiveSource[]): ArchiveSource[] {
  const byPath = new Map(current.map((source) => [source.path, source]));
  for (const source of added) byPath.set(source.path, source);
  return [...byPath.values()];
}

/** A name for the archive: the single top folder's, else the single file's without extension, else a dated default. */
export function suggestArchiveName(sources: readonly ArchiveSource[], fallback: string): string {
  const tops = new Set(sources.map((source) => source.path.split('/')[0]!));
  if (tops.size !== 1) return fallback;
  const [top] = tops;
  const isFolder = sources.some((source) => source.path.includes('/'));
  return (isFolder ? top! : top!.replace(/\.[^.]+$/, '')) || fallback;
}
