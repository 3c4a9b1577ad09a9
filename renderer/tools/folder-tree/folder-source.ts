import type { PathEntry } from './folder-tree.service';

/**
 * Whether a folder is left unread: its path relative to the tree's root, with a trailing slash
 * (`node_modules/`, `src/.git/`), as the ignore rules see it. An ignored folder is listed as an
 * empty folder (the rules then drop it, exactly as if it had been read) and its contents are never
 * walked: a project's node_modules alone can hold 100 000 files, minutes of reading for nothing.
 */
export type SkipFolder = (relativePath: string) => boolean;

export interface FolderRead {
  entries: PathEntry[];
  /** Relative paths (trailing slash) of the folders left unread; if the rules stop ignoring one, read again. */
  skipped: string[];
}

const readAll: SkipFolder = () => false;

/**
 * Files from `<input webkitdirectory>`: each carries its path below the picked folder's parent in
 * `webkitRelativePath`. The input reports no folders of their own, so empty folders cannot show;
 * the browser has listed everything already, so nothing is skipped.
 */
export function entriesFromFiles(files: readonly File[]): PathEntry[] {
  return files.map((file) => ({ path: file.webkitRelativePath || file.name, size: file.size }));
}

function checkAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new DOMException('cancelled', 'AbortError');
}

/**
 * The roots of a drop. They must be taken from the event synchronously, before the first await, or
 * the browser empties the list; the entries themselves stay readable afterwards, so a drop can be
 * read again when the ignore rules change.
 */
export function dropRoots(transfer: DataTransfer): FileSystemEntry[] {
  return Array.from(transfer.items, (item) => (item.kind === 'file' ? item.webkitGetAsEntry() : null)).filter((entry): entry is FileSystemEntry => !!entry);
}

/**
 * A drop, folders walked with their full paths. The shared drop zone flattens a drop to files,
 * which loses both the paths and empty folders, so the tree reads the entries itself.
 */
export async function entriesFromDrop(roots: readonly FileSystemEntry[], skip: SkipFolder = readAll, signal?: AbortSignal): Promise<FolderRead> {
  // One dropped folder is the tree's root (rules match below it); several things sit under `.`.
  const single = roots.length === 1 && roots[0]!.isDirectory ? `/${roots[0]!.name}/` : '/';
  const skipped: string[] = [];
  const relative = (entry: FileSystemEntry) => `${entry.fullPath.startsWith(single) ? entry.fullPath.slice(single.length) : entry.fullPath.replace(/^\/+/, '')}/`;

  const walk = async (entry: FileSystemEntry, isRoot: boolean): Promise<PathEntry[]> => {
    checkAborted(signal);
    if (isFileEntry(entry)) {
      const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
      return [{ path: entry.fullPath, size: file.size }];
    }
    if (!isDirectoryEntry(entry)) return [];
    const self: PathEntry = { path: entry.fullPath, directory: true };
    if (!(isRoot && single !== '/') && skip(relative(entry))) {
      skipped.push(relative(entry));
      return [self];
    }
    const reader = entry.createReader();
    const children: FileSystemEntry[] = [];
    // readEntries hands out at most ~100 entries per call; an empty batch means the end.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
      if (batch.length === 0) break;
      children.push(...batch);
    }
    const nested = await Promise.all(children.map((child) => walk(child, false)));
    return [self, ...nested.flat()];
  };

  const lists = await Promise.all(roots.map((root) => walk(root, true)));
  return { entries: lists.flat(), skipped };
}

const isFileEntry = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectoryEntry = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

/** A picked folder, walked below its handle; the files of one folder are sized side by side. */
export async function entriesFromHandle(handle: FileSystemDirectoryHandle, skip: SkipFolder = readAll, signal?: AbortSignal): Promise<FolderRead> {
  const entries: PathEntry[] = [];
  const skipped: string[] = [];
  const walk = async (folder: FileSystemDirectoryHandle, path: string, relative: string): Promise<void> => {
    checkAborted(signal);
    entries.push({ path, directory: true });
    const folders: FileSystemDirectoryHandle[] = [];
    const files: FileSystemFileHandle[] = [];
    for await (const child of folder.values()) {
      if (child.kind === 'directory') folders.push(child as FileSystemDirectoryHandle);
      else files.push(child as FileSystemFileHandle);
    }
    const sized = await Promise.all(files.map(async (file) => ({ path: `${path}/${file.name}`, size: (await file.getFile()).size })));
    entries.push(...sized);
    for (const child of folders) {
      const childRelative = `${relative}${child.name}/`;
      if (skip(childRelative)) {
        skipped.push(childRelative);
        entries.push({ path: `${path}/${child.name}`, directory: true });
      } else await walk(child, `${path}/${child.name}`, childRelative);
    }
  };
  await walk(handle, handle.name, '');
  return { entries, skipped };
}
