import type { OfferedFile, ReceiveSink, SinkFile } from '@shared/p2p';
import { fileSystemCall, ReceivedFilesError, toReceivedFilesError } from './errors';

/** A sink whose files can be read back: to preview them, or save them out of the browser's storage. */
export interface ReceivedFilesSink extends ReceiveSink {
  /** The received file, read from disk on demand (not a copy in memory). */
  getFile(file: OfferedFile): Promise<File>;
  /** Where `file` went, relative to the folder: a name already taken gets ' (1)', ' (2)'… */
  savedPath(file: OfferedFile): string | undefined;
}

interface Placed {
  dir: FileSystemDirectoryHandle;
  name: string;
}

/**
 * Writes received files into a folder: one the user picked (File System Access) or the transfer's
 * folder in the browser's private storage (OPFS). A folder transfer's subfolders are created; an
 * existing file is never overwritten (the new one gets a free name). Writes stream through
 * FileSystemWritableFileStream; a resume reopens with keepExistingData and continues at the
 * acknowledged offset.
 */
export function directorySink(root: FileSystemDirectoryHandle): ReceivedFilesSink {
  const placed = new Map<number, Placed>();

  const place = async (file: OfferedFile): Promise<Placed> => {
    const known = placed.get(file.index);
    if (known) return known;
    const parts = file.path.split('/');
    let dir = root;
    for (const folder of parts.slice(0, -1)) dir = await fileSystemCall(() => dir.getDirectoryHandle(folder, { create: true }));
    const name = await freeName(dir, parts[parts.length - 1]!);
    const spot = { dir, name };
    placed.set(file.index, spot);
    return spot;
  };

  const remove = async ({ dir, name }: Placed): Promise<void> => {
    await fileSystemCall(() => dir.removeEntry(name)).catch((error: ReceivedFilesError) => {
      if (error.code !== 'gone') throw error;
    });
  };

  return {
    async open(file, { resumeAt }) {
      const spot = await place(file);
      const handle = await fileSystemCall(() => spot.dir.getFileHandle(spot.name, { create: true }));
      // Safari before 26 has no writable streams (only sync handles inside workers).
      if (typeof handle.createWritable !== 'function') throw new ReceivedFilesError('unavailable');
      const writable = await fileSystemCall(() => handle.createWritable({ keepExistingData: resumeAt > 0 }));
      if (resumeAt > 0) await fileSystemCall(() => writable.seek(resumeAt));
      const sinkFile: SinkFile = {
        write: (data) => fileSystemCall(() => writable.write(data as Uint8Array<ArrayBuffer>)),
        truncate: (size) => fileSystemCall(() => writable.truncate(size)),
        close: () => fileSystemCall(() => writable.close()),
        abort: async () => {
          await fileSystemCall(() => writable.abort());
          // A resumed file was committed at the drop: aborting the stream leaves that part behind.
          await remove(spot);
        },
      };
      return sinkFile;
    },
    async discard(file) {
      const spot = placed.get(file.index);
      if (spot) await remove(spot);
    },
    async getFile(file) {
      const spot = placed.get(file.index);
      if (!spot) throw new ReceivedFilesError('gone');
      return fileSystemCall(async () => (await spot.dir.getFileHandle(spot.name)).getFile());
    },
    savedPath(file) {
      const spot = placed.get(file.index);
      return spot ? [...file.path.split('/').slice(0, -1), spot.name].join('/') : undefined;
    },
  };
}

/** `name`, or 'name (1).ext', 'name (2).ext'… — the first not taken by a file or a folder. */
async function freeName(dir: FileSystemDirectoryHandle, name: string): Promise<string> {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? name : `${stem} (${n})${extension}`;
    if (!(await taken(dir, candidate))) return candidate;
  }
}

async function taken(dir: FileSystemDirectoryHandle, name: string): Promise<boolean> {
  try {
    await dir.getFileHandle(name);
    return true;
  } catch (error) {
    // TypeMismatchError: a folder of that name.
    if (error instanceof DOMException && error.name === 'NotFoundError') return false;
    if (error instanceof DOMException && error.name === 'TypeMismatchError') return true;
    throw toReceivedFilesError(error);
  }
}
