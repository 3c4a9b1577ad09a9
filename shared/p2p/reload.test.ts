import { describe, expect, it } from 'vitest';
import { createHasher, MemorySink, memorySource, newTransferId, randomBytes, states, until } from '../testing/p2p-kit';
import { createTransportPair, type TransportPair } from '../testing/p2p-transport-pair';
import { watchOffers, type FilesOffer } from './offers';
import { FRAME_HEADER_BYTES, P2P_ACK_SPAN_BYTES, parseMessage, type OfferedFile } from './protocol';
import { P2pReceiver, type ReceiverCheckpoint } from './receiver';
import { P2pSender } from './sender';
import type { ReceiveSink, SinkFile } from './types';

/**
 * A sink whose page can die: after `die()` nothing more reaches the disk (a reload throws away a
 * writable stream's uncommitted bytes, and no close comes).
 */
class MortalSink implements ReceiveSink {
  dead = false;
  constructor(readonly disk: MemorySink) {}
  die(): void {
    this.dead = true;
  }
  async open(file: OfferedFile, options: { resumeAt: number }): Promise<SinkFile> {
    const inner = await this.disk.open(file, options);
    const unlessDead =
      <A extends unknown[]>(call: (...args: A) => Promise<void>) =>
      (...args: A) =>
        this.dead ? Promise.resolve() : call(...args);
    return {
      write: unlessDead(inner.write),
      truncate: unlessDead(inner.truncate),
      close: unlessDead(inner.close),
      abort: unlessDead(inner.abort),
    };
  }
  discard(file: OfferedFile): Promise<void> {
    return this.disk.discard(file);
  }
}

/** big.bin of 20 spans goes past the first commit (15 MiB) and stops short of the second. */
const sources = (bigSpans = 20) => [
  memorySource('first.txt', randomBytes(5000, 11)),
  memorySource('big.bin', randomBytes(bigSpans * P2P_ACK_SPAN_BYTES + 123, 12)),
  memorySource('after.bin', randomBytes(P2P_ACK_SPAN_BYTES + 5, 13)),
];

/** Payload bytes of chunks the sender puts on `pair` from now on. */
function countResent(): { pair: TransportPair; resent: () => number } {
  let resent = 0;
  const pair = createTransportPair({
    onDeliver: (from, data) => {
      if (from === 'a' && typeof data !== 'string') resent += data.byteLength - FRAME_HEADER_BYTES;
      return data;
    },
  });
  return { pair, resent: () => resent };
}

describe('P2P transfer across a page reload', () => {
  it('a receiver restored from its last checkpoint continues a live sender’s transfer from there, to identical files', async () => {
    const files = sources();
    const disk = new MemorySink();
    const sink = new MortalSink(disk);
    const transferId = newTransferId();
    const checkpoints: ReceiverCheckpoint[] = [];
    let offer: FilesOffer | undefined;
    let receiver: P2pReceiver | undefined;
    let chunksAfterCommit = 0;
    const first: TransportPair = createTransportPair({
      onDeliver: (_from, data) => {
        const parsed = parseMessage(data);
        // The page dies a few chunks after big.bin's first commit: what it wrote since is lost.
        if (parsed.ok && parsed.kind === 'chunk' && checkpoints.some((point) => point.cursor === 1 && point.acked > 0))
          if (++chunksAfterCommit === 20) {
            sink.die();
            queueMicrotask(() => first.drop());
          }
        return data;
      },
    });
    watchOffers(first.b, (incoming) => {
      offer = incoming as FilesOffer;
      receiver = new P2pReceiver({
        transferId,
        transport: first.b,
        offer,
        sink,
        createHasher,
        // A dead page keeps nothing.
        onCheckpoint: (point) => void (sink.dead || checkpoints.push(point)),
      });
    });
    const sender = new P2pSender({ transferId, transport: first.a, files, createHasher });
    await until(() => sender.snapshot().state === 'paused', 'the sender to pause');
    const saved = checkpoints.filter((point) => point.cursor === 1).at(-1)!;
    expect(saved).toMatchObject({ results: [true], cursor: 1, acked: 16 * P2P_ACK_SPAN_BYTES });
    expect(saved.hashState).toBeInstanceOf(Uint8Array);
    // The old page's receiver wrote more than that, never committed.
    expect(receiver!.snapshot().files[1]!.bytes).toBeGreaterThan(saved.acked);

    const restored = new P2pReceiver({ transferId, offer: offer!, sink: new MortalSink(disk), createHasher, restore: saved });
    const shown = restored.snapshot();
    expect(shown.state).toBe('paused');
    expect(states(shown)).toEqual(['first.txt:done', 'big.bin:waiting', 'after.bin:waiting']);
    expect(shown.files[1]!.bytes).toBe(saved.acked);

    const { pair, resent } = countResent();
    sender.attach(pair.a);
    restored.attach(pair.b);
    const [sent, received] = await Promise.all([sender.finished, restored.finished]);
    expect([sent.state, received.state]).toEqual(['done', 'done']);
    expect(states(received)).toEqual(['first.txt:done', 'big.bin:done', 'after.bin:done']);
    for (const source of files) expect(disk.files.get(source.path)).toEqual(await source.read(0, source.size));
    // From the checkpoint, not from where the sender's acknowledgements were.
    expect(resent()).toBe(files[1]!.size - saved.acked + files[2]!.size);
    expect(disk.log).toContain(`open big.bin@${saved.acked}`);
  }, 180_000);

  it('a sender whose files are picked again after its reload offers again and continues where the receiver is', async () => {
    const files = sources(4);
    const disk = new MemorySink();
    const transferId = newTransferId();
    let receiver: P2pReceiver | undefined;
    let bigChunks = 0;
    const first: TransportPair = createTransportPair({
      onDeliver: (_from, data) => {
        const parsed = parseMessage(data);
        if (parsed.ok && parsed.kind === 'chunk' && parsed.frame.index === 1 && ++bigChunks === 40) queueMicrotask(() => first.drop());
        return data;
      },
    });
    watchOffers(first.b, (offer) => {
      receiver = new P2pReceiver({ transferId, transport: first.b, offer: offer as FilesOffer, sink: disk, createHasher });
    });
    const lost = new P2pSender({ transferId, transport: first.a, files, createHasher });
    await until(() => receiver?.snapshot().state === 'paused' && lost.snapshot().state === 'paused', 'both sides to pause');
    const kept = receiver!.snapshot().files[1]!.bytes;
    expect(kept).toBe(2 * P2P_ACK_SPAN_BYTES);

    const { pair, resent } = countResent();
    // The receiver's resume on the new link reaches a page that has no transfer yet: it is lost.
    receiver!.attach(pair.b);
    const picked = sources(4);
    const sender = new P2pSender({ transferId, files: picked, restored: true, createHasher });
    expect(sender.snapshot().state).toBe('paused');
    sender.attach(pair.a);
    const [sent, received] = await Promise.all([sender.finished, receiver!.finished]);
    expect([sent.error, received.error]).toEqual([undefined, undefined]);
    expect(states(sent)).toEqual(['first.txt:done', 'big.bin:done', 'after.bin:done']);
    for (const source of files) expect(disk.files.get(source.path)).toEqual(await source.read(0, source.size));
    expect(resent()).toBe(files[1]!.size - kept + files[2]!.size);
  }, 60_000);

  it('a receiver’s resume naming bytes a live sender never sent fails the transfer', async () => {
    const files = sources(4);
    const transferId = newTransferId();
    const pair = createTransportPair();
    const sender = new P2pSender({ transferId, transport: pair.a, files, createHasher });
    const offer: FilesOffer = {
      kind: 'files',
      transferId,
      totalBytes: files.reduce((sum, file) => sum + file.size, 0),
      files: files.map((file, index) => ({ index, path: file.path, size: file.size, lastModified: 0, mime: '' })),
    };
    // Restored at 4 spans of big.bin, while this sender has not even been accepted.
    const restored = new P2pReceiver({
      transferId,
      offer,
      sink: new MemorySink(),
      createHasher,
      restore: { results: [true], cursor: 1, acked: 4 * P2P_ACK_SPAN_BYTES },
    });
    restored.attach(pair.b);
    const ended = await sender.finished;
    expect(ended.state).toBe('failed');
    expect(ended.error).toMatchObject({ code: 'protocol', detail: 'resume from an offset never acknowledged' });
  });

  it('a receiver that never asked for a resume lets an offer it sees again pass: the transfer goes on', async () => {
    const files = sources(2);
    const disk = new MemorySink();
    const transferId = newTransferId();
    const pair = createTransportPair();
    const offers: string[] = [];
    pair.b.onMessage((data) => {
      const parsed = typeof data === 'string' ? parseMessage(data) : undefined;
      if (parsed?.ok && parsed.kind === 'control' && parsed.message.type === 'offer-files') offers.push(data as string);
    });
    let receiver: P2pReceiver | undefined;
    watchOffers(pair.b, (offer) => {
      if (receiver) return;
      receiver = new P2pReceiver({ transferId, transport: pair.b, offer: offer as FilesOffer, sink: disk, createHasher });
      // The offer's first message once more, as a transport that hands it to listeners added meanwhile did.
      void pair.a.send(offers[0]!);
    });
    const sender = new P2pSender({ transferId, transport: pair.a, files, createHasher });
    await until(() => receiver !== undefined, 'the offer');
    const [sent, received] = await Promise.all([sender.finished, receiver!.finished]);
    expect([sent.error, received.error]).toEqual([undefined, undefined]);
    expect(states(sent)).toEqual(['first.txt:done', 'big.bin:done', 'after.bin:done']);
  });
});
