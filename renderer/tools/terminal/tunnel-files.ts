import { createSHA256 } from 'hash-wasm';
import {
  declineOffer,
  isFinished,
  P2pReceiver,
  P2pSender,
  watchOffers,
  type IncomingOffer,
  type OfferedFile,
  type P2pTransport,
  type TransferSnapshot,
} from '@shared/p2p';
import { randomHexId } from '@/lib/ids';
import {
  fileSource,
  privateStorageSink,
  ReceivedFilesError,
  saveReceivedFile,
  type ReceivedFilesErrorCode,
  type ReceivedFilesSink,
} from '@/lib/received-files';
import { parseConsoleMessage } from './terminal.service';

export interface FileTransferEntry {
  id: string;
  direction: 'send' | 'receive';
  files: readonly { path: string; size: number }[];
  snapshot?: TransferSnapshot;
  /** Receiving: the browser's storage could not take the files (full, private mode). */
  sinkError?: ReceivedFilesErrorCode;
}

/** Draws at most this often while bytes flow; ends and state changes draw at once. */
const DRAW_EVERY_MS = 150;

/**
 * The file transfers' view of the tunnel's one data channel: every message that is not the
 * console's. The transfer protocol (shared/p2p) fails a link on a message it cannot read, so the
 * console's JSON must never reach it; its own messages never parse as the console's.
 */
export function filesChannel(transport: P2pTransport): P2pTransport {
  return {
    send: (data) => transport.send(data),
    onMessage: (listener) =>
      transport.onMessage((data) => {
        if (typeof data !== 'string' || !parseConsoleMessage(data)) listener(data);
      }),
    onClose: (listener) => transport.onClose(listener),
    close: () => transport.close(),
  };
}

interface Item {
  entry: FileTransferEntry;
  transfer?: P2pSender | P2pReceiver;
  sink?: ReceivedFilesSink;
  /** Receiving: the offer's list, which names each file in the sink. */
  offered?: readonly OfferedFile[];
}

/**
 * Files both ways over an accepted tunnel's channel, with /p2p/transfer's protocol (SHA-256
 * checked, backpressured). Received files go into the browser's private storage (OPFS) and are
 * saved from the list; an offer is taken at once, since the remote's user already allowed this
 * device. The link's end (a revoke, a drop) cancels what still runs: a tunnel never resumes.
 */
export class TunnelFiles {
  private readonly items = new Map<string, Item>();
  private order: string[] = [];
  private drawTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly channel: P2pTransport;
  private readonly unwatch: () => void;
  private closed = false;

  constructor(
    transport: P2pTransport,
    private readonly onChange: (entries: FileTransferEntry[]) => void,
  ) {
    this.channel = filesChannel(transport);
    this.unwatch = watchOffers(this.channel, (offer) => void this.offered(offer));
    this.channel.onClose(() => this.close());
  }

  send(files: readonly File[]): void {
    if (this.closed || files.length === 0) return;
    const id = randomHexId(8);
    // A picked folder's files keep their relative paths (the receiver's storage keeps the folders).
    const sources = files.map((file) => fileSource(file));
    this.add({ entry: { id, direction: 'send', files: sources.map(({ path, size }) => ({ path, size })) } });
    this.items.get(id)!.transfer = new P2pSender({ ...this.base(id), files: sources });
  }

  cancel(id: string): void {
    this.items.get(id)?.transfer?.cancel();
  }

  /** Saves one received file out of the browser's storage as a download. */
  async save(id: string, index: number): Promise<void> {
    const item = this.items.get(id);
    const file = item?.offered?.[index];
    if (!item?.sink || !file) return;
    await saveReceivedFile(item.sink, file);
  }

  /** The link ended: what still runs is cancelled, the list stays (received files can still be saved). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.unwatch();
    for (const item of this.items.values()) item.transfer?.cancel();
  }

  private async offered(offer: IncomingOffer): Promise<void> {
    if (this.items.has(offer.transferId)) return;
    // Texts travel as console texts; a text offer here is not ours to take.
    if (offer.kind !== 'files' || this.closed) return declineOffer(this.channel, offer);
    const item: Item = { entry: { id: offer.transferId, direction: 'receive', files: offer.files }, offered: offer.files };
    this.add(item);
    try {
      item.sink = await privateStorageSink(offer.transferId);
    } catch (error) {
      declineOffer(this.channel, offer);
      return this.patch(offer.transferId, { sinkError: error instanceof ReceivedFilesError ? error.code : 'failed' });
    }
    item.transfer = new P2pReceiver({ ...this.base(offer.transferId), offer, sink: item.sink });
  }

  private base(id: string) {
    return {
      transferId: id,
      transport: this.channel,
      createHasher: () => createSHA256(),
      onUpdate: (snapshot: TransferSnapshot) => {
        const item = this.items.get(id);
        if (!item) return;
        const before = item.entry.snapshot;
        item.entry = { ...item.entry, snapshot };
        this.draw(before?.state !== snapshot.state || isFinished(snapshot.state));
      },
    };
  }

  private add(item: Item): void {
    this.items.set(item.entry.id, item);
    this.order = [item.entry.id, ...this.order];
    this.draw(true);
  }

  private patch(id: string, patch: Partial<FileTransferEntry>): void {
    const item = this.items.get(id);
    if (!item) return;
    item.entry = { ...item.entry, ...patch };
    this.draw(true);
  }

  private draw(now: boolean): void {
    const publish = () => this.onChange(this.order.map((id) => this.items.get(id)!.entry));
    if (now) {
      clearTimeout(this.drawTimer);
      this.drawTimer = undefined;
      return publish();
    }
    this.drawTimer ??= setTimeout(() => {
      this.drawTimer = undefined;
      publish();
    }, DRAW_EVERY_MS);
  }
}
