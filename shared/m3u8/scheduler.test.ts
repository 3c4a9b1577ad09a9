import { describe, expect, it } from 'vitest';
import { M3u8Error } from './errors';
import type { PlannedSegment } from './plan';
import { createScheduler, type SchedulerOptions } from './scheduler';

function segments(count: number): PlannedSegment[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    uri: `https://example.com/${index}.ts`,
    duration: 2,
    sequence: index,
    byterange: undefined,
    discontinuity: false,
    key: undefined,
    iv: undefined,
  }));
}

/** A fake network: each request waits until the test releases or fails it. */
function fakeNetwork() {
  const pending = new Map<number, { resolve: (data: Uint8Array) => void; reject: (error: unknown) => void; signal: AbortSignal }>();
  const requests: number[] = [];
  const load: SchedulerOptions['load'] = (segment, signal) => {
    requests.push(segment.index);
    return new Promise((resolve, reject) => {
      pending.set(segment.index, { resolve, reject, signal });
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
    });
  };
  const answer = (index: number, data = new Uint8Array([index])) => {
    const request = pending.get(index);
    if (!request) throw new Error(`segment ${index} was not requested`);
    pending.delete(index);
    request.resolve(data);
  };
  const fail = (index: number, error: unknown = new M3u8Error('http', { status: 503 })) => {
    const request = pending.get(index);
    if (!request) throw new Error(`segment ${index} was not requested`);
    pending.delete(index);
    request.reject(error);
  };
  return { load, answer, fail, pending, requests };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  if (!condition()) throw new Error('condition never became true');
}

describe('createScheduler', () => {
  it('runs at most `parallel` requests at once and writes segments in order though they finish out of order', async () => {
    const net = fakeNetwork();
    const written: number[] = [];
    const run = createScheduler({ segments: segments(10), load: net.load, write: (data) => void written.push(data[0]!), parallel: 3 });
    await until(() => net.pending.size === 3);
    expect([...net.pending.keys()]).toEqual([0, 1, 2]);
    net.answer(2);
    net.answer(1);
    await until(() => net.pending.size === 3);
    expect(written).toEqual([]);
    expect(run.states().slice(0, 3)).toEqual(['downloading', 'done', 'done']);
    net.answer(0);
    await until(() => written.length === 3);
    for (let i = 3; i < 10; i++) {
      await until(() => net.pending.has(i));
      net.answer(i);
    }
    const final = await run.finished;
    expect(written).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(final).toMatchObject({ status: 'complete', total: 10, done: 10, written: 10, failed: 0, bytes: 10, eta: 0 });
  });

  it('retries a segment that fails twice and then succeeds, without the user', async () => {
    const net = fakeNetwork();
    const written: number[] = [];
    const run = createScheduler({ segments: segments(2), load: net.load, write: (data) => void written.push(data[0]!), retryDelayMs: 0 });
    await until(() => net.pending.size === 2);
    net.answer(1);
    net.fail(0);
    await until(() => net.pending.has(0));
    net.fail(0);
    await until(() => net.pending.has(0));
    net.answer(0);
    expect((await run.finished).status).toBe('complete');
    expect(net.requests.filter((i) => i === 0)).toHaveLength(3);
    expect(written).toEqual([0, 1]);
  });

  it('shows a segment as failed after its attempts, stalls, and goes on after "retry" and "retry all failed"', async () => {
    const net = fakeNetwork();
    const written: number[] = [];
    const run = createScheduler({
      segments: segments(3),
      load: net.load,
      write: (data) => void written.push(data[0]!),
      attempts: 1,
      retryDelayMs: 0,
    });
    await until(() => net.pending.size === 3);
    net.fail(0, new M3u8Error('http', { status: 404 }));
    net.fail(1);
    net.answer(2);
    await until(() => run.progress().status === 'stalled');
    expect(run.states()).toEqual(['failed', 'failed', 'done']);
    expect(run.errorOf(0)).toMatchObject({ code: 'http', status: 404 });
    expect(run.progress()).toMatchObject({ failed: 2, done: 1, written: 0 });

    run.retry(0);
    await until(() => net.pending.has(0));
    expect(net.pending.has(1)).toBe(false);
    net.answer(0);
    await until(() => run.progress().status === 'stalled' && written.length === 1);

    run.retryFailed();
    await until(() => net.pending.has(1));
    net.answer(1);
    expect((await run.finished).status).toBe('complete');
    expect(written).toEqual([0, 1, 2]);
  });

  it('pauses (aborting what is in flight, not counting it as an attempt) and resumes', async () => {
    const net = fakeNetwork();
    const run = createScheduler({ segments: segments(4), load: net.load, write: () => {}, parallel: 2, attempts: 2, retryDelayMs: 0 });
    await until(() => net.pending.size === 2);
    const signals = [...net.pending.values()].map((request) => request.signal);
    run.pause();
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(run.progress().status).toBe('paused');
    expect(run.states()).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    net.pending.clear();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(net.requests).toEqual([0, 1]);

    run.resume();
    await until(() => net.pending.size === 2);
    expect(run.states()).toEqual(['downloading', 'downloading', 'waiting', 'waiting']);
    // The aborted attempt did not count: one failure now leaves a second attempt.
    net.fail(0);
    // Others take the free slots while segment 0 waits out its retry delay.
    await until(() => {
      for (const i of net.pending.keys()) if (i !== 0) net.answer(i);
      return net.pending.has(0);
    });
    expect(run.states()[0]).toBe('downloading');
    net.answer(0);
    expect((await run.finished).status).toBe('complete');
  });

  it('cancels: aborts the requests, writes nothing more and settles', async () => {
    const net = fakeNetwork();
    const written: number[] = [];
    const run = createScheduler({ segments: segments(5), load: net.load, write: (data) => void written.push(data[0]!), parallel: 2 });
    await until(() => net.pending.size === 2);
    const signals = [...net.pending.values()].map((request) => request.signal);
    net.answer(1);
    run.cancel();
    const final = await run.finished;
    expect(final.status).toBe('cancelled');
    expect(final.error?.code).toBe('cancelled');
    expect(signals[0]!.aborted).toBe(true);
    expect(written).toEqual([]);
  });

  it('ends with a "write" error when writing fails', async () => {
    const net = fakeNetwork();
    const run = createScheduler({
      segments: segments(3),
      load: net.load,
      write: () => Promise.reject(new Error('disk full')),
    });
    await until(() => net.pending.size === 3);
    net.answer(0);
    const final = await run.finished;
    expect(final.status).toBe('error');
    expect(final.error).toMatchObject({ code: 'write', message: 'disk full' });
  });

  it('starts nothing far ahead of a stuck segment, so finished segments never pile up in memory', async () => {
    const net = fakeNetwork();
    const run = createScheduler({ segments: segments(100), load: net.load, write: () => {}, parallel: 2 });
    await until(() => net.pending.size === 2);
    // Segment 0 hangs; everything after it finishes at once.
    for (let i = 1; i < 100 && net.pending.has(i); i++) {
      net.answer(i);
      await until(() => net.pending.size === 2 || run.states().filter((s) => s === 'done').length === 7);
    }
    await until(() => run.states().filter((s) => s === 'done').length === 7);
    expect(Math.max(...net.requests)).toBe(7);
    expect(run.progress().written).toBe(0);
    run.cancel();
  });

  it('starts only the segment the writer waits for once the finished ones waiting reach the byte budget', async () => {
    const net = fakeNetwork();
    const MB = 1024 * 1024;
    const written: number[] = [];
    const run = createScheduler({
      segments: segments(20),
      load: net.load,
      write: (data) => void written.push(data.length),
      parallel: 2,
      maxBufferedBytes: 3 * MB,
    });
    await until(() => net.pending.size === 2);
    // Segment 0 hangs; 1, 2 and 3 finish, 1 MB each: the budget is full and nothing more starts.
    for (const i of [1, 2, 3]) {
      await until(() => net.pending.has(i));
      net.answer(i, new Uint8Array(MB));
    }
    await until(() => run.states().filter((s) => s === 'done').length === 3);
    expect(net.requests).toEqual([0, 1, 2, 3]);
    expect([...net.pending.keys()]).toEqual([0]);
    // Once 0 arrives all four are written and downloading goes on.
    net.answer(0, new Uint8Array(MB));
    await until(() => written.length === 4 && net.pending.size === 2);
    expect([...net.pending.keys()]).toEqual([4, 5]);
    run.cancel();
  });

  it('reports speed over the last seconds and an ETA from the media time left', async () => {
    let clock = 0;
    const net = fakeNetwork();
    const run = createScheduler({ segments: segments(4), load: net.load, write: () => {}, parallel: 1, now: () => clock });
    await until(() => net.pending.has(0));
    expect(run.progress()).toMatchObject({ speed: 0, eta: undefined });
    clock = 1000;
    net.answer(0, new Uint8Array(1000));
    await until(() => net.pending.has(1));
    clock = 2000;
    net.answer(1, new Uint8Array(1000));
    await until(() => net.pending.has(2));
    // 2000 bytes in the 1000 ms since the first sample; 2 of 4 equal segments left: 2000 bytes more, 1 s.
    expect(run.progress()).toMatchObject({ bytes: 2000, speed: 2000, eta: 1, done: 2, downloading: 1 });
    clock = 60_000;
    expect(run.progress().speed).toBe(0);
    run.cancel();
  });
});
