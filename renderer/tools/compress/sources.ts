import type { ArchiveFolder, ArchiveSource } from '@/platform';

/**
 * Files to archive with their paths inside the archive. A dropped folder keeps its name as the
 * top folder (like dragging it onto 7-Zip); picked files go to the top level; a picked folder
 * (webkitdirectory) brings its own relative paths.
 */
export function sourcesFromFiles(files: readonly File[]): ArchiveSource[] {
  return files.map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}

/** What a drop brings: its files, and the folders among them that hold nothing (an archive keeps those too). */
export interface Dropped {
  sources: ArchiveSource[];
  folders: ArchiveFolder[];
}

const joined = (parts: readonly Dropped[]): Dropped => ({ sources: parts.flatMap((part) => part.sources), folders: parts.flatMap((part) => part.folders) });

/** Entries must be taken from the drop event synchronously; the browser empties the list after the handler. */
export async function sourcesFromDrop(transfer: DataTransfer): Promise<Dropped> {
  const roots = Array.from(transfer.items, (item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null)).filter((entry): entry is FileSystemEntry => !!entry);
  if (roots.length === 0) return { sources: sourcesFromFiles(Array.from(transfer.files)), folders: [] };
  return joined(await Promise.all(roots.map(walk)));
}

const innerPath = (entry: FileSystemEntry) => entry.fullPath.replace(/^\/+/, '');

/** A folder's date where the browser tells it (Chromium does); undefined otherwise. */
function folderDate(entry: FileSystemEntry): Promise<number | undefined> {
  const withMetadata = entry as FileSystemEntry & { getMetadata?: (success: (metadata: { modificationTime?: Date }) => void, failure: () => void) => void };
  if (typeof withMetadata.getMetadata !== 'function') return Promise.resolve(undefined);
  return new Promise((resolve) => withMetadata.getMetadata!((metadata) => resolve(metadata.modificationTime?.getTime()), () => resolve(undefined)));
}

async function walk(entry: FileSystemEntry): Promise<Dropped> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    return { sources: [{ file, path: innerPath(entry) }], folders: [] };
  }
  if (!entry.isDirectory) return { sources: [], folders: [] };
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries hands out at most ~100 entries per call; an empty batch means the end.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  if (children.length === 0) return { sources: [], folders: [{ path: innerPath(entry), modified: await folderDate(entry) }] };
  return joined(await Promise.all(children.map(walk)));
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
