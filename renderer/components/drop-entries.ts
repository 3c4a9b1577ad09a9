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
  if (isDirectory(entry)) return readAll(entry.createReader()).then((children) => Promise.all(children.map(walk))).then((lists) => lists.flat());
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
