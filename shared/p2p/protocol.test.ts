import { describe, expect, it } from 'vitest';
import { createHasher, MemorySink, memorySource, randomBytes, startTransfer, until } from '../testing/p2p-kit';
import { watchOffers, type FilesOffer, type IncomingOffer } from './offers';
import { createTransportPair } from '../testing/p2p-transport-pair';
import { P2pReceiver } from './receiver';
import { P2pSender } from './sender';
import {
  encodeChunk,
  encodeControl,
  FRAME_HEADER_BYTES,
  isSafeRelativePath,
  P2P_ACK_SPAN_BYTES,
  P2P_CHUNK_BYTES,
  P2P_PROTOCOL_VERSION,
  parseMessage,
  type ControlMessageInput,
} from './protocol';
import { P2P_MAX_MESSAGE_BYTES } from './transport';

const id = '0123456789abcdef';

describe('wire format', () => {
  it('round-trips a chunk frame, offsets past 4 GiB included', () => {
    const data = randomBytes(P2P_CHUNK_BYTES, 3);
    const frame = encodeChunk({ transferId: id, index: 70_000, offset: 5 * 2 ** 32 + 7, data });
    expect(frame.length).toBe(FRAME_HEADER_BYTES + P2P_CHUNK_BYTES);
    expect(frame.length).toBeLessThanOrEqual(P2P_MAX_MESSAGE_BYTES);
    expect(parseMessage(frame)).toEqual({
      ok: true,
      kind: 'chunk',
      frame: { transferId: id, index: 70_000, offset: 5 * 2 ** 32 + 7, data },
    });
  });

  it('round-trips control messages with the version stamped on', () => {
    const message: ControlMessageInput = { type: 'resume', transferId: id, files: [{ index: 2, received: P2P_ACK_SPAN_BYTES }] };
    expect(JSON.parse(encodeControl(message))).toMatchObject({ v: P2P_PROTOCOL_VERSION });
    expect(parseMessage(encodeControl(message))).toEqual({ ok: true, kind: 'control', message: { v: 1, ...message } });
  });

  it.each([
    ['empty text', ''],
    ['not JSON', '{"v":1,'],
    ['JSON null', 'null'],
    ['an array', '[1,2]'],
    ['no version', JSON.stringify({ type: 'accept', transferId: id })],
    ['unknown type', JSON.stringify({ v: 1, type: 'explode', transferId: id })],
    ['bad transfer id', JSON.stringify({ v: 1, type: 'accept', transferId: 'x' })],
    ['negative offset', JSON.stringify({ v: 1, type: 'ack', transferId: id, index: 0, offset: -1 })],
    ['fractional index', JSON.stringify({ v: 1, type: 'ack', transferId: id, index: 0.5, offset: 0 })],
    ['short hash', JSON.stringify({ v: 1, type: 'file-end', transferId: id, index: 0, sha256: 'abc' })],
    [
      'parent path',
      JSON.stringify({
        v: 1,
        type: 'offer-files',
        transferId: id,
        fileCount: 1,
        totalBytes: 1,
        files: [{ index: 0, path: '../x', size: 1, lastModified: 0, mime: '' }],
      }),
    ],
    ['empty frame', new Uint8Array()],
    [
      'truncated header',
      encodeChunk({ transferId: id, index: 0, offset: 0, data: new Uint8Array(10) }).subarray(0, FRAME_HEADER_BYTES - 1),
    ],
    ['unknown frame kind', Uint8Array.from([1, 9, ...new Uint8Array(30)])],
    ['oversized frame', new Uint8Array(P2P_MAX_MESSAGE_BYTES + 1)],
  ] as [string, string | Uint8Array][])('refuses %s without throwing', (_, data) => {
    expect(parseMessage(data)).toMatchObject({ ok: false, error: 'malformed' });
  });

  it('tells a newer version from a broken message', () => {
    expect(parseMessage(JSON.stringify({ v: 2, type: 'hello', transferId: id }))).toEqual({ ok: false, error: 'version', transferId: id });
    const frame = encodeChunk({ transferId: id, index: 0, offset: 0, data: new Uint8Array(1) });
    frame[0] = 2;
    expect(parseMessage(frame)).toEqual({ ok: false, error: 'version', transferId: id });
  });

  it('survives random bytes and random text', () => {
    for (let seed = 1; seed < 2000; seed++) {
      const bytes = randomBytes(seed % 97, seed);
      expect(() => parseMessage(bytes)).not.toThrow();
      expect(() => parseMessage(new TextDecoder().decode(bytes))).not.toThrow();
      const json = JSON.stringify({
        v: 1,
        type: ['ack', 'resume', 'file-end', 'offer-files'][seed % 4],
        transferId: id,
        index: bytes[0],
        files: [bytes[1]],
      });
      expect(parseMessage(json).ok).toBe(false);
    }
  });

  it.each([
    ['a/b/c.txt', true],
    ['相册/第1张.jpg', true],
    ['.hidden', true],
    ['', false],
    ['/etc/passwd', false],
    ['a//b', false],
    ['a/../b', false],
    ['./a', false],
    ['C:/x', false],
    ['a\\b', false],
    ['a\u0000b', false],
    ['x'.repeat(256), false],
  ])('a relative path %j is safe: %s', (path, safe) => {
    expect(isSafeRelativePath(path)).toBe(safe);
  });
});

describe('offers', () => {
  it('refuses an offer of a newer protocol version (once), and an offer whose list does not add up', async () => {
    const pair = createTransportPair();
    const offers: IncomingOffer[] = [];
    watchOffers(pair.b, (offer) => offers.push(offer));
    const answers: string[] = [];
    pair.a.onMessage((data) => answers.push(String(data)));
    const newer = JSON.stringify({ v: 2, type: 'offer-files', transferId: id, files: [] });
    await pair.a.send(newer);
    await pair.a.send(newer);
    const bad = encodeControl({
      type: 'offer-files',
      transferId: 'aaaaaaaaaaaaaaaa',
      fileCount: 1,
      totalBytes: 5,
      files: [{ index: 0, path: 'a', size: 4, lastModified: 0, mime: '' }],
    });
    await pair.a.send(bad);
    await until(() => answers.length === 2, 'the refusals');
    expect(answers.map((answer) => JSON.parse(answer) as unknown)).toEqual([
      { v: 1, type: 'cancel', transferId: id, reason: 'protocol' },
      { v: 1, type: 'cancel', transferId: 'aaaaaaaaaaaaaaaa', reason: 'protocol' },
    ]);
    expect(offers).toEqual([]);
  });
});

describe('bad input in a running transfer', () => {
  const garbage: [string, string | Uint8Array][] = [
    ['random bytes', randomBytes(100, 5)],
    ['a truncated frame', new Uint8Array(5)],
    ['unparseable JSON', '{"v":1,"type":'],
    ['a control message of the wrong shape', JSON.stringify({ v: 1, type: 'ack', transferId: '' })],
  ];

  async function running() {
    const sink = new MemorySink();
    sink.writeDelayMs = 2;
    const run = await startTransfer([memorySource('f.bin', randomBytes(30 * P2P_ACK_SPAN_BYTES, 1))], sink);
    await until(() => run.receiver().snapshot().bytes > 0, 'the first acknowledgement');
    return run;
  }

  it.each(garbage)('%s to the receiver fails both sides as a protocol error, never a hang', async (_, data) => {
    const run = await running();
    await run.pair.a.send(data);
    const [sent, received] = await Promise.all([run.sender.finished, run.receiver().finished]);
    expect(received).toMatchObject({ state: 'failed', error: { code: 'protocol' } });
    expect(sent).toMatchObject({ state: 'failed', error: { code: 'peer', detail: 'protocol' } });
  });

  it.each(garbage)('%s to the sender fails both sides as a protocol error', async (_, data) => {
    const run = await running();
    await run.pair.b.send(data);
    const [sent, received] = await Promise.all([run.sender.finished, run.receiver().finished]);
    expect(sent).toMatchObject({ state: 'failed', error: { code: 'protocol' } });
    expect(received).toMatchObject({ state: 'failed', error: { code: 'peer', detail: 'protocol' } });
  });

  it.each([
    ['an acknowledgement of bytes never sent', 'b', { type: 'ack', index: 0, offset: 29 * P2P_ACK_SPAN_BYTES }],
    ['an acknowledgement off the span grid', 'b', { type: 'ack', index: 0, offset: 5 }],
    ['a result for a file not yet ended', 'b', { type: 'file-result', index: 0, ok: true }],
    ['a resume from an offset never acknowledged', 'b', { type: 'resume', files: [{ index: 0, received: 3 * P2P_CHUNK_BYTES }] }],
    ['a resume on the link already sending', 'b', { type: 'resume', files: [{ index: 0, received: 0 }] }],
    ['a file end before its bytes', 'a', { type: 'file-end', index: 0, sha256: '0'.repeat(64) }],
  ] as const)('%s is a protocol error', async (_, to, message) => {
    const run = await running();
    const side = to === 'b' ? run.pair.b : run.pair.a;
    await side.send(encodeControl({ ...message, transferId: run.sender.transferId } as ControlMessageInput));
    const [sent, received] = await Promise.all([run.sender.finished, run.receiver().finished]);
    expect([sent.state, received.state]).toEqual(['failed', 'failed']);
    expect((to === 'b' ? sent : received).error).toMatchObject({ code: 'protocol' });
  });

  it('a chunk at the wrong offset is a protocol error', async () => {
    const run = await running();
    await run.pair.a.send(
      encodeChunk({ transferId: run.sender.transferId, index: 0, offset: 29 * P2P_ACK_SPAN_BYTES, data: new Uint8Array(P2P_CHUNK_BYTES) }),
    );
    expect(await run.receiver().finished).toMatchObject({ state: 'failed', error: { code: 'protocol' } });
  });

  it('a second transfer on the same link, and garbage naming it, leave the first alone', async () => {
    const run = await running();
    const otherId = 'ffffffffffffffff';
    const other = new P2pSender({
      transferId: otherId,
      transport: run.pair.a,
      files: [memorySource('other.txt', randomBytes(3, 2))],
      createHasher,
    });
    await until(() => run.offers.length === 2, 'the second offer');
    const otherReceiver = new P2pReceiver({
      transferId: otherId,
      transport: run.pair.b,
      offer: run.offers[1] as FilesOffer,
      sink: new MemorySink(),
      createHasher,
    });
    expect((await otherReceiver.finished).state).toBe('done');
    // The second transfer is over; its late frames and garbage naming it are still not the first's concern.
    await run.pair.a.send(encodeChunk({ transferId: otherId, index: 0, offset: 0, data: new Uint8Array(3) }));
    await run.pair.b.send(JSON.stringify({ v: 1, type: 'bogus', transferId: otherId }));
    const [sent, received] = await Promise.all([run.sender.finished, run.receiver().finished]);
    expect([sent.state, received.state, (await other.finished).state]).toEqual(['done', 'done', 'done']);
  });

  it('a chunk naming no transfer on the link is garbage', async () => {
    const run = await running();
    await run.pair.a.send(encodeChunk({ transferId: 'ffffffffffffffff', index: 0, offset: 0, data: new Uint8Array(3) }));
    expect(await run.receiver().finished).toMatchObject({ state: 'failed', error: { code: 'protocol' } });
  });
});
