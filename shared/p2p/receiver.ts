import { isAckOffset, P2P_CHUNK_BYTES, type ChunkFrame, type ControlMessage } from './protocol';
import type { FilesOffer } from './offers';
import { TransferBase, type TransferOptions } from './transfer-base';
import type { P2pTransport } from './transport';
import { isFinished, type P2pHasher, type ReceiveSink, type SinkFile } from './types';

class Violation {
  constructor(readonly detail: string) {}
}
class HasherFailed {
  constructor(readonly cause: unknown) {}
}
class SinkFailed {
  constructor(readonly cause: unknown) {}
}

export type ReceiverOptions = TransferOptions & { offer: FilesOffer; sink: ReceiveSink };

/**
 * The receiving side of an accepted file offer: writes each chunk through the sink in order,
 * hashes it, acknowledges at every P2P_ACK_SPAN_BYTES once the write has finished, and checks
 * each file's SHA-256 at its end. Messages are handled one at a time in arrival order (a queue of
 * promises); the sender's window bounds how much can wait in it.
 */
export class P2pReceiver extends TransferBase {
  private readonly offer: FilesOffer;
  private readonly sink: ReceiveSink;
  /** The file being received; those before it are finished. */
  private cursor = 0;
  private written = 0;
  private acked = 0;
  /** The hash state at `acked`, where a resume continues. */
  private ackedState?: Uint8Array;
  private open: SinkFile | null = null;
  /** The current file exists in the sink (open, or closed at a drop). */
  private started = false;
  private hasher?: P2pHasher;
  private queue: Promise<void> = Promise.resolve();

  /** Accepts the offer: the sender starts streaming on this message. */
  constructor(options: ReceiverOptions) {
    super('receive', options, 'active');
    this.offer = options.offer;
    this.sink = options.sink;
    this.files = options.offer.files.map((file) => ({ index: file.index, path: file.path, size: file.size, bytes: 0, state: 'waiting' }));
    this.totalBytes = options.offer.totalBytes;
    this.bind(options.transport);
    this.send({ type: 'accept', transferId: this.transferId });
    this.update();
  }

  /** A new link after a drop: tells the sender where to continue. Attach an ended transfer too (see the sender's). */
  attach(transport: P2pTransport): void {
    if (isFinished(this.state)) {
      // All files checked, but the sender may have missed the last results: it waits for a resume.
      return this.attachEnded(transport, (send) => {
        send({ type: 'resume', transferId: this.transferId, files: [] });
        for (const file of this.files)
          send({ type: 'file-result', transferId: this.transferId, index: file.index, ok: file.state === 'done' });
      });
    }
    this.bind(transport);
    this.enqueue(this.generation, async () => {
      await this.suspend();
      const files = this.cursor < this.files.length ? [{ index: this.cursor, received: this.acked }] : [];
      this.send({ type: 'resume', transferId: this.transferId, files });
      // Results the sender may have missed with the old link; it ignores repeats.
      for (const file of this.files.slice(0, this.cursor)) {
        this.send({ type: 'file-result', transferId: this.transferId, index: file.index, ok: file.state === 'done' });
      }
      this.setState('active');
    });
  }

  protected handleChunk(frame: ChunkFrame): void {
    this.enqueue(this.generation, () => this.write(frame));
  }

  protected handleControl(message: ControlMessage): void {
    if (message.type === 'file-end') this.enqueue(this.generation, () => this.endFile(message.index, message.sha256));
  }

  protected transportClosed(): void {
    this.setState('paused');
    this.enqueue(undefined, () => this.suspend());
  }

  protected cleanUp(): Promise<void> {
    const done = this.queue.then(async () => {
      this.hasher?.dispose?.();
      const open = this.open;
      this.open = null;
      // Cancelled or failed: a partial file is of no use.
      if (this.state === 'done') return;
      if (open) await open.abort();
      else if (this.started) await this.sink.discard(this.offer.files[this.cursor]!);
    });
    this.queue = done.catch(() => undefined);
    return done;
  }

  /** Runs `task` after everything before it; skipped when its link has since dropped. */
  private enqueue(generation: number | undefined, task: () => Promise<void>): void {
    this.queue = this.queue
      .then(async () => {
        if (isFinished(this.state) || (generation !== undefined && generation !== this.generation)) return;
        await task();
      })
      .catch((error: unknown) => {
        if (error instanceof Violation) return this.fail({ code: 'protocol', detail: error.detail }, 'protocol');
        if (error instanceof HasherFailed)
          return this.fail({ code: 'hasher', detail: describe(error.cause), cause: error.cause }, 'receiver-error');
        const cause = error instanceof SinkFailed ? error.cause : error;
        this.fail({ code: 'sink', detail: describe(cause), cause }, 'receiver-error');
      });
  }

  /** Keeps the partial file (closing it makes it durable) and forgets what was never acknowledged. */
  private async suspend(): Promise<void> {
    const open = this.open;
    this.open = null;
    this.written = this.acked;
    if (this.cursor < this.files.length) this.patchFile(this.cursor, { bytes: this.acked });
    if (open) await sinkCall(() => open.close());
  }

  private async current(): Promise<SinkFile> {
    if (this.open) return this.open;
    const file = this.offer.files[this.cursor]!;
    const resumeAt = this.acked;
    // The hasher first: a file opened and then left behind by a failing hasher would never be removed.
    const hasher = (this.hasher ??= await this.createHasher().catch((cause: unknown) => Promise.reject(new HasherFailed(cause))));
    const open = await sinkCall(() => this.sink.open(file, { resumeAt }));
    this.open = open;
    this.started = true;
    if (resumeAt > 0) await sinkCall(() => open.truncate(resumeAt));
    if (resumeAt > 0 && this.ackedState) hasher.load(this.ackedState);
    else hasher.init();
    this.patchFile(this.cursor, { state: 'active' });
    return open;
  }

  private async write(frame: ChunkFrame): Promise<void> {
    const file = this.offer.files[frame.index];
    if (!file || frame.index !== this.cursor) throw new Violation('chunk for a file out of order');
    const expected = Math.min(P2P_CHUNK_BYTES, file.size - this.written);
    if (frame.offset !== this.written || expected <= 0 || frame.data.byteLength !== expected)
      throw new Violation('chunk at an unexpected offset');
    const open = await this.current();
    await sinkCall(() => open.write(frame.data));
    this.hasher!.update(frame.data);
    this.written += expected;
    this.patchFile(this.cursor, { bytes: this.written });
    if (isAckOffset(this.written, file.size)) {
      this.acked = this.written;
      this.ackedState = await hashed(this.hasher!.save());
      this.send({ type: 'ack', transferId: this.transferId, index: this.cursor, offset: this.acked });
      this.progressed();
    }
  }

  private async endFile(index: number, sha256: string): Promise<void> {
    const file = this.offer.files[index];
    if (!file || index !== this.cursor || this.written !== file.size) throw new Violation('file ended early');
    const open = await this.current();
    const ok = (await hashed(this.hasher!.digest())) === sha256;
    this.open = null;
    await sinkCall(() => (ok ? open.close() : open.abort()));
    this.patchFile(index, ok ? { state: 'done' } : { state: 'failed', error: 'hash-mismatch' });
    this.send({ type: 'file-result', transferId: this.transferId, index, ok });
    this.cursor++;
    this.started = false;
    this.written = this.acked = 0;
    this.ackedState = undefined;
    if (this.cursor === this.files.length) this.finish('done');
    else this.progressed();
  }
}

async function hashed<T>(value: T | Promise<T>): Promise<T> {
  try {
    return await value;
  } catch (cause) {
    throw new HasherFailed(cause);
  }
}

async function sinkCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new SinkFailed(error);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
