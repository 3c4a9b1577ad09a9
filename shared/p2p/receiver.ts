import { isAckOffset, P2P_ACK_SPAN_BYTES, P2P_CHUNK_BYTES, type ChunkFrame, type ControlMessage } from './protocol';
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

/**
 * What a receiver needs to continue after the page itself is gone (a reload): the files before
 * `cursor` are finished (`results`: kept or discarded), and `acked` bytes of file `cursor` are
 * durable in the sink, hashed into `hashState`.
 */
export interface ReceiverCheckpoint {
  results: boolean[];
  cursor: number;
  acked: number;
  hashState?: Uint8Array;
}

export type ReceiverOptions = TransferOptions & {
  offer: FilesOffer;
  sink: ReceiveSink;
  /**
   * Told whenever what is on disk moved on (a file committed, finished, or closed at a drop), for
   * the page to keep. With it the receiver also commits the open file now and then (see `commit`).
   */
  onCheckpoint?: (checkpoint: ReceiverCheckpoint) => void;
  /** Continues a transfer of an earlier page from its last checkpoint: it starts paused, waiting for `attach`. */
  restore?: ReceiverCheckpoint;
  /** With `onCheckpoint`: a stream that stalls this long gets its bytes committed. */
  idleCommitMs?: number;
};

/** A stalled stream (a sleeping phone, a cut link not noticed yet) is made durable after this. */
const IDLE_COMMIT_MS = 1000;
/** The first commit of a file; later ones wait for as much again as is committed (15 MiB, on the ack grid). */
const COMMIT_MIN_BYTES = 16 * P2P_ACK_SPAN_BYTES;

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
  /** Bytes of the current file in the hasher; -1 when it holds another file's or nothing yet. */
  private hashedTo = -1;
  /** Bytes of the current file committed to the sink (closed at least once there). */
  private committed = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onCheckpoint?: (checkpoint: ReceiverCheckpoint) => void;
  private readonly idleCommitMs: number;
  private queue: Promise<void> = Promise.resolve();
  /** We asked the sender to resume and no chunk came since: a repeated offer has not seen it. */
  private resumeUnanswered = false;

  /** Accepts the offer (the sender starts streaming on this message), or continues a restored one. */
  constructor(options: ReceiverOptions) {
    super('receive', options, options.restore ? 'paused' : 'active');
    this.offer = options.offer;
    this.sink = options.sink;
    this.onCheckpoint = options.onCheckpoint;
    this.idleCommitMs = options.idleCommitMs ?? IDLE_COMMIT_MS;
    this.files = options.offer.files.map((file) => ({ index: file.index, path: file.path, size: file.size, bytes: 0, state: 'waiting' }));
    this.totalBytes = options.offer.totalBytes;
    const restore = options.restore;
    if (restore) {
      restore.results.forEach((ok, index) =>
        this.patchFile(
          index,
          ok
            ? { state: 'done', bytes: this.files[index]!.size }
            : { state: 'failed', bytes: this.files[index]!.size, error: 'hash-mismatch' },
        ),
      );
      this.cursor = restore.cursor;
      this.written = this.acked = this.committed = restore.acked;
      this.ackedState = restore.hashState;
      // A file in the sink already: its name is the sink's to remember; a cancel removes it.
      this.started = restore.cursor < this.files.length;
      if (this.started) this.patchFile(this.cursor, { bytes: this.acked });
    } else {
      if (options.transport) this.bind(options.transport);
      this.send({ type: 'accept', transferId: this.transferId });
    }
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
      this.sendResume();
      this.setState('active');
    });
  }

  private sendResume(): void {
    this.resumeUnanswered = true;
    const files = this.cursor < this.files.length ? [{ index: this.cursor, received: this.acked }] : [];
    this.send({ type: 'resume', transferId: this.transferId, files });
    // Results the sender may have missed with the old link; it ignores repeats.
    for (const file of this.files.slice(0, this.cursor)) {
      this.send({ type: 'file-result', transferId: this.transferId, index: file.index, ok: file.state === 'done' });
    }
  }

  protected handleChunk(frame: ChunkFrame): void {
    this.resumeUnanswered = false;
    this.enqueue(this.generation, () => this.write(frame));
  }

  protected handleControl(message: ControlMessage): void {
    if (message.type === 'file-end') this.enqueue(this.generation, () => this.endFile(message.index, message.sha256));
    // The sender's page was reloaded and offers again: it waits for our place. Once its chunks
    // flow it has had it (the offer crossed our resume); otherwise the same resume goes again.
    // A receiver that never asked for a resume has nothing to repeat: the offer is the one it accepted.
    if (message.type === 'offer-files')
      this.enqueue(this.generation, () => {
        if (this.resumeUnanswered) this.sendResume();
        return Promise.resolve();
      });
  }

  protected transportClosed(): void {
    this.setState('paused');
    this.enqueue(undefined, () => this.suspend());
  }

  protected cleanUp(): Promise<void> {
    clearTimeout(this.idleTimer);
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
    if (open) {
      await sinkCall(() => open.close());
      this.committed = this.acked;
      this.checkpoint();
    }
  }

  /**
   * Closes the open file so what it holds is on disk: a page's writable stream keeps its bytes
   * aside until closed, and a reload throws them away. Reopening copies the file in the browser,
   * so commits come at doubling sizes (their copies add up to about one file) and when the stream
   * stalls with half as much again as is committed; the next chunk reopens it where it was, the hasher untouched.
   */
  private async commit(): Promise<void> {
    const open = this.open;
    if (!open || this.written === this.committed) return;
    this.open = null;
    await sinkCall(() => open.close());
    this.committed = this.written;
    this.checkpoint();
  }

  private checkpoint(): void {
    this.onCheckpoint?.({
      results: this.files.slice(0, this.cursor).map((file) => file.state === 'done'),
      cursor: this.cursor,
      acked: this.acked,
      ...(this.ackedState ? { hashState: this.ackedState } : {}),
    });
  }

  private commitWhenIdle(): void {
    if (!this.onCheckpoint) return;
    clearTimeout(this.idleTimer);
    const generation = this.generation;
    // Not for a few bytes on a big file: a link that stalls often would copy the file at each stall.
    const worth = () => this.written - this.committed >= this.committed / 2;
    this.idleTimer = setTimeout(() => this.enqueue(generation, () => (worth() ? this.commit() : Promise.resolve())), this.idleCommitMs);
  }

  private async current(): Promise<SinkFile> {
    if (this.open) return this.open;
    const file = this.offer.files[this.cursor]!;
    // After a drop `written` fell back to `acked`; after a commit it is where the file was closed.
    const resumeAt = this.written;
    // The hasher first: a file opened and then left behind by a failing hasher would never be removed.
    const hasher = (this.hasher ??= await this.createHasher().catch((cause: unknown) => Promise.reject(new HasherFailed(cause))));
    const open = await sinkCall(() => this.sink.open(file, { resumeAt }));
    this.open = open;
    this.started = true;
    if (resumeAt > 0) await sinkCall(() => open.truncate(resumeAt));
    if (this.hashedTo !== resumeAt) {
      if (resumeAt > 0 && this.ackedState) hasher.load(this.ackedState);
      else hasher.init();
      this.hashedTo = resumeAt;
    }
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
    this.hashedTo = this.written;
    this.patchFile(this.cursor, { bytes: this.written });
    if (isAckOffset(this.written, file.size)) {
      this.acked = this.written;
      this.ackedState = await hashed(this.hasher!.save());
      this.send({ type: 'ack', transferId: this.transferId, index: this.cursor, offset: this.acked });
      this.progressed();
      const pending = this.acked - this.committed;
      if (this.onCheckpoint && this.acked < file.size && pending >= Math.max(COMMIT_MIN_BYTES, this.committed)) await this.commit();
    }
    this.commitWhenIdle();
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
    this.written = this.acked = this.committed = 0;
    this.hashedTo = -1;
    this.ackedState = undefined;
    this.checkpoint();
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
