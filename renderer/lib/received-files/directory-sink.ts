import type { OfferedFile, ReceiveSink, SinkFile } from '@shared/p2p';
import { fileSystemCall, ReceivedFilesError, toReceivedFilesError } from './errors';

/** A sink whose files can be read back: to preview them, or save them out of the browser's storage. */
export interface ReceivedFilesSink extends ReceiveSink {
  /** The received file, read from disk on demand (not a copy in memory). */
  getFile(file: OfferedFile): Promise<File>;
  /** Where `file` went, relative to the folder: a name already taken gets ' (1)', ' (2)'… */
  savedPath(file: OfferedFile): string | undefined;
  /** The name each file got, to be kept with a transfer that may continue after a reload. */
  placements(): [index: number, name: string][];
  /** Deletes a received file (gone already is fine). */
  remove(file: OfferedFile): Promise<void>;
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
 * acknowledged offset. `placed` are the names an earlier page gave (a transfer continued after a
 * reload): its partial file is reopened, not given a new name beside it.
 */
export function directorySink(root: FileSystemDirectoryHandle, placed: Iterable<[number, string]> = []): ReceivedFilesSink {
  const names = new Map<number, string>(placed);

  // Only writing creates folders: reading or deleting a file whose folder went away finds it gone.
  const place = async (file: OfferedFile, create = true): Promise<Placed> => {
    let dir = root;
    for (const folder of file.path.split('/').slice(0, -1)) dir = await fileSystemCall(() => dir.getDirectoryHandle(folder, { create }));
    const known = names.get(file.index);
    if (known) return { dir, name: known };
    const name = await freeName(dir, file.path.split('/').pop()!);
    names.set(file.index, name);
    return { dir, name };
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
      if (!names.has(file.index)) return;
      await place(file, false).then(remove, (error: ReceivedFilesError) => {
        if (error.code !== 'gone') throw error;
      });
    },
    remove(file) {
      return this.discard(file);
    },
    async getFile(file) {
      if (!names.has(file.index)) throw new ReceivedFilesError('gone');
      const spot = await place(file, false);
      return fileSystemCall(async () => (await spot.dir.getFileHandle(spot.name)).getFile());
    },
    savedPath(file) {
      const name = names.get(file.index);
      return name ? [...file.path.split('/').slice(0, -1), name].join('/') : undefined;
    },
    placements: () => [...names],
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
