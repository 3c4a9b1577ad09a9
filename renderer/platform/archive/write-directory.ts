import { safeEntryPath } from '@shared/archive/entry-path';
import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveResult } from './types';

/**
 * Extraction into a folder the user picked (File System Access API). A directory handle cannot
 * reach outside itself, and every path is checked again here anyway: `..` and absolute names never
 * get as far as a getDirectoryHandle call.
 *
 * Same rule as the desktop (electron/main/adapters/archive/placement.ts): folders merge, a file
 * replaces a file, and an entry whose kind differs from what the folder already holds under its
 * name (file against folder) refuses the whole extraction with `conflict` before anything is
 * written. The browser itself never replaces one kind with the other (TypeMismatchError), so a
 * clash that appears only while writing is reported the same way.
 */

/** What the File System Access API throws, as the codes the page translates; the entry's name is the only detail besides the error's name. */
function coded(error: unknown, path: string): unknown {
  if (!(error instanceof DOMException)) return error;
  if (error.name === 'TypeMismatchError') return new ArchiveError('conflict', path);
  if (error.name === 'QuotaExceededError') return new ArchiveError('diskFull', error.name);
  if (['NotFoundError', 'NotAllowedError', 'NoModificationAllowedError', 'NotReadableError', 'InvalidStateError'].includes(error.name)) {
    return new ArchiveError('fileUnavailable', error.name);
  }
  return error;
}

/** The entries to write as a tree; a name that is both a file and a folder (a broken archive) is scanned as a folder and clashes when written. */
interface Node {
  children: Map<string, Node>;
  folder: boolean;
}

function tree(folders: readonly string[], files: readonly string[]): Node {
  const root: Node = { children: new Map(), folder: true };
  const add = (path: string, file: boolean) => {
    let node = root;
    const segments = path.split('/');
    for (const [index, segment] of segments.entries()) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map(), folder: false }));
      if (index < segments.length - 1 || !file) child.folder = true;
      node = child;
    }
  };
  for (const path of folders) add(path, false);
  for (const path of files) add(path, true);
  return root;
}

/** Looks, without creating anything, for an entry whose kind differs from what `handle` already holds under its name. */
async function findConflict(handle: FileSystemDirectoryHandle, node: Node, prefix: string): Promise<string | undefined> {
  for (const [name, child] of node.children) {
    const path = prefix ? `${prefix}/${name}` : name;
    try {
      if (child.folder) {
        const found = await findConflict(await handle.getDirectoryHandle(name), child, path);
        if (found !== undefined) return found;
      } else await handle.getFileHandle(name);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'NotFoundError') continue;
      if (error instanceof DOMException && error.name === 'TypeMismatchError') return path;
      throw coded(error, path);
    }
  }
  return undefined;
}

export async function writeIntoDirectory(
  root: FileSystemDirectoryHandle,
  entries: { folders: readonly string[]; files: readonly string[] },
  produce: (write: (path: string, bytes: Uint8Array) => Promise<void>) => Promise<void>,
): Promise<ArchiveResult> {
  const checked = (path: string) => {
    const verdict = safeEntryPath(path);
    if (!verdict.ok) throw new ArchiveError('unsafePath', path);
    return verdict.path;
  };
  const clash = await findConflict(root, tree(entries.folders.map(checked), entries.files.map(checked)), '');
  if (clash !== undefined) throw new ArchiveError('conflict', clash);

  const handles = new Map<string, Promise<FileSystemDirectoryHandle>>([['', Promise.resolve(root)]]);
  const folder = (path: string): Promise<FileSystemDirectoryHandle> => {
    let handle = handles.get(path);
    if (!handle) {
      const cut = path.lastIndexOf('/');
      handle = folder(cut < 0 ? '' : path.slice(0, cut)).then((parent) =>
        parent.getDirectoryHandle(path.slice(cut + 1), { create: true }).catch((error: unknown) => {
          throw coded(error, path);
        }),
      );
      handles.set(path, handle);
    }
    return handle;
  };
  for (const path of entries.folders) await folder(checked(path));
  let files = 0;
  let bytes = 0;
  await produce(async (path, data) => {
    const safe = checked(path);
    const cut = safe.lastIndexOf('/');
    const parent = await folder(cut < 0 ? '' : safe.slice(0, cut));
    try {
      const handle = await parent.getFileHandle(safe.slice(cut + 1), { create: true });
      const writable = await handle.createWritable();
      await writable.write(data as BufferSource);
      await writable.close();
    } catch (error) {
      throw coded(error, safe);
    }
    files += 1;
    bytes += data.length;
  });
  return { kind: 'written', folderName: root.name, files, bytes };
}
