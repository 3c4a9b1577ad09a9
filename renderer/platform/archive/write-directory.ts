import { safeEntryPath } from '@shared/archive/entry-path';
import { ArchiveError } from '@shared/contracts/archive';
import type { ArchiveResult } from './types';

/**
 * Extraction into a folder the user picked (File System Access API). A directory handle cannot
 * reach outside itself, and every path is checked again here anyway: `..` and absolute names never
 * get as far as a getDirectoryHandle call.
 */
export async function writeIntoDirectory(
  root: FileSystemDirectoryHandle,
  folders: readonly string[],
  produce: (write: (path: string, bytes: Uint8Array) => Promise<void>) => Promise<void>,
): Promise<ArchiveResult> {
  const handles = new Map<string, Promise<FileSystemDirectoryHandle>>([['', Promise.resolve(root)]]);
  const folder = (path: string): Promise<FileSystemDirectoryHandle> => {
    let handle = handles.get(path);
    if (!handle) {
      const cut = path.lastIndexOf('/');
      handle = folder(cut < 0 ? '' : path.slice(0, cut)).then((parent) => parent.getDirectoryHandle(path.slice(cut + 1), { create: true }));
      handles.set(path, handle);
    }
    return handle;
  };
  const checked = (path: string) => {
    const verdict = safeEntryPath(path);
    if (!verdict.ok) throw new ArchiveError('unsafePath', path);
    return verdict.path;
  };
  for (const path of folders) await folder(checked(path));
  let files = 0;
  let bytes = 0;
  await produce(async (path, data) => {
    const safe = checked(path);
    const cut = safe.lastIndexOf('/');
    const parent = await folder(cut < 0 ? '' : safe.slice(0, cut));
    const handle = await parent.getFileHandle(safe.slice(cut + 1), { create: true });
    const writable = await handle.createWritable();
    await writable.write(data as BufferSource);
    await writable.close();
    files += 1;
    bytes += data.length;
  });
  return { kind: 'written', folderName: root.name, files, bytes };
}
