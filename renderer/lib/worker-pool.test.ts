import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerCrashed, WorkerPool } from './worker-pool';
import type { PoolWorker, WorkerPoolOptions } from './worker-pool';

class Cancelled extends Error {}

/** A worker's API as the pool sees it; the "worker" is the other end of a MessageChannel in this process. */
function fakeWorkers() {
  const state = { running: 0, maxRunning: 0, started: [] as string[], cancelled: new Set<string>(), terminated: 0, created: 0 };
  const channels: MessageChannel[] = [];
  const apiOf = (worker: { ended: boolean }) => ({
    async job(name: string, jobId: string, ms: number): Promise<string> {
      state.running += 1;
      state.maxRunning = Math.max(state.maxRunning, state.running);
      state.started.push(name);
      try {
        for (let waited = 0; waited < ms; waited += 5) {
          // A terminated worker's job would die with it; here it shares the test's process, so it stops itself.
          if (state.cancelled.has(jobId) || worker.ended) throw new Error('stopped');
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        if (name.startsWith('fail')) throw new Error(`${name} failed`);
        return `${name} done`;
      } finally {
        state.running -= 1;
      }
    },
    cancel(jobId: string): void {
      state.cancelled.add(jobId);
    },
  });
  const create = (): PoolWorker => {
    const channel = new MessageChannel();
    channels.push(channel);
    state.created += 1;
    const worker = { ended: false };
    expose(apiOf(worker), channel.port2);
    return Object.assign(channel.port1, {
      terminate() {
        state.terminated += 1;
        worker.ended = true;
        channel.port1.close();
        channel.port2.close();
      },
    }) as unknown as PoolWorker;
  };
  /** Breaks the n-th worker created (from 0) as a failed script load would: an error event, no answers. */
  const crash = (n: number) => {
    const channel = channels[n]!;
    channel.port2.close();
    channel.port1.dispatchEvent(Object.assign(new Event('error'), { message: 'script failed to load' }));
  };
  return { apiOf, state, create, crash, close: () => channels.forEach((channel) => (channel.port1.close(), channel.port2.close())) };
}

type Api = ReturnType<ReturnType<typeof fakeWorkers>['apiOf']>;

let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((fn) => fn());
  cleanup = [];
});

function poolOf(size: number, cancelRunning: WorkerPoolOptions<Api>['cancelRunning'] = (api, jobId) => void api.cancel(jobId)) {
  const workers = fakeWorkers();
  const pool = new WorkerPool<Api>({ create: workers.create, size, cancelRunning, cancelled: () => new Cancelled('cancelled') });
  cleanup.push(() => pool.terminate(), workers.close);
  return { pool, ...workers };
}

describe('WorkerPool', () => {
  it('runs at most `size` jobs at once, the rest in order, reusing its workers', async () => {
    const { pool, state } = poolOf(2);
    const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => pool.run((api, jobId) => api.job(name, jobId, 20))));
    expect(results).toEqual(['a done', 'b done', 'c done', 'd done', 'e done']);
    expect(state.maxRunning).toBe(2);
    expect(state.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(state.created).toBe(2);
  });

  it('passes a job’s error to its caller and goes on with the next', async () => {
    const { pool } = poolOf(1);
    const failing = pool.run((api, jobId) => api.job('fail-1', jobId, 5));
    const next = pool.run((api, jobId) => api.job('next', jobId, 5));
    await expect(failing).rejects.toThrow('fail-1 failed');
    await expect(next).resolves.toBe('next done');
  });

  it('drops a waiting job on cancel without ever starting it', async () => {
    const { pool, state } = poolOf(1);
    const first = pool.run((api, jobId) => api.job('first', jobId, 30));
    const controller = new AbortController();
    const waiting = pool.run((api, jobId) => api.job('waiting', jobId, 5), controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(Cancelled);
    await first;
    expect(state.started).toEqual(['first']);
    await expect(pool.run((api, jobId) => api.job('refused', jobId, 5), controller.signal)).rejects.toBeInstanceOf(Cancelled);
  });

  it('asks a running job to stop: the caller hears at once, the worker is reused once the job returns', async () => {
    const { pool, state } = poolOf(1);
    const controller = new AbortController();
    const running = pool.run((api, jobId) => api.job('long', jobId, 10_000), controller.signal);
    const next = pool.run((api, jobId) => api.job('next', jobId, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(running).rejects.toBeInstanceOf(Cancelled);
    await expect(next).resolves.toBe('next done');
    expect(state.cancelled.size).toBe(1);
    expect(state.created).toBe(1);
    expect(state.terminated).toBe(0);
  });

  it("ends a running job's worker when cancels terminate, and starts a fresh one for the next job", async () => {
    const { pool, state } = poolOf(1, 'terminate');
    const controller = new AbortController();
    const running = pool.run((api, jobId) => api.job('stuck', jobId, 60_000), controller.signal);
    const next = pool.run((api, jobId) => api.job('next', jobId, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(running).rejects.toBeInstanceOf(Cancelled);
    await expect(next).resolves.toBe('next done');
    expect(state.terminated).toBe(1);
    expect(state.created).toBe(2);
  });

  it('fails the job of a worker that crashes, and runs the next job in a fresh worker', async () => {
    const { pool, state, crash } = poolOf(1);
    const running = pool.run((api, jobId) => api.job('doomed', jobId, 60_000));
    const next = pool.run((api, jobId) => api.job('next', jobId, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    crash(0);
    await expect(running).rejects.toBeInstanceOf(WorkerCrashed);
    await expect(running).rejects.toThrow('script failed to load');
    await expect(next).resolves.toBe('next done');
    expect(state.created).toBe(2);
  });

  it('runs where crypto.randomUUID is missing (plain-http LAN addresses are not secure contexts)', async () => {
    const { pool } = poolOf(1);
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    // eslint-disable-next-line no-restricted-syntax -- restores what the test took away
    cleanup.push(() => delete (crypto as { randomUUID?: unknown }).randomUUID);
    await expect(pool.run((api, jobId) => api.job('lan', jobId, 5))).resolves.toBe('lan done');
  });
});
