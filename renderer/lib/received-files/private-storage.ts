import type { OfferedFile } from '@shared/p2p';
import { downloadBlob } from '@/components/download';
import { directorySink, type ReceivedFilesSink } from './directory-sink';
import { fileSystemCall, ReceivedFilesError } from './errors';

const INBOX = 'p2p-received';

/** The browser's private storage (OPFS): where files go when no folder can be picked (most phones). */
export const canUsePrivateStorage = (): boolean =>
  typeof navigator !== 'undefined' && typeof navigator.storage?.getDirectory === 'function';

/** A sink into this transfer's own folder of the private storage, so names never clash across transfers. */
export async function privateStorageSink(transferId: string): Promise<ReceivedFilesSink> {
  if (!canUsePrivateStorage()) throw new ReceivedFilesError('unavailable');
  const root = await fileSystemCall(() => navigator.storage.getDirectory());
  const inbox = await fileSystemCall(() => root.getDirectoryHandle(INBOX, { create: true }));
  return directorySink(await fileSystemCall(() => inbox.getDirectoryHandle(transferId, { create: true })));
}

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
