import { describe, expect, it } from 'vitest';
import { P2pReceiver, P2pSender, watchOffers, type FilesOffer } from '@shared/p2p';
import { createHasher, MemorySink, memorySource, newTransferId, randomBytes, until } from '@shared/testing/p2p-kit';
import { createTransportPair } from '@shared/testing/p2p-transport-pair';
import { parseConsoleMessage } from './terminal.service';
import { filesChannel } from './tunnel-files';

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
