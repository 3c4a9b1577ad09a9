import type { DBSchema } from 'idb';
import type { OfferedFile } from '@shared/p2p/protocol';
import { Database } from './database';

/**
 * A /p2p/transfer transfer kept for a later page (issue 18): one that a reload interrupted, to
 * continue when the peer links again, and received files that stay in the browser's private
 * storage until the user deletes them.
 */
export interface StoredP2pTransfer {
  /** The transfer id (16 hex digits). */
  id: string;
  direction: 'send' | 'receive';
  /** The other device's identity (its presence card), to continue with the right one. */
  peer: string;
  peerName: string;
  files: OfferedFile[];
  totalBytes: number;
  /** Epoch milliseconds when it started. */
  time: number;
  /** Sending: the SHA-256 (hex) of each file's first chunk, to know the same files when picked again. */
  heads?: string[];
  /** Receiving: what is on disk (the receiver's checkpoint); `cursor` = files.length once all arrived. */
  checkpoint?: { results: boolean[]; cursor: number; acked: number; hashState?: Uint8Array };
  /** Receiving: the name each file got in its folder. */
  placed?: [number, string][];
  /** Receiving into a folder the user picked; none: the private storage. */
  folder?: FileSystemDirectoryHandle;
  /** Receiving: every file arrived; the record lists them until deleted. */
  done?: boolean;
  /** Receiving: files saved out of the private storage (deleting them needs no confirmation). */
  saved?: number[];
  /** Receiving: files the user deleted. */
  removed?: number[];
}

interface P2pSchema extends DBSchema {
  transfer: { key: string; value: StoredP2pTransfer };
}

export function createP2pTransferStorage(name = 'P2pTransfers') {
  const database = new Database<P2pSchema>({
    name,
    upgrades: [(db) => void db.createObjectStore('transfer', { keyPath: 'id' })],
  });
  const store = database.store('transfer');
  return {
    database,
    all: (): Promise<StoredP2pTransfer[]> => store.all(),
    get: (id: string): Promise<StoredP2pTransfer | undefined> => store.get(id),
    put: async (record: StoredP2pTransfer): Promise<void> => {
      await store.put(record);
    },
    delete: (id: string): Promise<void> => store.delete(id),
  };
}

export type P2pTransferStorage = ReturnType<typeof createP2pTransferStorage>;

export const p2pTransferStorage = createP2pTransferStorage();
