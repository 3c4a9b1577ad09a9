import { createSHA256 } from 'hash-wasm';
import type { PresenceCard } from '@shared/contracts/p2p';
import {
  acceptText,
  declineOffer,
  isFinished,
  P2pReceiver,
  P2pSender,
  watchOffers,
  type FilesOffer,
  type IncomingOffer,
  type OfferedFile,
  type P2pTransport,
  type TransferSnapshot,
} from '@shared/p2p';
import { randomHexId } from '@/lib/ids';
import {
  directorySink,
  fileSource,
  privateStorageSink,
  ReceivedFilesError,
  saveReceivedFile,
  type ReceivedFilesErrorCode,
  type ReceivedFilesSink,
} from '@/lib/received-files';
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
}

interface Live {
  entry: TransferEntry;
  transport: P2pTransport;
  transfer?: P2pSender | P2pReceiver;
  offer?: IncomingOffer;
  sink?: ReceivedFilesSink;
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

  constructor(private readonly onChange: (entries: TransferEntry[]) => void) {}

  /** A new link to `card`'s device: its offers are watched and its paused transfers continue on it. */
  attach(card: PresenceCard, transport: P2pTransport): void {
    const peer = deviceIdentity(card);
    watchOffers(transport, (offer) => this.offered(card, transport, offer));
    for (const item of this.live.values()) {
      if (item.entry.peer !== peer) continue;
      // An offer still to answer: the answer goes on the link that is up (the sender offers again on it).
      if (item.entry.incoming) item.transport = transport;
      if (!item.transfer) continue;
      const snapshot = item.transfer.snapshot();
      // Only a transfer whose link dropped (or still waits for its answer) moves: one that runs on
      // the device's other room's link keeps it. One that ended is told to the peer, whose side
      // may still be paused, waiting (docs/p2p-protocol.md "Drops and resume").
      if (snapshot.state === 'paused' || snapshot.state === 'offered' || (isFinished(snapshot.state) && !peerKnowsEnd(snapshot))) {
        item.transport = transport;
        item.transfer.attach(transport);
      }
    }
  }

  /** Where the files of offers accepted from now on go: a picked folder, or undefined for private storage. */
  setFolder(folder: FileSystemDirectoryHandle | undefined): void {
    this.folder = folder;
  }

  sendFiles(card: PresenceCard, transport: P2pTransport, files: File[]): void {
    const id = randomHexId(8);
    const entry: TransferEntry = { id, direction: 'send', peer: deviceIdentity(card), peerName: card.name, kind: 'files' };
    this.add({ entry, transport });
    const transfer = new P2pSender({ ...this.base(id, transport), files: files.map((file) => fileSource(file)) });
    this.live.get(id)!.transfer = transfer;
  }

  sendText(card: PresenceCard, transport: P2pTransport, text: string): void {
    const id = randomHexId(8);
    const entry: TransferEntry = { id, direction: 'send', peer: deviceIdentity(card), peerName: card.name, kind: 'text', text };
    this.add({ entry, transport });
    this.live.get(id)!.transfer = new P2pSender({ ...this.base(id, transport), text });
  }

  async accept(id: string): Promise<void> {
    const item = this.live.get(id);
    if (!item?.offer || !item.entry.incoming) return;
    item.entry.incoming = false;
    const offer = item.offer;
    if (offer.kind === 'text') {
      acceptText(item.transport, offer);
      this.patch(id, {});
      return;
    }
    try {
      item.sink = this.folder ? directorySink(this.folder) : await privateStorageSink(id);
    } catch (error) {
      declineOffer(item.transport, offer);
      this.patch(id, { sinkError: error instanceof ReceivedFilesError ? error.code : 'failed' });
      return;
    }
    this.patch(id, { privateStorage: !this.folder });
    item.transfer = new P2pReceiver({ ...this.base(id, item.transport), offer, sink: item.sink });
  }

  decline(id: string): void {
    const item = this.live.get(id);
    if (!item?.offer || !item.entry.incoming) return;
    declineOffer(item.transport, item.offer);
    this.patch(id, { incoming: false, declinedHere: true });
  }

  cancel(id: string): void {
    this.live.get(id)?.transfer?.cancel();
  }

  /** Saves one received file out of the browser's storage as a download. */
  async save(id: string, index: number): Promise<void> {
    const item = this.live.get(id);
    const file = item?.entry.files?.[index];
    if (!item?.sink || !file) return;
    await saveReceivedFile(item.sink, file);
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

  private base(id: string, transport: P2pTransport) {
    return {
      transferId: id,
      transport,
      createHasher: () => createSHA256(),
      onUpdate: (snapshot: TransferSnapshot) => {
        const before = this.live.get(id)?.entry.snapshot;
        const item = this.live.get(id);
        if (!item) return;
        item.entry = { ...item.entry, snapshot };
        const stateChanged = before?.state !== snapshot.state || before.files.some((file, i) => file.state !== snapshot.files[i]?.state);
        this.draw(stateChanged);
      },
    };
  }

  private add(item: Live): void {
    this.live.set(item.entry.id, item);
    this.order = [item.entry.id, ...this.order];
    this.draw(true);
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
