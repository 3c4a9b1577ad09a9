import type { OfferedFile } from '@shared/p2p';
import { downloadBlob } from '@/components/download';
import { directorySink, type ReceivedFilesSink } from './directory-sink';
import { fileSystemCall, ReceivedFilesError } from './errors';

const INBOX = 'p2p-received';

/** The browser's private storage (OPFS): where files go when no folder can be picked (most phones). */
export const canUsePrivateStorage = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function';

/**
 * A sink into this transfer's own folder of the private storage, so names never clash across
 * transfers; `placed` are the names an earlier page gave its files (see directorySink).
 */
export async function privateStorageSink(transferId: string, placed?: Iterable<[number, string]>): Promise<ReceivedFilesSink> {
  if (!canUsePrivateStorage()) throw new ReceivedFilesError('unavailable');
  const root = await fileSystemCall(() => navigator.storage.getDirectory());
  const inbox = await fileSystemCall(() => root.getDirectoryHandle(INBOX, { create: true }));
  return directorySink(await fileSystemCall(() => inbox.getDirectoryHandle(transferId, { create: true })), placed);
}

/** Each transfer folder in the private storage and the bytes its files take, listed or not. */
export async function privateStorageUse(): Promise<{ transferId: string; bytes: number }[]> {
  if (!canUsePrivateStorage()) return [];
  return fileSystemCall(async () => {
    const root = await navigator.storage.getDirectory();
    let inbox: FileSystemDirectoryHandle;
    try {
      inbox = await root.getDirectoryHandle(INBOX);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'NotFoundError') return [];
      throw error;
    }
    const out: { transferId: string; bytes: number }[] = [];
    for await (const [name, handle] of entries(inbox))
      if (handle.kind === 'directory') out.push({ transferId: name, bytes: await folderBytes(handle as FileSystemDirectoryHandle) });
    return out;
  });
}

async function folderBytes(dir: FileSystemDirectoryHandle): Promise<number> {
  let bytes = 0;
  for await (const [, handle] of entries(dir)) {
    bytes +=
      handle.kind === 'file'
        ? (await (handle as FileSystemFileHandle).getFile()).size
        : await folderBytes(handle as FileSystemDirectoryHandle);
  }
  return bytes;
}

// TypeScript's DOM library lacks the async iteration of a directory.
const entries = (dir: FileSystemDirectoryHandle) => (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries();

/**
 * Saves one received file from the private storage to the user's downloads. The File is backed by
 * the storage on disk, so the download streams from there rather than through a copy in memory.
 * Downloads have no folders: the file keeps its own name, the browser numbers repeats.
 */
export async function saveReceivedFile(sink: ReceivedFilesSink, file: OfferedFile): Promise<void> {
  const received = await sink.getFile(file);
  downloadBlob(received, file.path.split('/').pop()!);
}

/** Frees the private storage of one transfer's files (after saving them), or of all. */
export async function clearPrivateStorage(transferId?: string): Promise<void> {
  if (!canUsePrivateStorage()) return;
  const root = await fileSystemCall(() => navigator.storage.getDirectory());
  await fileSystemCall(async () => {
    if (transferId === undefined) await root.removeEntry(INBOX, { recursive: true });
    else await (await root.getDirectoryHandle(INBOX)).removeEntry(transferId, { recursive: true });
  }).catch((error: ReceivedFilesError) => {
    if (error.code !== 'gone') throw error;
  });
}
