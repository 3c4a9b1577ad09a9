import { describe, expect, it } from 'vitest';
import { P2P_MAX_MESSAGE_BYTES } from '@shared/p2p/transport';
import { dataChannelTransport, type DataChannelLike } from './transport';

/** A data channel whose buffer only drains when the test says so, firing bufferedamountlow as a browser does. */
class FakeChannel extends EventTarget implements DataChannelLike {
  bufferedAmount = 0;
  bufferedAmountLowThreshold = 0;
  binaryType: BinaryType = 'blob';
  readyState: RTCDataChannelState = 'open';
  sent: (string | Uint8Array)[] = [];

  send(data: string | ArrayBufferView | ArrayBuffer | Blob): void {
    if (this.readyState !== 'open') throw new DOMException('not open', 'InvalidStateError');
    const bytes = typeof data === 'string' ? data : new Uint8Array(data as ArrayBuffer);
    this.sent.push(bytes);
    this.bufferedAmount += typeof bytes === 'string' ? bytes.length : bytes.byteLength;
  }

  drain(to: number): void {
    const before = this.bufferedAmount;
    this.bufferedAmount = to;
    if (before > this.bufferedAmountLowThreshold && to <= this.bufferedAmountLowThreshold)
      this.dispatchEvent(new Event('bufferedamountlow'));
  }

  close(): void {
    this.readyState = 'closed';
    this.dispatchEvent(new Event('close'));
  }

  receive(data: string | ArrayBuffer): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

const chunk = (size: number) => new Uint8Array(size).fill(7);
const settled = async (promise: Promise<unknown>) => {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('dataChannelTransport backpressure', () => {
  const marks = { highWaterMark: 100_000, lowWaterMark: 30_000 };

  it('resolves at once while the buffer stays at or under the high-water mark', async () => {
    const channel = new FakeChannel();
    const transport = dataChannelTransport(channel, marks);
    expect(channel.bufferedAmountLowThreshold).toBe(30_000);
    await transport.send(chunk(50_000));
    await transport.send(chunk(50_000));
    expect(channel.bufferedAmount).toBe(100_000);
  });

  it('waits once over the high-water mark until the buffer drains to the low one', async () => {
    const channel = new FakeChannel();
    const transport = dataChannelTransport(channel, marks);
    await transport.send(chunk(60_000));
    const first = transport.send(chunk(60_000));
    const second = transport.send(chunk(10));
    expect(await settled(first)).toBe(false);
    channel.drain(50_000);
    expect(await settled(first)).toBe(false);
    channel.drain(30_000);
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBeUndefined();
    // Both messages were queued straight away: backpressure delays the caller, never the bytes.
    expect(channel.sent).toHaveLength(3);
  });

  it('rejects waiting senders and later sends once the channel closes, and tells onClose once', async () => {
    const channel = new FakeChannel();
    const transport = dataChannelTransport(channel, marks);
    const reasons: (string | undefined)[] = [];
    transport.onClose((reason) => reasons.push(reason));
    await transport.send(chunk(P2P_MAX_MESSAGE_BYTES));
    const stuck = transport.send(chunk(P2P_MAX_MESSAGE_BYTES));
    expect(await settled(stuck)).toBe(false);
    channel.close();
    channel.close();
    await expect(stuck).rejects.toThrow(/closed/);
    await expect(transport.send('late')).rejects.toThrow(/closed/);
    expect(reasons).toEqual(['the data channel closed']);
  });

  it('refuses a message over P2P_MAX_MESSAGE_BYTES without sending it', async () => {
    const channel = new FakeChannel();
    const transport = dataChannelTransport(channel, marks);
    await expect(transport.send(chunk(P2P_MAX_MESSAGE_BYTES + 1))).rejects.toThrow(RangeError);
    await expect(transport.send('字'.repeat(P2P_MAX_MESSAGE_BYTES / 2))).rejects.toThrow(RangeError);
    await transport.send(chunk(P2P_MAX_MESSAGE_BYTES));
    expect(channel.sent).toHaveLength(1);
  });

  it('hands binary messages over as Uint8Array and text as string', () => {
    const channel = new FakeChannel();
    const transport = dataChannelTransport(channel, marks);
    expect(channel.binaryType).toBe('arraybuffer');
    const got: (string | Uint8Array)[] = [];
    transport.onMessage((data) => got.push(data));
    channel.receive('hello');
    channel.receive(new Uint8Array([1, 2, 3]).buffer);
    expect(got).toEqual(['hello', new Uint8Array([1, 2, 3])]);
  });

  it('close() closes the channel and reports once; a send that throws ends the transport', async () => {
    const channel = new FakeChannel();
    const transport = dataChannelTransport(channel, marks);
    const reasons: (string | undefined)[] = [];
    transport.onClose((reason) => reasons.push(reason));
    transport.close();
    expect(channel.readyState).toBe('closed');
    expect(reasons).toEqual(['closed here']);

    const broken = new FakeChannel();
    const other = dataChannelTransport(broken, marks);
    broken.readyState = 'closing';
    await expect(other.send('x')).rejects.toThrow(/closed/);
    const late: (string | undefined)[] = [];
    other.onClose((reason) => late.push(reason));
    await Promise.resolve();
    expect(late).toHaveLength(1);
  });

  it('keeps messages that come before anyone listens for the listeners that subscribe together', async () => {
    const channel = new FakeChannel();
    const transport = dataChannelTransport(channel, { highWaterMark: 1024, lowWaterMark: 256 });
    channel.receive('first');
    channel.receive(new Uint8Array([1, 2]).buffer);
    const a: unknown[] = [];
    const b: unknown[] = [];
    transport.onMessage((data) => a.push(data));
    transport.onMessage((data) => b.push(data));
    await Promise.resolve();
    channel.receive('later');
    expect(a).toEqual(['first', new Uint8Array([1, 2]), 'later']);
    expect(b).toEqual(a);
  });

  it('a listener added while a message is handed over starts with the next message', async () => {
    const channel = new FakeChannel();
    const transport = dataChannelTransport(channel, { highWaterMark: 1024, lowWaterMark: 256 });
    const late: unknown[] = [];
    transport.onMessage(() => {
      if (late.length === 0) transport.onMessage((data) => late.push(data));
      late.push('added');
    });
    await Promise.resolve();
    channel.receive('offer');
    channel.receive('next');
    expect(late).toEqual(['added', 'added', 'next']);
  });
});
