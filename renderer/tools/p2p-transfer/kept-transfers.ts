import { createSHA256 } from 'hash-wasm';
import { P2P_CHUNK_BYTES, type OfferedFile, type TransferSnapshot } from '@shared/p2p';
import { p2pTransferStorage, type P2pTransferStorage, type StoredP2pTransfer } from '@/platform/storage';

export type { StoredP2pTransfer };

/**
 * The page's transfers kept in IndexedDB for a later visit (docs/decisions.md, "P2P transfer
 * page"). Keeping is best effort: storage that fails (private mode, quota) costs only the resume
 * after a reload, so its errors are swallowed. Changes to one record run in order, each on the
 * one before it: an older checkpoint never overwrites a newer one.
 */
export class KeptTransfers {
  private readonly chains = new Map<string, Promise<void>>();

  constructor(private readonly storage: P2pTransferStorage = p2pTransferStorage) {}

  all(): Promise<StoredP2pTransfer[]> {
    return this.storage.all().catch(() => []);
  }

  /** `change` gets the stored record (if any) and returns the new one, or undefined to delete it. */
  change(id: string, change: (old: StoredP2pTransfer | undefined) => StoredP2pTransfer | undefined): Promise<void> {
    const next = (this.chains.get(id) ?? Promise.resolve())
      .then(async () => {
        const updated = change(await this.storage.get(id));
        if (updated) await this.storage.put(updated);
        else await this.storage.delete(id);
      })
      .catch(() => undefined);
    this.chains.set(id, next);
    return next;
  }
}

/** The list a sender offers for these files (the protocol's entries, as P2pSender makes them). */
export function offeredFiles(files: { path: string; file: File }[]): OfferedFile[] {
  return files.map(({ path, file }, index) => ({
    index,
    path,
    size: file.size,
    lastModified: Math.max(0, Math.floor(file.lastModified)),
    mime: file.type.slice(0, 255),
  }));
}

/** SHA-256 (hex) of a file's first chunk: with its name and size, how a file picked again is recognised. */
export async function headOf(file: File): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  hasher.update(new Uint8Array(await file.slice(0, P2P_CHUNK_BYTES).arrayBuffer()));
  return hasher.digest();
}

/**
 * The files picked again for an interrupted sending, in the transfer's order, or the path of
 * the first one missing or different (another name, size or first chunk, or unreadable).
 */
export async function matchPicked(
  record: StoredP2pTransfer,
  picked: { path: string; file: File }[],
): Promise<{ files: File[] } | { mismatch: string }> {
  const byPath = new Map(picked.map((item) => [item.path, item.file]));
  const files: File[] = [];
  for (const [index, wanted] of record.files.entries()) {
    const file = byPath.get(wanted.path);
    if (!file || file.size !== wanted.size || (await headOf(file).catch(() => '')) !== record.heads?.[index])
      return { mismatch: wanted.path };
    files.push(file);
  }
  return { files };
}

/** How a kept transfer shows before anything runs for it: received files, or a sending waiting for its files. */
export function keptSnapshot(record: StoredP2pTransfer): TransferSnapshot {
  const results = record.checkpoint?.results ?? [];
  const files = record.files.map((file) => {
    const result = results[file.index];
    if (result === undefined) return { index: file.index, path: file.path, size: file.size, bytes: 0, state: 'waiting' as const };
    return result
      ? { index: file.index, path: file.path, size: file.size, bytes: file.size, state: 'done' as const }
      : {
          index: file.index,
          path: file.path,
          size: file.size,
          bytes: file.size,
          state: 'failed' as const,
          error: 'hash-mismatch' as const,
        };
  });
  return {
    transferId: record.id,
    role: record.direction,
    state: record.done ? 'done' : 'paused',
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    totalBytes: record.totalBytes,
    bytesPerSecond: 0,
    etaSeconds: null,
  };
}
