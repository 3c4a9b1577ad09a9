import { encodeControl, parseMessage, type ChunkFrame, type ControlMessage, type ControlMessageInput } from './protocol';
import { SpeedMeter } from './speed';
import type { P2pTransport } from './transport';
import { isFinished, type FileProgress, type P2pHasher, type TransferError, type TransferSnapshot, type TransferState } from './types';

/**
 * The transfer ids ever bound to each link. A message naming one of them belongs to another
 * transfer (possibly finished, with frames still in flight) and is left alone; one naming none,
 * or unreadable, is garbage, and every transfer on that link fails with a protocol error.
 */
const idsOnLink = new WeakMap<P2pTransport, Set<string>>();

export interface TransferOptions {
  transferId: string;
  /** None for a transfer restored after a reload: it waits, paused, for `attach`. */
  transport?: P2pTransport;
  createHasher: () => Promise<P2pHasher>;
  /** Every change of state or progress; the page throttles what it draws. */
  onUpdate?: (snapshot: TransferSnapshot) => void;
  now?: () => number;
}

/**
 * What sender and receiver share: one transport at a time (a new one after a drop), message
 * routing by transfer id, the state, progress and the promise that settles when it ends.
 */
export abstract class TransferBase {
  readonly transferId: string;
  protected state: TransferState;
  protected error?: TransferError;
  protected cancelledBy?: 'me' | 'peer';
  /** Why this side ended it, told again to a peer met on a later link. */
  private endReason?: 'user' | 'protocol' | 'sender-error' | 'receiver-error';
  /** Replaced, never changed in place (patchFile): a snapshot shares them without copying each. */
  protected files: FileProgress[] = [];
  /** The sum of files' bytes, kept as they change: a folder of 10 000 files must not cost 10 000² sums. */
  private bytesSum = 0;
  protected totalBytes = 0;
  /** Bumped whenever the transport changes or the transfer ends: work of an older one stops. */
  protected generation = 0;
  protected transport: P2pTransport | null = null;
  protected readonly createHasher: () => Promise<P2pHasher>;
  private readonly now: () => number;
  private readonly speed = new SpeedMeter();
  private readonly onUpdate?: (snapshot: TransferSnapshot) => void;
  private unlisten: (() => void)[] = [];
  private settle!: (snapshot: TransferSnapshot) => void;
  /** Settles (never rejects) once the transfer is done, declined, cancelled or failed. */
  readonly finished: Promise<TransferSnapshot>;

  protected constructor(
    private readonly role: 'send' | 'receive',
    options: TransferOptions,
    initial: TransferState,
  ) {
    this.transferId = options.transferId;
    this.createHasher = options.createHasher;
    this.onUpdate = options.onUpdate;
    this.now = options.now ?? (() => Date.now());
    this.state = initial;
    this.finished = new Promise((resolve) => (this.settle = resolve));
  }

  snapshot(): TransferSnapshot {
    const bytes = this.bytesSum;
    return {
      transferId: this.transferId,
      role: this.role,
      state: this.state,
      ...(this.cancelledBy ? { cancelledBy: this.cancelledBy } : {}),
      ...(this.error ? { error: this.error } : {}),
      files: this.files.slice(),
      bytes,
      totalBytes: this.totalBytes,
      bytesPerSecond: this.state === 'active' ? this.speed.bytesPerSecond() : 0,
      etaSeconds: this.state === 'active' ? this.speed.etaSeconds(this.totalBytes - bytes) : null,
    };
  }

  /** Stops the transfer on both sides; files already received and checked are kept. */
  cancel(): void {
    if (isFinished(this.state)) return;
    this.cancelledBy = 'me';
    this.endReason = 'user';
    this.send({ type: 'cancel', transferId: this.transferId, reason: 'user' });
    this.finish('cancelled');
  }

  protected abstract handleControl(message: ControlMessage): void;
  protected abstract handleChunk(frame: ChunkFrame): void;
  protected abstract transportClosed(): void;
  /** Releases what the transfer holds (an open file) once it has ended; `finished` waits for it. */
  protected abstract cleanUp(): Promise<void>;

  protected bind(transport: P2pTransport): void {
    for (const stop of this.unlisten) stop();
    this.generation++;
    this.transport = transport;
    const ids = idsOnLink.get(transport) ?? new Set<string>();
    ids.add(this.transferId);
    idsOnLink.set(transport, ids);
    const generation = this.generation;
    this.unlisten = [
      transport.onMessage((data) => {
        if (generation === this.generation) this.receive(data, ids);
      }),
      transport.onClose(() => {
        if (generation !== this.generation || isFinished(this.state)) return;
        this.generation++;
        this.transport = null;
        this.speed.reset();
        this.transportClosed();
      }),
    ];
  }

  private receive(data: string | Uint8Array, ids: Set<string>): void {
    if (isFinished(this.state)) return;
    const parsed = parseMessage(data);
    const othersOnLink = (id: string | undefined) => id !== undefined && id !== this.transferId && ids.has(id);
    if (!parsed.ok) {
      if (othersOnLink(parsed.transferId)) return;
      const detail = parsed.error === 'version' ? 'unsupported protocol version' : 'malformed message';
      this.fail({ code: 'protocol', detail }, 'protocol');
      return;
    }
    if (parsed.kind === 'chunk') {
      if (parsed.frame.transferId === this.transferId) this.handleChunk(parsed.frame);
      else if (!othersOnLink(parsed.frame.transferId)) this.fail({ code: 'protocol', detail: 'chunk of an unknown transfer' }, 'protocol');
      return;
    }
    // A well-formed control message of another id: another transfer's, or a new offer.
    const message = parsed.message;
    if (message.transferId !== this.transferId) return;
    if (message.type === 'cancel') {
      if (message.reason === 'user') {
        this.cancelledBy = 'peer';
        this.finish('cancelled');
      } else {
        this.error = { code: 'peer', detail: message.reason };
        this.finish('failed');
      }
      return;
    }
    this.handleControl(message);
  }

  /**
   * A transfer that ended while its link was down, given a new link: the peer's side may still be
   * paused, waiting for it. `notice` tells it how things ended; it goes now, and once more when the
   * peer first names this transfer (its side may have started listening only after the first).
   */
  protected attachEnded(transport: P2pTransport, notice: (send: (message: ControlMessageInput) => void) => void): void {
    const send = (message: ControlMessageInput) => void transport.send(encodeControl(message)).catch(() => undefined);
    const tell = () => {
      if (this.endReason) send({ type: 'cancel', transferId: this.transferId, reason: this.endReason });
      else notice(send);
    };
    tell();
    const stop = transport.onMessage((data) => {
      const parsed = parseMessage(data);
      if (!parsed.ok) return;
      const id = parsed.kind === 'chunk' ? parsed.frame.transferId : parsed.message.transferId;
      if (id !== this.transferId) return;
      stop();
      tell();
    });
  }

  /** Fire and forget: a control message lost with a dropped link is recovered by the resume. */
  protected send(message: ControlMessageInput): void {
    this.transport?.send(encodeControl(message)).catch(() => undefined);
  }

  protected fail(error: TransferError, tellPeer: 'protocol' | 'sender-error' | 'receiver-error'): void {
    if (isFinished(this.state)) return;
    this.error = error;
    this.endReason = tellPeer;
    this.send({ type: 'cancel', transferId: this.transferId, reason: tellPeer });
    this.finish('failed');
  }

  protected finish(state: TransferState): void {
    this.state = state;
    this.generation++;
    for (const stop of this.unlisten) stop();
    this.unlisten = [];
    const snapshot = this.snapshot();
    this.onUpdate?.(snapshot);
    void this.cleanUp()
      .catch(() => undefined)
      .then(() => this.settle(snapshot));
  }

  protected setState(state: TransferState): void {
    this.state = state;
    this.update();
  }

  protected progressed(): void {
    this.speed.add(this.now(), this.bytesSum);
    this.update();
  }

  protected patchFile(index: number, patch: Partial<Omit<FileProgress, 'index' | 'path' | 'size'>>): void {
    const old = this.files[index]!;
    if (patch.bytes !== undefined) this.bytesSum += patch.bytes - old.bytes;
    this.files[index] = { ...old, ...patch };
  }

  protected update(): void {
    this.onUpdate?.(this.snapshot());
  }
}
