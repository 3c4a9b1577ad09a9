import { createSHA256 } from 'hash-wasm';
import type { PresenceCard } from '@shared/contracts/p2p';
import {
  acceptText,
  declineOffer,
  encodeControl,
  isFinished,
  P2pReceiver,
  P2pSender,
  watchOffers,
  type FilesOffer,
  type IncomingOffer,
  type OfferedFile,
  type P2pTransport,
  type ReceiverCheckpoint,
  type TransferSnapshot,
} from '@shared/p2p';
import { randomHexId } from '@/lib/ids';
import {
  clearPrivateStorage,
  directorySink,
  fileSource,
  privateStorageSink,
  privateStorageUse,
  ReceivedFilesError,
  saveReceivedFile,
  type ReceivedFilesErrorCode,
  type ReceivedFilesSink,
} from '@/lib/received-files';
import { headOf, KeptTransfers, keptSnapshot, matchPicked, offeredFiles, type StoredP2pTransfer } from './kept-transfers';
import { deviceIdentity } from './p2p-transfer.service';

export interface TransferEntry {
  id: string;
  direction: 'send' | 'receive';
  /** deviceIdentity of the other side: a paused transfer resumes with the device that has it. */
  peer: string;
  peerName: string;
  kind: 'text' | 'files';
  text?: string;
  /** Receiving: an offer waiting for accept or decline. */
  incoming?: boolean;
  /** The offer's list, for the per-file save buttons. */
  files?: OfferedFile[];
  snapshot?: TransferSnapshot;
  /** Received files live in the browser's storage (saved one by one) rather than a picked folder. */
  privateStorage?: boolean;
  /** The sink could not be opened at all. */
  sinkError?: ReceivedFilesErrorCode;
  /** Declined here: shown as such, no snapshot. */
  declinedHere?: boolean;
  /** Sending interrupted by a reload of this page: the same files must be picked again. */
  needsFiles?: boolean;
  /** Received files saved out of the private storage, and files deleted from it. */
  saved?: number[];
  removed?: number[];
}

/** What the page shows of the private storage: bytes taken, and whether clearing it loses unsaved files. */
export interface StorageUse {
  bytes: number;
  unsaved: number;
}

interface Live {
  entry: TransferEntry;
  /** None for a kept transfer whose device has not linked yet. */
  transport?: P2pTransport;
  transfer?: P2pSender | P2pReceiver;
  offer?: IncomingOffer;
  sink?: ReceivedFilesSink;
  /** The kept record of an interrupted sending, to recognise its files when picked again. */
  kept?: StoredP2pTransfer;
}

/**
 * Whether the peer's side has ended this transfer already: it ended it (a cancel or failure it
 * sent), or it is the receiver that answered every file or declined. Anything else may have ended
 * while the link was down, unheard.
 */
function peerKnowsEnd(snapshot: TransferSnapshot): boolean {
  if (snapshot.cancelledBy === 'peer' || snapshot.error?.code === 'peer') return true;
  return snapshot.role === 'send' && (snapshot.state === 'done' || snapshot.state === 'declined');
}

/** Draws at most this often while bytes flow; ends and state changes draw at once. */
const DRAW_EVERY_MS = 150;

/**
 * The page's transfers, both ways: offers made and received on each device's link, the protocol's
 * sender and receiver (shared/p2p) with a SHA-256 from hash-wasm, and where received files go.
 */
export class TransferCenter {
  private readonly live = new Map<string, Live>();
  private order: string[] = [];
  private drawTimer: ReturnType<typeof setTimeout> | undefined;
  /** A folder the user picked for received files; otherwise the browser's private storage. */
  private folder: FileSystemDirectoryHandle | undefined;
  /** The link up to each device now: a kept transfer continues on it at once. */
  private readonly links = new Map<string, P2pTransport>();
  private readonly kept = new KeptTransfers();

  constructor(private readonly onChange: (entries: TransferEntry[]) => void) {}

  /** A new link to `card`'s device: its offers are watched and its paused transfers continue on it. */
  attach(card: PresenceCard, transport: P2pTransport): void {
    const peer = deviceIdentity(card);
    this.links.set(peer, transport);
    transport.onClose(() => {
      if (this.links.get(peer) === transport) this.links.delete(peer);
    });
    watchOffers(transport, (offer) => this.offered(card, transport, offer));
    for (const item of this.live.values()) if (item.entry.peer === peer) this.move(item, transport);
  }

  private move(item: Live, transport: P2pTransport): void {
    // An offer still to answer: the answer goes on the link that is up (the sender offers again on it).
    if (item.entry.incoming) item.transport = transport;
    if (!item.transfer) return;
    const snapshot = item.transfer.snapshot();
    // Only a transfer whose link dropped (or still waits for its answer) moves: one that runs on
    // the device's other room's link keeps it. One that ended is told to the peer, whose side
    // may still be paused, waiting (docs/p2p-protocol.md "Drops and resume").
    if (snapshot.state === 'paused' || snapshot.state === 'offered' || (isFinished(snapshot.state) && !peerKnowsEnd(snapshot))) {
      item.transport = transport;
      item.transfer.attach(transport);
    }
  }

  /**
   * What an earlier page kept: received files still in the private storage, receptions that a
   * reload interrupted (they continue when their device links) and sendings that wait for their
   * files to be picked again.
   */
  async restore(): Promise<void> {
    const records = (await this.kept.all()).sort((a, b) => b.time - a.time);
    for (const record of records) {
      if (this.live.has(record.id)) continue;
      const entry: TransferEntry = {
        id: record.id,
        direction: record.direction,
        peer: record.peer,
        peerName: record.peerName,
        kind: 'files',
        files: record.files,
        snapshot: keptSnapshot(record),
        privateStorage: !record.folder,
        saved: record.saved ?? [],
        removed: record.removed ?? [],
      };
      if (record.direction === 'send') {
        this.append({ entry: { ...entry, needsFiles: true }, kept: record });
      } else if (record.done) {
        this.append({ entry, sink: await privateStorageSink(record.id, record.placed).catch(() => undefined) });
      } else {
        await this.restoreReceiving(record, entry);
      }
    }
    this.draw(true);
  }

  private async restoreReceiving(record: StoredP2pTransfer, entry: TransferEntry): Promise<void> {
    let sink: ReceivedFilesSink;
    try {
      sink = record.folder ? directorySink(record.folder, record.placed) : await privateStorageSink(record.id, record.placed);
    } catch {
      return;
    }
    const offer: FilesOffer = { kind: 'files', transferId: record.id, files: record.files, totalBytes: record.totalBytes };
    const item: Live = { entry, sink };
    this.append(item);
    item.transfer = new P2pReceiver({ ...this.base(record.id), offer, sink, restore: record.checkpoint, ...this.keeping(record.id, sink) });
    const link = this.links.get(record.peer);
    if (link) this.move(item, link);
  }

  /** Where the files of offers accepted from now on go: a picked folder, or undefined for private storage. */
  setFolder(folder: FileSystemDirectoryHandle | undefined): void {
    this.folder = folder;
  }

  sendFiles(card: PresenceCard, transport: P2pTransport, files: File[]): void {
    const id = randomHexId(8);
    const entry: TransferEntry = { id, direction: 'send', peer: deviceIdentity(card), peerName: card.name, kind: 'files' };
    this.add({ entry, transport });
    const picked = files.map((file) => ({ path: file.webkitRelativePath || file.name, file }));
    const transfer = new P2pSender({ ...this.base(id, transport), files: picked.map(({ path, file }) => fileSource(file, path)) });
    this.live.get(id)!.transfer = transfer;
    void this.keepSending(id, entry, picked);
  }

  /** Kept so that a reload of this page can continue it once the same files are picked again. */
  private async keepSending(id: string, entry: TransferEntry, picked: { path: string; file: File }[]): Promise<void> {
    const heads: string[] = [];
    for (const { file } of picked) heads.push(await headOf(file).catch(() => ''));
    const files = offeredFiles(picked);
    const record: StoredP2pTransfer = {
      id,
      direction: 'send',
      peer: entry.peer,
      peerName: entry.peerName,
      files,
      totalBytes: files.reduce((sum, file) => sum + file.size, 0),
      time: Date.now(),
      heads,
    };
    if (!this.ended(id)) await this.kept.change(id, () => record);
  }

  /**
   * The files of an interrupted sending, picked again: the same names, sizes and first chunks, or
   * the path of the first that differs (nothing is sent then).
   */
  async repick(id: string, picked: File[]): Promise<{ mismatch: string } | undefined> {
    const item = this.live.get(id);
    if (!item?.kept || !item.entry.needsFiles) return undefined;
    const withPaths = picked.map((file) => ({ path: file.webkitRelativePath || file.name, file }));
    const match = await matchPicked(item.kept, withPaths);
    if ('mismatch' in match) return match;
    item.entry = { ...item.entry, needsFiles: false };
    const sources = match.files.map((file, index) => fileSource(file, item.kept!.files[index]!.path));
    item.transfer = new P2pSender({ ...this.base(id), files: sources, restored: true });
    const link = this.links.get(item.entry.peer);
    if (link) this.move(item, link);
    this.draw(true);
    return undefined;
  }

  sendText(card: PresenceCard, transport: P2pTransport, text: string): void {
    const id = randomHexId(8);
    const entry: TransferEntry = { id, direction: 'send', peer: deviceIdentity(card), peerName: card.name, kind: 'text', text };
    this.add({ entry, transport });
    this.live.get(id)!.transfer = new P2pSender({ ...this.base(id, transport), text });
  }

  async accept(id: string): Promise<void> {
    const item = this.live.get(id);
    if (!item?.offer || !item.entry.incoming || !item.transport) return;
    item.entry.incoming = false;
    const offer = item.offer;
    const transport = item.transport;
    if (offer.kind === 'text') {
      acceptText(transport, offer);
      this.patch(id, {});
      return;
    }
    const folder = this.folder;
    try {
      item.sink = folder ? directorySink(folder) : await privateStorageSink(id);
    } catch (error) {
      declineOffer(transport, offer);
      this.patch(id, { sinkError: error instanceof ReceivedFilesError ? error.code : 'failed' });
      return;
    }
    this.patch(id, { privateStorage: !folder, saved: [], removed: [] });
    const entry = item.entry;
    void this.kept.change(id, () => ({
      id,
      direction: 'receive',
      peer: entry.peer,
      peerName: entry.peerName,
      files: offer.files,
      totalBytes: offer.totalBytes,
      time: Date.now(),
      checkpoint: { results: [], cursor: 0, acked: 0 },
      placed: [],
      ...(folder ? { folder } : {}),
    }));
    item.transfer = new P2pReceiver({ ...this.base(id, transport), offer, sink: item.sink, ...this.keeping(id, item.sink) });
  }

  /** A receiver's checkpoints go to its kept record, with the names its files got. */
  private keeping(id: string, sink: ReceivedFilesSink) {
    return {
      onCheckpoint: (checkpoint: ReceiverCheckpoint) =>
        void this.kept.change(id, (old) => (old ? { ...old, checkpoint, placed: sink.placements() } : undefined)),
    };
  }

  decline(id: string): void {
    const item = this.live.get(id);
    if (!item?.offer || !item.entry.incoming || !item.transport) return;
    declineOffer(item.transport, item.offer);
    this.patch(id, { incoming: false, declinedHere: true });
  }

  cancel(id: string): void {
    const item = this.live.get(id);
    if (item?.transfer) return item.transfer.cancel();
    if (!item?.entry.needsFiles || !item.entry.snapshot) return;
    // A sending that waits for its files: the device hears it if linked; it is forgotten here.
    this.links
      .get(item.entry.peer)
      ?.send(encodeControl({ type: 'cancel', transferId: id, reason: 'user' }))
      .catch(() => undefined);
    void this.kept.change(id, () => undefined);
    this.patch(id, { needsFiles: false, snapshot: { ...item.entry.snapshot, state: 'cancelled', cancelledBy: 'me' } });
  }

  /** Saves one received file out of the browser's storage as a download. */
  async save(id: string, index: number): Promise<void> {
    const item = this.live.get(id);
    const file = item?.entry.files?.[index];
    if (!item?.sink || !file) return;
    await saveReceivedFile(item.sink, file);
    const saved = [...new Set([...(item.entry.saved ?? []), index])];
    this.patch(id, { saved });
    void this.kept.change(id, (old) => (old ? { ...old, saved } : undefined));
  }

  /** Deletes one received file from the browser's storage; the transfer goes once all its files have. */
  async remove(id: string, index: number): Promise<void> {
    const item = this.live.get(id);
    const file = item?.entry.files?.[index];
    if (!item?.sink || !file) return;
    await item.sink.remove(file);
    const removed = [...new Set([...(item.entry.removed ?? []), index])];
    if (removed.length === item.entry.files!.length) return this.forget(id);
    this.patch(id, { removed });
    await this.kept.change(id, (old) => (old ? { ...old, removed } : undefined));
  }

  /** Received files in the browser's storage: the bytes they take, and how many were never saved. */
  async storageUse(): Promise<StorageUse> {
    const folders = await privateStorageUse().catch(() => []);
    const listed = new Set(this.entries().map((entry) => entry.id));
    let unsaved = 0;
    for (const entry of this.entries()) if (this.clearable(entry)) unsaved += this.unsavedFiles(entry);
    // Folders no transfer lists (an earlier version's, the remote tunnel's) count as unsaved.
    unsaved += folders.filter((folder) => !listed.has(folder.transferId) && folder.bytes > 0).length;
    return { bytes: folders.reduce((sum, folder) => sum + folder.bytes, 0), unsaved };
  }

  /**
   * Deletes every received file in the browser's storage but those of transfers still running or
   * interrupted (cancel those to remove theirs).
   */
  async clearStorage(): Promise<void> {
    const folders = await privateStorageUse();
    const running = new Set(
      this.entries()
        .filter((entry) => !this.clearable(entry))
        .map((entry) => entry.id),
    );
    for (const folder of folders) if (!running.has(folder.transferId)) await clearPrivateStorage(folder.transferId);
    for (const entry of this.entries()) if (this.clearable(entry) && entry.privateStorage) await this.forget(entry.id);
  }

  private clearable(entry: TransferEntry): boolean {
    return entry.direction === 'receive' && entry.kind === 'files' && entry.snapshot !== undefined && isFinished(entry.snapshot.state);
  }

  private unsavedFiles(entry: TransferEntry): number {
    if (!entry.privateStorage || entry.snapshot?.state !== 'done') return 0;
    return entry.snapshot.files.filter(
      (file) => file.state === 'done' && !entry.saved?.includes(file.index) && !entry.removed?.includes(file.index),
    ).length;
  }

  private async forget(id: string): Promise<void> {
    const item = this.live.get(id);
    if (!item) return;
    if (item.entry.privateStorage) await clearPrivateStorage(id);
    this.live.delete(id);
    this.order = this.order.filter((other) => other !== id);
    await this.kept.change(id, () => undefined);
    this.draw(true);
  }

  /** The received file itself (read from the sink's storage), for a check or a preview. */
  async read(id: string, index: number): Promise<File | undefined> {
    const item = this.live.get(id);
    const file = item?.entry.files?.[index];
    return item?.sink && file ? item.sink.getFile(file) : undefined;
  }

  entries(): TransferEntry[] {
    return this.order.map((id) => this.live.get(id)!.entry);
  }

  private ended(id: string): boolean {
    const state = this.live.get(id)?.transfer?.snapshot().state;
    return state === undefined || isFinished(state);
  }

  private offered(card: PresenceCard, transport: P2pTransport, offer: IncomingOffer): void {
    const known = this.live.get(offer.transferId);
    if (known) {
      // The same offer again after a reconnect: answer it on the new link.
      known.transport = transport;
      return;
    }
    const entry: TransferEntry = {
      id: offer.transferId,
      direction: 'receive',
      peer: deviceIdentity(card),
      peerName: card.name,
      kind: offer.kind,
      incoming: true,
      ...(offer.kind === 'text' ? { text: offer.text } : { files: (offer as FilesOffer).files }),
    };
    this.add({ entry, transport, offer });
  }

  private base(id: string, transport?: P2pTransport) {
    return {
      transferId: id,
      transport,
      createHasher: () => createSHA256(),
      onUpdate: (snapshot: TransferSnapshot) => {
        const before = this.live.get(id)?.entry.snapshot;
        const item = this.live.get(id);
        if (!item) return;
        item.entry = { ...item.entry, snapshot };
        if (isFinished(snapshot.state) && before?.state !== snapshot.state) this.keepEnd(item, snapshot);
        const stateChanged = before?.state !== snapshot.state || before.files.some((file, i) => file.state !== snapshot.files[i]?.state);
        this.draw(stateChanged);
      },
    };
  }

  /** Kept records follow the end: received files stay listed while in the private storage; the rest is forgotten. */
  private keepEnd(item: Live, snapshot: TransferSnapshot): void {
    const keepFiles = snapshot.role === 'receive' && snapshot.state === 'done' && item.entry.privateStorage;
    void this.kept.change(item.entry.id, (old) =>
      keepFiles && old
        ? {
            ...old,
            done: true,
            checkpoint: { results: snapshot.files.map((file) => file.state === 'done'), cursor: snapshot.files.length, acked: 0 },
            placed: item.sink?.placements() ?? old.placed,
          }
        : undefined,
    );
  }

  private add(item: Live): void {
    this.live.set(item.entry.id, item);
    this.order = [item.entry.id, ...this.order];
    this.draw(true);
  }

  /** Kept transfers go after this visit's, oldest last. */
  private append(item: Live): void {
    this.live.set(item.entry.id, item);
    this.order = [...this.order, item.entry.id];
  }

  private patch(id: string, patch: Partial<TransferEntry>): void {
    const item = this.live.get(id);
    if (!item) return;
    item.entry = { ...item.entry, ...patch };
    this.draw(true);
  }

  private draw(now: boolean): void {
    if (now) {
      clearTimeout(this.drawTimer);
      this.drawTimer = undefined;
      this.onChange(this.entries());
      return;
    }
    this.drawTimer ??= setTimeout(() => {
      this.drawTimer = undefined;
      this.onChange(this.entries());
    }, DRAW_EVERY_MS);
  }
}
