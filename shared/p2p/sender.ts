import {
  encodeChunk,
  encodeControl,
  isAckOffset,
  isSafeRelativePath,
  P2P_ACK_SPAN_BYTES,
  P2P_CHUNK_BYTES,
  P2P_MAX_TEXT_CHARS,
  P2P_WINDOW_BYTES,
  type ChunkFrame,
  type ControlMessage,
  type OfferedFile,
} from './protocol';
import { TransferBase, type TransferOptions } from './transfer-base';
import { P2P_MAX_MESSAGE_BYTES, type P2pTransport } from './transport';
import { isFinished, type FileSource, type P2pHasher } from './types';

interface SendProgress {
  /** Bytes handed to the transport. */
  sent: number;
  /** Bytes the receiver says are on its disk. */
  acked: number;
  endSent: boolean;
  digest?: string;
  /** Hash states at the acknowledgement offsets not yet acknowledged: where a resume may restart. */
  states: Map<number, Uint8Array>;
}

/** The offer's file list must fit one message per batch, with room for the envelope. */
const OFFER_BATCH_BYTES = P2P_MAX_MESSAGE_BYTES - 1024;

class ReadFailed {
  constructor(readonly cause: unknown) {}
}

export type SenderOptions = TransferOptions &
  (
    | {
        files: FileSource[];
        /**
         * The same files picked again after this page was reloaded mid-transfer: the sender offers
         * again (same id) on `attach` and continues wherever the receiver's resume says.
         */
        restored?: boolean;
      }
    | { text: string }
  );

/**
 * The sending side: offers, waits for accept, then streams each file in order as chunk frames,
 * never more than P2P_WINDOW_BYTES ahead of the receiver's acknowledgements, and ends each file
 * with its SHA-256. After a dropped link, `attach(newTransport)`; the receiver's resume says
 * where each file continues.
 */
export class P2pSender extends TransferBase {
  private readonly sources: FileSource[];
  private readonly text?: string;
  private readonly progress: SendProgress[];
  private accepted = false;
  /** The link generation whose pump is running: one pump per link, whatever a peer sends. */
  private pumpingIn = -1;
  private hasher?: P2pHasher;
  private windowWaiters: (() => void)[] = [];
  /** Sent but not acknowledged, over all files: what the window limits. */
  private inFlightBytes = 0;
  private filesFinished = 0;
  /** Picked again after a reload: nothing is known of what was sent, so the receiver's resume is trusted. */
  private readonly restored: boolean;
  /** The resume the running pump follows, as said. */
  private lastResume?: string;

  constructor(options: SenderOptions) {
    super('send', options, 'offered');
    if ('text' in options) {
      if (options.text.length === 0 || options.text.length > P2P_MAX_TEXT_CHARS) throw new RangeError('text length');
      if (
        new TextEncoder().encode(encodeControl({ type: 'offer-text', transferId: this.transferId, text: options.text })).length >
        P2P_MAX_MESSAGE_BYTES
      ) {
        throw new RangeError('text too long for one message');
      }
      this.text = options.text;
      this.sources = [];
    } else {
      if (options.files.length === 0) throw new RangeError('no files');
      const bad = options.files.find((file) => !isSafeRelativePath(file.path));
      if (bad) throw new RangeError(`unsafe path: ${bad.path}`);
      this.sources = options.files;
    }
    this.restored = 'files' in options && options.restored === true;
    this.progress = this.sources.map(() => ({ sent: 0, acked: 0, endSent: false, states: new Map() }));
    this.files = this.sources.map((source, index) => ({ index, path: source.path, size: source.size, bytes: 0, state: 'waiting' }));
    this.totalBytes = this.sources.reduce((sum, source) => sum + source.size, 0);
    if (options.transport) {
      this.bind(options.transport);
      this.offer();
    } else {
      this.setState('paused');
    }
  }

  /**
   * A new link after a drop: an offer not yet answered is made again; otherwise the receiver
   * resumes. Attach an ended transfer too: a peer still paused then hears how it ended.
   */
  attach(transport: P2pTransport): void {
    // Ended here (cancelled, failed): the peer hears it. Done or declined: the peer knows already.
    if (isFinished(this.state)) return this.attachEnded(transport, () => undefined);
    this.bind(transport);
    if (!this.accepted) this.offer();
  }

  private offer(): void {
    this.setState('offered');
    if (this.text !== undefined) {
      this.send({ type: 'offer-text', transferId: this.transferId, text: this.text });
      return;
    }
    const entries: OfferedFile[] = this.sources.map((source, index) => ({
      index,
      path: source.path,
      size: source.size,
      lastModified: Math.max(0, Math.floor(source.lastModified)),
      mime: source.type.slice(0, 255),
    }));
    const encoder = new TextEncoder();
    let batch: OfferedFile[] = [];
    let batchBytes = 0;
    let first = true;
    const flush = (): void => {
      this.send(
        first
          ? { type: 'offer-files', transferId: this.transferId, fileCount: entries.length, totalBytes: this.totalBytes, files: batch }
          : { type: 'offer-more', transferId: this.transferId, files: batch },
      );
      first = false;
      batch = [];
      batchBytes = 0;
    };
    for (const entry of entries) {
      const bytes = encoder.encode(JSON.stringify(entry)).length + 1;
      if (batch.length > 0 && batchBytes + bytes > OFFER_BATCH_BYTES) flush();
      batch.push(entry);
      batchBytes += bytes;
    }
    flush();
  }

  protected handleControl(message: ControlMessage): void {
    switch (message.type) {
      case 'accept':
        if (this.state !== 'offered' || this.accepted) return;
        this.accepted = true;
        if (this.text !== undefined) {
          this.finish('done');
          return;
        }
        this.setState('active');
        this.startPump();
        return;
      case 'decline':
        if (this.state === 'offered') this.finish('declined');
        return;
      case 'ack':
        return this.acknowledged(message.index, message.offset);
      case 'file-result':
        return this.fileResult(message.index, message.ok);
      case 'resume':
        return this.resume(message.files);
      default:
        // Offers and file ends are the receiving side's: not for a sender.
        return;
    }
  }

  protected handleChunk(_frame: ChunkFrame): void {
    this.fail({ code: 'protocol', detail: 'chunk sent to the sender' }, 'protocol');
  }

  protected transportClosed(): void {
    this.wakeWindow();
    this.setState('paused');
  }

  protected cleanUp(): Promise<void> {
    this.wakeWindow();
    this.hasher?.dispose?.();
    return Promise.resolve();
  }

  private acknowledged(index: number, offset: number): void {
    const file = this.progress[index];
    const source = this.sources[index];
    if (!file || !source || offset < file.acked || offset > file.sent || !isAckOffset(offset, source.size)) {
      this.fail({ code: 'protocol', detail: 'acknowledgement out of range' }, 'protocol');
      return;
    }
    for (const at of file.states.keys()) if (at < offset) file.states.delete(at);
    this.inFlightBytes -= offset - file.acked;
    file.acked = offset;
    this.patchFile(index, { bytes: offset });
    this.wakeWindow();
    this.progressed();
  }

  private fileResult(index: number, ok: boolean): void {
    const file = this.progress[index];
    const shown = this.files[index];
    if (!file || !shown) return this.fail({ code: 'protocol', detail: 'result for an unknown file' }, 'protocol');
    if (shown.state === 'done' || shown.state === 'failed') return; // repeated after a resume
    if (!file.endSent) return this.fail({ code: 'protocol', detail: 'result before the file ended' }, 'protocol');
    this.patchFile(index, ok ? { state: 'done', bytes: shown.size } : { state: 'failed', bytes: shown.size, error: 'hash-mismatch' });
    if (++this.filesFinished === this.files.length) this.finish('done');
    else this.update();
  }

  /**
   * Files before the first listed one are finished on the receiver (their results follow), a
   * listed file continues from `received`, and files after the last listed start again from 0.
   */
  private resume(listed: { index: number; received: number }[]): void {
    if (this.state !== 'paused' && this.state !== 'active' && this.state !== 'offered') return;
    const said = JSON.stringify(listed);
    if (this.pumpingIn === this.generation) {
      // Our repeated offer (after a reload) crossed the resume it then asked for again: the same one.
      if (this.restored && said === this.lastResume) return;
      return this.fail({ code: 'protocol', detail: 'resume while sending' }, 'protocol');
    }
    this.lastResume = said;
    const byIndex = new Map(listed.map((entry) => [entry.index, entry.received]));
    const first = listed.length > 0 ? Math.min(...byIndex.keys()) : this.sources.length;
    for (const [index, received] of byIndex) {
      const file = this.progress[index];
      const size = this.sources[index]?.size;
      // A receiver restored after its own reload names an older acknowledgement: any point of the ack grid within what was sent.
      const sent = this.restored ? size : file?.sent;
      if (!file || size === undefined || sent === undefined || !isAckOffset(received, size) || received > sent) {
        return this.fail({ code: 'protocol', detail: 'resume from an offset never acknowledged' }, 'protocol');
      }
    }
    for (let index = 0; index < this.sources.length; index++) {
      const file = this.progress[index]!;
      const shown = this.files[index]!;
      if (shown.state === 'done' || shown.state === 'failed') continue;
      if (index < first) {
        if (!this.restored && file.sent < this.sources[index]!.size)
          return this.fail({ code: 'protocol', detail: 'resume skips an unsent file' }, 'protocol');
        file.endSent = true;
        file.sent = file.acked = this.sources[index]!.size;
        this.patchFile(index, { state: 'verifying' });
        continue;
      }
      const received = byIndex.get(index) ?? 0;
      if (received === 0) {
        file.states.clear();
        file.digest = undefined;
      }
      file.sent = file.acked = received;
      file.endSent = false;
      this.patchFile(index, { bytes: received, state: received > 0 ? 'active' : 'waiting' });
    }
    this.inFlightBytes = 0;
    this.accepted = true;
    this.setState('active');
    this.startPump();
  }

  private startPump(): void {
    this.pumpingIn = this.generation;
    void this.pump(this.generation);
  }

  private async pump(generation: number): Promise<void> {
    let hasher: P2pHasher;
    try {
      hasher = this.hasher ??= await this.createHasher();
    } catch (cause) {
      if (generation === this.generation) this.fail({ code: 'hasher', detail: describe(cause), cause }, 'sender-error');
      return;
    }
    try {
      for (let index = 0; index < this.sources.length; index++) {
        if (generation !== this.generation) return;
        const source = this.sources[index]!;
        const file = this.progress[index]!;
        const shown = this.files[index]!;
        if (file.endSent || shown.state === 'done' || shown.state === 'failed') continue;
        if (file.sent === 0) {
          hasher.init();
          file.states.set(0, await hashed(hasher.save()));
        } else if (file.sent < source.size || file.digest === undefined) {
          await this.rehash(hasher, index, generation);
        }
        if (generation !== this.generation) return;
        this.patchFile(index, { state: 'active' });
        while (file.sent < source.size) {
          await this.windowOpen(generation);
          if (generation !== this.generation) return;
          const at = file.sent;
          const length = Math.min(P2P_CHUNK_BYTES, source.size - at);
          const data = await source.read(at, length).catch((error: unknown) => Promise.reject(new ReadFailed(error)));
          if (generation !== this.generation) return;
          if (data.byteLength !== length) throw new ReadFailed(new RangeError(`read ${data.byteLength} of ${length} bytes`));
          hasher.update(data);
          file.sent += length;
          this.inFlightBytes += length;
          if (file.sent === source.size) file.digest = await hashed(hasher.digest());
          else if (file.sent % P2P_ACK_SPAN_BYTES === 0) file.states.set(file.sent, await hashed(hasher.save()));
          if (generation !== this.generation) return;
          await this.transport!.send(encodeChunk({ transferId: this.transferId, index, offset: at, data }));
        }
        if (generation !== this.generation) return;
        file.digest ??= await hashed(hasher.digest());
        if (generation !== this.generation) return;
        file.endSent = true;
        this.patchFile(index, { state: 'verifying' });
        this.send({ type: 'file-end', transferId: this.transferId, index, sha256: file.digest });
        this.update();
      }
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof HasherFailed)
        return this.fail({ code: 'hasher', detail: describe(error.cause), cause: error.cause }, 'sender-error');
      // A send rejected by a closing link: its onClose pauses the transfer.
      if (!(error instanceof ReadFailed)) return;
      this.fail({ code: 'source', detail: describe(error.cause), cause: error.cause }, 'sender-error');
    }
  }

  /**
   * Brings the hasher to `sent` of file `index`: from the state saved there, or, when the resume
   * names an older acknowledgement (the receiver's page was reloaded) or this page lost its states
   * (it was), by reading the bytes before it again from the nearest state below. Local reading is
   * far faster than the link, and only acknowledged bytes are read.
   */
  private async rehash(hasher: P2pHasher, index: number, generation: number): Promise<void> {
    const file = this.progress[index]!;
    const source = this.sources[index]!;
    let from = 0;
    for (const at of file.states.keys()) if (at <= file.sent && at > from) from = at;
    const state = file.states.get(from);
    if (state) hasher.load(state);
    else hasher.init();
    for (let at = from; at < file.sent;) {
      if (generation !== this.generation) return;
      const length = Math.min(P2P_ACK_SPAN_BYTES, file.sent - at);
      const data = await source.read(at, length).catch((error: unknown) => Promise.reject(new ReadFailed(error)));
      if (data.byteLength !== length) throw new ReadFailed(new RangeError(`read ${data.byteLength} of ${length} bytes`));
      hasher.update(data);
      at += length;
    }
    if (file.sent === source.size) file.digest = await hashed(hasher.digest());
    else file.states.set(file.sent, await hashed(hasher.save()));
  }

  private async windowOpen(generation: number): Promise<void> {
    while (generation === this.generation && this.inFlightBytes >= P2P_WINDOW_BYTES) {
      await new Promise<void>((resolve) => this.windowWaiters.push(resolve));
    }
  }

  private wakeWindow(): void {
    const waiters = this.windowWaiters;
    this.windowWaiters = [];
    for (const wake of waiters) wake();
  }
}

class HasherFailed {
  constructor(readonly cause: unknown) {}
}

/** A saved state or digest, from a hasher here or in a worker (whose failure is the hasher's, not the file's). */
async function hashed<T>(value: T | Promise<T>): Promise<T> {
  try {
    return await value;
  } catch (cause) {
    throw new HasherFailed(cause);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
