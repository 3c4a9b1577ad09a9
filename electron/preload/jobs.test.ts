import { describe, expect, it } from 'vitest';
import type { IpcEvent, IpcEvents } from '@shared/contracts/ipc';
import { cancelJob, withProgress } from './jobs';

/** A stand-in for ipcRenderer's events: listeners by event name, `emit` delivers like main would. */
function events() {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  return {
    on<E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    emit<E extends IpcEvent>(event: E, payload: IpcEvents[E]) {
      for (const listener of listeners.get(event) ?? []) (listener as (payload: IpcEvents[E]) => void)(payload);
    },
    count: (event: IpcEvent) => listeners.get(event)?.size ?? 0,
  };
}

describe('withProgress', () => {
  it("feeds the job's own progress only, and unsubscribes when the call ends", async () => {
    const bus = events();
    const seen: number[] = [];
    const result = await withProgress(
      bus.on,
      'archive:progress',
      'job-1',
      ({ fraction }) => seen.push(fraction),
      async () => {
        bus.emit('archive:progress', { jobId: 'job-1', fraction: 0.5 });
        bus.emit('archive:progress', { jobId: 'job-2', fraction: 0.9 });
        expect(bus.count('archive:progress')).toBe(1);
        return 'done';
      },
    );
    expect(result).toBe('done');
    expect(seen).toEqual([0.5]);
    expect(bus.count('archive:progress')).toBe(0);
  });

  it('unsubscribes when the call fails, and does not subscribe without a listener', async () => {
    const bus = events();
    await expect(
      withProgress(
        bus.on,
        'hash:progress',
        'job-1',
        () => undefined,
        () => Promise.reject(new Error('archive:cancelled')),
      ),
    ).rejects.toThrow('archive:cancelled');
    expect(bus.count('hash:progress')).toBe(0);
    await withProgress(bus.on, 'hash:progress', 'job-1', undefined, async () => expect(bus.count('hash:progress')).toBe(0));
  });
});

describe('cancelJob', () => {
  it("sends the capability's cancel channel with the job id", async () => {
    const calls: unknown[] = [];
    const invoke = ((channel: string, args: unknown) => {
      calls.push([channel, args]);
      return Promise.resolve(undefined);
    }) as Parameters<typeof cancelJob>[0];
    await cancelJob(invoke, 'image:cancel')('job-7');
    expect(calls).toEqual([['image:cancel', { jobId: 'job-7' }]]);
  });
});
