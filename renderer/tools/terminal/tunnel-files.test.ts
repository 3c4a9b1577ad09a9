import { describe, expect, it } from 'vitest';
import { P2pReceiver, P2pSender, watchOffers, type FilesOffer } from '@shared/p2p';
import { createHasher, MemorySink, memorySource, newTransferId, randomBytes, until } from '@shared/testing/p2p-kit';
import { createTransportPair } from '@shared/testing/p2p-transport-pair';
import { parseConsoleMessage } from './terminal.service';
import { filesChannel, TunnelFiles, type FileTransferEntry } from './tunnel-files';

describe('filesChannel', () => {
  it('carries a transfer beside console messages on one channel: neither sees the other', async () => {
    const pair = createTransportPair();
    const bytes = randomBytes(300_000, 7);
    const sink = new MemorySink();
    const heard: string[] = [];
    pair.b.onMessage((data) => {
      const message = typeof data === 'string' ? parseConsoleMessage(data) : undefined;
      if (message?.t === 'text') heard.push(message.text);
    });
    const receiving = filesChannel(pair.b);
    let receiver: P2pReceiver | undefined;
    watchOffers(receiving, (offer) => {
      receiver = new P2pReceiver({ transferId: offer.transferId, transport: receiving, offer: offer as FilesOffer, sink, createHasher });
    });
    const sender = new P2pSender({
      transferId: newTransferId(),
      transport: filesChannel(pair.a),
      files: [memorySource('a.bin', bytes)],
      createHasher,
    });
    // Console traffic while the file flows: the transfer protocol would fail the link on any of it.
    for (let index = 0; index < 20; index += 1) await pair.a.send(JSON.stringify({ t: 'text', text: `hello ${index}` }));
    await until(() => receiver !== undefined, 'the offer');
    expect((await sender.finished).state).toBe('done');
    expect((await receiver!.finished).state).toBe('done');
    expect(sink.files.get('a.bin')).toEqual(bytes);
    await until(() => heard.length === 20, 'the console texts');
    expect(heard[19]).toBe('hello 19');
  });

  it('without the filter, the same console message fails the transfer (what the filter is for)', async () => {
    const pair = createTransportPair();
    const sender = new P2pSender({
      transferId: newTransferId(),
      transport: pair.a,
      files: [memorySource('a.bin', randomBytes(10, 1))],
      createHasher,
    });
    await pair.b.send(JSON.stringify({ t: 'text', text: 'hello' }));
    expect((await sender.finished).state).toBe('failed');
  });
});

describe('TunnelFiles', () => {
  /** A TunnelFiles on side a; side b takes the first offer into a slow memory sink. */
  function start() {
    const pair = createTransportPair();
    const sink = new MemorySink();
    sink.writeDelayMs = 20;
    let receiver: P2pReceiver | undefined;
    watchOffers(pair.b, (offer) => {
      receiver = new P2pReceiver({ transferId: offer.transferId, transport: pair.b, offer: offer as FilesOffer, sink, createHasher });
    });
    const seen: { entries: FileTransferEntry[] } = { entries: [] };
    const files = new TunnelFiles(pair.a, (entries) => (seen.entries = entries));
    files.send([new File([new Uint8Array(randomBytes(3_000_000, 3))], 'big.bin')]);
    return { pair, files, seen, receiver: () => receiver };
  }
  const state = (seen: { entries: FileTransferEntry[] }) => seen.entries[0]?.snapshot?.state;

  it('cancel from the list ends the transfer on both sides', async () => {
    const { files, seen, receiver } = start();
    await until(() => state(seen) === 'active', 'the transfer to run');
    files.cancel(seen.entries[0]!.id);
    expect(await receiver()!.finished).toMatchObject({ state: 'cancelled', cancelledBy: 'peer' });
    await until(() => state(seen) === 'cancelled', 'the list to say cancelled');
  });

  it('the link ending (a revoke) cancels what runs instead of leaving it paused, and nothing more is sent', async () => {
    const { pair, files, seen } = start();
    await until(() => state(seen) === 'active', 'the transfer to run');
    pair.drop();
    await until(() => state(seen) === 'cancelled', 'the list to say cancelled');
    files.send([new File([new Uint8Array([1])], 'late.bin')]);
    expect(seen.entries).toHaveLength(1);
  });
});
