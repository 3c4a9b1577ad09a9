import { walkDropped } from '@/components/drop-entries';
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
 * A drop (its entries, as FileDropZone's folder-entries mode hands them over), folders walked with
 * their full paths, empty ones included. The entries stay readable, so a drop can be read again
 * when the ignore rules change.
 */
export async function entriesFromDrop(
  roots: readonly FileSystemEntry[],
  skip: SkipFolder = readAll,
  signal?: AbortSignal,
): Promise<FolderRead> {
  // One dropped folder is the tree's root (rules match below it, and it is always read); several things sit under `.`.
  const single = roots.length === 1 && roots[0]!.isDirectory ? `/${roots[0]!.name}/` : '/';
  const relative = (entry: FileSystemEntry) =>
    `${entry.fullPath.startsWith(single) ? entry.fullPath.slice(single.length) : entry.fullPath.replace(/^\/+/, '')}/`;
  const dropped = await walkDropped(roots, { skip: (folder, isRoot) => !(isRoot && single !== '/') && skip(relative(folder)), signal });
  const skipped = dropped.folders
    .filter((folder) => folder.skipped)
    .map((folder) => relative({ fullPath: `/${folder.path}` } as FileSystemEntry));
  const entries: PathEntry[] = [
    ...dropped.folders.map((folder) => ({ path: `/${folder.path}`, directory: true })),
    ...dropped.files.map((file) => ({ path: `/${file.webkitRelativePath || file.name}`, size: file.size })),
  ];
  return { entries, skipped };
}

/** A picked folder, walked below its handle; the files of one folder are sized side by side. */
export async function entriesFromHandle(
  handle: FileSystemDirectoryHandle,
  skip: SkipFolder = readAll,
  signal?: AbortSignal,
): Promise<FolderRead> {
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
