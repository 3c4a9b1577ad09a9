import type { PathEntry } from './folder-tree.service';

/**
 * Files from `<input webkitdirectory>`: each carries its path below the picked folder's parent in
 * `webkitRelativePath`. The input reports no folders of their own, so empty folders cannot show.
 */
export function entriesFromFiles(files: readonly File[]): PathEntry[] {
  return files.map((file) => ({ path: file.webkitRelativePath || file.name, size: file.size }));
}

/**
 * A drop, folders walked with their full paths. The shared drop zone flattens a drop to files,
 * which loses both the paths and empty folders, so the tree reads the entries itself. Entries must
 * be taken from the event synchronously, before the first await, or the browser empties the list.
 */
export function entriesFromDrop(transfer: DataTransfer): Promise<PathEntry[]> {
  const roots = Array.from(transfer.items, (item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null)).filter((entry): entry is FileSystemEntry => !!entry);
  return Promise.all(roots.map(walkEntry)).then((lists) => lists.flat());
}

async function walkEntry(entry: FileSystemEntry): Promise<PathEntry[]> {
  if (isFileEntry(entry)) {
    const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
    return [{ path: entry.fullPath, size: file.size }];
  }
  if (!isDirectoryEntry(entry)) return [];
  const reader = entry.createReader();
  const children: FileSystemEntry[] = [];
  // readEntries hands out at most ~100 entries per call; an empty batch means the end.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) break;
    children.push(...batch);
  }
  const nested = await Promise.all(children.map(walkEntry));
  return [{ path: entry.fullPath, directory: true }, ...nested.flat()];
}

const isFileEntry = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectoryEntry = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

interface DirectoryPicker {
  showDirectoryPicker: (options?: { mode?: 'read' | 'readwrite'; id?: string }) => Promise<FileSystemDirectoryHandle>;
}

/**
 * The File System Access picker (Chromium): unlike the webkitdirectory input it shows no
 * "upload N files?" prompt and reports empty folders. Not in TypeScript's DOM types yet.
 */
export function directoryPicker(target: Window): DirectoryPicker['showDirectoryPicker'] | null {
  const picker = 'showDirectoryPicker' in target ? target.showDirectoryPicker : undefined;
  return isPicker(picker) ? picker.bind(target) : null;
}

const isPicker = (value: unknown): value is DirectoryPicker['showDirectoryPicker'] => typeof value === 'function';

export async function entriesFromHandle(handle: FileSystemDirectoryHandle, path = handle.name): Promise<PathEntry[]> {
  const out: PathEntry[] = [{ path, directory: true }];
  for await (const child of handle.values()) {
    const childPath = `${path}/${child.name}`;
    if (child.kind === 'directory') out.push(...(await entriesFromHandle(child, childPath)));
    else out.push({ path: childPath, size: (await child.getFile()).size });
  }
  return out;
}
