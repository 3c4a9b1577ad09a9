import { describe, expect, it } from 'vitest';
import { bestOf, busiestTaskCpu } from './long-tasks';

const MAIN = { pid: 1, tid: 7 };
const threadName = { name: 'thread_name', ph: 'M', ...MAIN, ts: 0, args: { name: 'CrRendererMain' } };
const task = (ts: number, ms: number, thread = MAIN) => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ...thread,
  ts,
  dur: ms * 1000,
  tdur: ms * 1000,
});
const devtoolsMessage = (ts: number) => ({
  name: 'Receive mojo message',
  ph: 'X',
  ...MAIN,
  ts,
  dur: 10,
  args: { chrome_mojo_event_info: { mojo_interface_tag: 'blink.mojom.DevToolsSession' } },
});
const trace = (...events: object[]) => Buffer.from(JSON.stringify({ traceEvents: [threadName, ...events] }));

describe('busiestTaskCpu', () => {
  it("takes the main thread's busiest task by CPU time, not another thread's", () => {
    expect(busiestTaskCpu(trace(task(0, 12), task(100_000, 38), task(200_000, 90, { pid: 1, tid: 9 })))).toBe(38);
  });

  it('leaves out the tasks that answer DevTools only when asked', () => {
    const events = trace(task(0, 12), task(100_000, 70), devtoolsMessage(100_500));
    expect(busiestTaskCpu(events)).toBe(70);
    expect(busiestTaskCpu(events, { ignoreDevTools: true })).toBe(12);
  });

  it('counts a task that only runs microtasks (code resumed by a browser-settled promise)', () => {
    const checkpoint = (ts: number, ms: number) => ({ ...task(ts, ms), name: 'BlinkScheduler_PerformMicrotaskCheckpoint' });
    // One inside a 20 ms task, one on its own.
    const events = trace(task(0, 20), checkpoint(5_000, 8), checkpoint(300_000, 155));
    expect(busiestTaskCpu(events)).toBe(155);
    expect(busiestTaskCpu(events, { microtaskCheckpoints: false })).toBe(20);
  });

  it('refuses a trace without main-thread tasks instead of reporting 0 ms', () => {
    expect(() => busiestTaskCpu(trace())).toThrow(/no main-thread task/);
  });
});

describe('bestOf', () => {
  it('stops at the first run within the limit and keeps every run', async () => {
    const figures = [80, 40, 10];
    expect(
      await bestOf<number>(
        3,
        (ms) => ms <= 50,
        async (attempt) => figures[attempt]!,
      ),
    ).toEqual([80, 40]);
  });

  it('gives up after the given number of runs', async () => {
    expect(
      await bestOf<number>(
        3,
        (ms) => ms <= 50,
        async () => 90,
      ),
    ).toEqual([90, 90, 90]);
  });
});
