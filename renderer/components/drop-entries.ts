/**
 * Files of a drop, with dropped folders walked recursively (the browser hands a folder over as one
 * entry, and as an unreadable zero-byte "file" in `dataTransfer.files`). Entries must be taken
 * from the event synchronously, before the first await, or the browser empties the list.
 */
export function collectDroppedFiles(transfer: DataTransfer): Promise<File[]> {
  const entries = Array.from(transfer.items, (item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null));
  if (entries.length === 0 || entries.some((entry) => !entry)) return Promise.resolve(Array.from(transfer.files));
  return Promise.all(entries.map((entry) => (entry ? walk(entry) : []))).then((lists) => lists.flat());
}

function walk(entry: FileSystemEntry): Promise<File[]> {
  if (isFile(entry)) return new Promise((resolve, reject) => entry.file((file) => resolve([withFolderPath(file, entry.fullPath)]), reject));
  if (isDirectory(entry))
    return readAll(entry.createReader())
      .then((children) => Promise.all(children.map(walk)))
      .then((lists) => lists.flat());
  return Promise.resolve([]);
}

/**
 * A file from inside a dropped folder, with the `webkitRelativePath` a folder pick gives it
 * ("photos/2024/a.jpg"): the browser leaves it empty for dropped entries, and the tools that keep
 * folders (archives, encoding zip, file types) read it.
 */
function withFolderPath(file: File, fullPath: string): File {
  const path = fullPath.replace(/^\/+/, '');
  if (!path.includes('/') || file.webkitRelativePath) return file;
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

/** `readEntries` returns at most ~100 entries per call; keep calling until it returns none. */
async function readAll(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

const isFile = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile;
const isDirectory = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory;

// ---- folder-entries mode: what a drop holds, folders included ----------------------------------

/**
 * The entries of a drop, for `FileDropZone`'s folder-entries mode. They must be taken from the event
 * synchronously, or the browser empties the list; the entries stay readable afterwards, so a page
 * can walk them again later (the folder tree does when its ignore rules change).
 */
export function dropRoots(transfer: DataTransfer): FileSystemEntry[] {
  return Array.from(transfer.items, (item) => (item.kind === 'file' ? item.webkitGetAsEntry?.() : null)).filter(
    (entry): entry is FileSystemEntry => !!entry,
  );
}

export interface DroppedFolder {
  /** '/'-separated, relative to the drop ("photos/2024"). */
  path: string;
  /** Holds nothing: no file stands for it, so a page that wants it must keep it by itself. */
  empty: boolean;
  /** Left unread because `skip` said so (its contents are unknown, it is not `empty`). */
  skipped: boolean;
  /** Where the browser tells it (Chromium does), for empty folders only: a file carries its own. */
  modified?: number;
}

export interface DroppedTree {
  /** Each file with the `webkitRelativePath` a folder pick would give it. */
  files: File[];
  /** Every folder, in the order walked (a folder before what is inside it). */
  folders: DroppedFolder[];
}

export interface WalkOptions {
  /** Folders not to read (say node_modules); `isRoot` for a dropped folder itself, which a page may well want read whatever its name. */
  skip?: (folder: FileSystemDirectoryEntry, isRoot: boolean) => boolean;
  signal?: AbortSignal;
}

const relativePath = (entry: FileSystemEntry) => entry.fullPath.replace(/^\/+/, '');

/** A folder's date where the browser tells it; undefined otherwise. */
function folderDate(entry: FileSystemDirectoryEntry): Promise<number | undefined> {
  // Chromium's non-standard getMetadata, absent from TypeScript's DOM types.
  const withMetadata = entry as FileSystemDirectoryEntry & {
    getMetadata?: (success: (metadata: { modificationTime?: Date }) => void, failure: () => void) => void;
  };
  if (typeof withMetadata.getMetadata !== 'function') return Promise.resolve(undefined);
  return new Promise((resolve) =>
    withMetadata.getMetadata!(
      (metadata) => resolve(metadata.modificationTime?.getTime()),
      () => resolve(undefined),
    ),
  );
}

/** Walks dropped entries whole: files with their folder paths, and every folder, empty ones included, in drop order. */
export async function walkDropped(roots: readonly FileSystemEntry[], { skip, signal }: WalkOptions = {}): Promise<DroppedTree> {
  const walkOne = async (entry: FileSystemEntry, isRoot: boolean): Promise<DroppedTree> => {
    if (signal?.aborted) throw new DOMException('cancelled', 'AbortError');
    if (isFile(entry)) {
      const file = await new Promise<File>((resolve, reject) => entry.file(resolve, reject));
      return { files: [withFolderPath(file, entry.fullPath)], folders: [] };
    }
    if (!isDirectory(entry)) return { files: [], folders: [] };
    const folder: DroppedFolder = { path: relativePath(entry), empty: false, skipped: false };
    if (skip?.(entry, isRoot)) return { files: [], folders: [{ ...folder, skipped: true }] };
    const children = await readAll(entry.createReader());
    if (children.length === 0) return { files: [], folders: [{ ...folder, empty: true, modified: await folderDate(entry) }] };
    return joined([{ files: [], folders: [folder] }, ...(await Promise.all(children.map((child) => walkOne(child, false))))]);
  };
  return joined(await Promise.all(roots.map((root) => walkOne(root, true))));
}

const joined = (parts: readonly DroppedTree[]): DroppedTree => ({
  files: parts.flatMap((part) => part.files),
  folders: parts.flatMap((part) => part.folders),
});
