import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchJobs } from './batch-jobs';
import type { BatchJobsOptions, JobUpdate } from './batch-jobs';
import { WorkerCrashed, WorkerPool } from './worker-pool';
import type { PoolWorker } from './worker-pool';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every update the page would get, per job, in arrival order. */
function recorder<Result>() {
  const log = new Map<string, JobUpdate<Result>[]>();
  const onUpdate = (id: string, update: JobUpdate<Result>) => log.set(id, [...(log.get(id) ?? []), update]);
  const statuses = (id: string) => (log.get(id) ?? []).map((update) => update.status);
  const last = (id: string) => log.get(id)?.at(-1);
  return { log, onUpdate, statuses, last };
}

/** Jobs whose ends the test decides: `finish(id)` / `fail(id)`; remembers what ran at once. */
function manualRun() {
  const open = new Map<string, { resolve: (value: string) => void; reject: (error: unknown) => void; signal: AbortSignal }>();
  const state = { running: 0, maxRunning: 0, started: [] as string[] };
  const run: BatchJobsOptions<string, string>['run'] = (input, job) =>
    new Promise<string>((resolve, reject) => {
      state.running += 1;
      state.maxRunning = Math.max(state.maxRunning, state.running);
      state.started.push(job.id);
      open.set(job.id, { resolve, reject, signal: job.signal });
    }).finally(() => {
      state.running -= 1;
      open.delete(job.id);
    });
  return {
    run,
    state,
    signal: (id: string) => open.get(id)?.signal,
    finish: async (id: string, value = `${id} done`) => (open.get(id)!.resolve(value), await sleep(0)),
    fail: async (id: string, error: unknown) => (open.get(id)!.reject(error), await sleep(0)),
  };
}

describe('BatchJobs', () => {
  it('runs no more jobs at once than its cap, in the order they were added, and each to its end', async () => {
    const { onUpdate, last } = recorder<string>();
    const jobs = new BatchJobs<number, string>({
      concurrency: 3,
      onUpdate,
      run: async (ms, job) => {
        running += 1;
        max = Math.max(max, running);
        started.push(job.id);
        await sleep(ms);
        running -= 1;
        return `${job.id}!`;
      },
    });
    let running = 0;
    let max = 0;
    const started: string[] = [];
    const ids = Array.from({ length: 10 }, (_, index) => `j${index}`);
    ids.forEach((id, index) => jobs.add(id, 5 + (index % 3) * 5));
    expect(jobs.pending).toBe(10);
    await jobs.idle();
    expect(max).toBe(3);
    expect(started).toEqual(ids);
    for (const id of ids) expect(last(id)).toEqual({ status: 'done', progress: 1, result: `${id}!` });
    expect(jobs.pending).toBe(0);
  });

  it('cancels a waiting job before it runs and a running one at once, and ignores what the cancelled work answers later', async () => {
    const manual = manualRun();
    const { onUpdate, statuses } = recorder<string>();
    const jobs = new BatchJobs<string, string>({ concurrency: 1, onUpdate, run: manual.run });
    jobs.add('a', 'a');
    jobs.add('b', 'b');
    jobs.add('c', 'c');
    jobs.cancel('b');
    expect(statuses('b')).toEqual(['queued', 'cancelled']);
    jobs.cancel('a');
    expect(manual.signal('a')?.aborted).toBe(true);
    expect(statuses('a')).toEqual(['queued', 'running', 'cancelled']);
    // The cap holds until the cancelled work really stops: c waits for a's worker.
    expect(manual.state.started).toEqual(['a']);
    await manual.finish('a', 'too late');
    expect(statuses('a')).toEqual(['queued', 'running', 'cancelled']);
    expect(manual.state.started).toEqual(['a', 'c']);
    await manual.finish('c');
    expect(statuses('c')).toEqual(['queued', 'running', 'done']);
    expect(manual.state.started).not.toContain('b');
  });

  it('cancelAll ends every waiting and running job; idle() resolves then', async () => {
    const manual = manualRun();
    const { onUpdate, statuses } = recorder<string>();
    const jobs = new BatchJobs<string, string>({ concurrency: 2, onUpdate, run: manual.run });
    for (const id of ['a', 'b', 'c', 'd']) jobs.add(id, id);
    let idle = false;
    void jobs.idle().then(() => (idle = true));
    await sleep(0);
    expect(idle).toBe(false);
    jobs.cancelAll();
    await sleep(0);
    expect(idle).toBe(true);
    for (const id of ['a', 'b', 'c', 'd']) expect(statuses(id).at(-1)).toBe('cancelled');
  });

  it('idle() waits for the last job of a batch, also one added while it waited', async () => {
    const manual = manualRun();
    const jobs = new BatchJobs<string, string>({ concurrency: 2, onUpdate: () => undefined, run: manual.run });
    await expect(jobs.idle()).resolves.toBeUndefined();
    jobs.add('a', 'a');
    let idle = false;
    void jobs.idle().then(() => (idle = true));
    jobs.add('b', 'b');
    await manual.finish('a');
    expect(idle).toBe(false);
    await manual.fail('b', new Error('bad file'));
    expect(idle).toBe(true);
  });

  it('a failing job ends in error alone: the others run on', async () => {
    const { onUpdate, last } = recorder<string>();
    const bad = new Error('bad file');
    const jobs = new BatchJobs<string, string>({
      concurrency: 2,
      onUpdate,
      run: async (input) => {
        await sleep(2);
        if (input === 'bad') throw bad;
        if (input === 'sync') JSON.parse('{');
        return input;
      },
    });
    for (const id of ['x', 'bad', 'y', 'z']) jobs.add(id, id);
    await jobs.idle();
    expect(last('bad')).toEqual({ status: 'error', progress: 0, error: bad });
    for (const id of ['x', 'y', 'z']) expect(last(id)).toMatchObject({ status: 'done', result: id });
    // A `run` that throws before returning a promise is a failed job too.
    const throwing = new BatchJobs<string, string>({
      concurrency: 1,
      onUpdate,
      run: () => {
        throw new Error('at once');
      },
    });
    throwing.add('t', 't');
    await throwing.idle();
    expect(last('t')).toMatchObject({ status: 'error' });
  });

  it('a crashed worker fails only its job; the pool replaces it and the rest of the batch finishes', async () => {
    const workers = fakeWorkers();
    const pool = new WorkerPool<WorkerApi>({
      create: workers.create,
      size: 2,
      cancelRunning: 'terminate',
      cancelled: () => new Error('x'),
    });
    const { onUpdate, last } = recorder<string>();
    const jobs = new BatchJobs<string, string>({
      concurrency: 4,
      onUpdate,
      run: (name, job) => pool.run((api) => api.work(name), job.signal),
    });
    for (const name of ['crash', 'a', 'b', 'c', 'd']) jobs.add(name, name);
    await jobs.idle();
    expect(last('crash')).toMatchObject({ status: 'error' });
    expect((last('crash') as { error: unknown }).error).toBeInstanceOf(WorkerCrashed);
    for (const name of ['a', 'b', 'c', 'd']) expect(last(name)).toMatchObject({ status: 'done', result: `${name} done` });
    expect(workers.created).toBeGreaterThan(2);
    pool.terminate();
  });

  it('retries a failed job as told, one retry at a time, and gives up after the tries allowed', async () => {
    const tries = new Map<string, number>();
    let retriesAtOnce = 0;
    let maxRetriesAtOnce = 0;
    const { onUpdate, statuses, last } = recorder<string>();
    const jobs = new BatchJobs<string, string>({
      concurrency: 4,
      onUpdate,
      retry: (error, count) => error instanceof WorkerCrashed && count < 2,
      run: async (input, job) => {
        const count = (tries.get(job.id) ?? 0) + 1;
        tries.set(job.id, count);
        if (count > 1) retriesAtOnce += 1;
        maxRetriesAtOnce = Math.max(maxRetriesAtOnce, retriesAtOnce);
        await sleep(5);
        if (count > 1) retriesAtOnce -= 1;
        // Every job's first run dies with the worker; the second works, except for the poison file.
        if (count === 1 || input === 'poison') throw new WorkerCrashed('error');
        return input;
      },
    });
    for (const id of ['a', 'b', 'c', 'poison']) jobs.add(id, id);
    await jobs.idle();
    expect(maxRetriesAtOnce).toBe(1);
    for (const id of ['a', 'b', 'c']) expect(statuses(id)).toEqual(['queued', 'running', 'queued', 'running', 'done']);
    expect(tries.get('poison')).toBe(2);
    expect(last('poison')).toMatchObject({ status: 'error' });
  });

  it('runs an ended job again on request, with new input, and refuses while it still runs', async () => {
    const manual = manualRun();
    const { onUpdate, last } = recorder<string>();
    const jobs = new BatchJobs<string, string>({ concurrency: 1, onUpdate, run: (input, job) => manual.run(input, job) });
    jobs.add('a', 'md5');
    expect(jobs.retry('a', 'sha1')).toBe(false);
    await manual.fail('a', new Error('gone'));
    expect(jobs.retry('a', 'sha1')).toBe(true);
    expect(last('a')).toEqual({ status: 'running', progress: 0 });
    await manual.finish('a', 'sha1 done');
    expect(last('a')).toEqual({ status: 'done', progress: 1, result: 'sha1 done' });
    expect(jobs.retry('missing')).toBe(false);
  });

  it('reports progress in order, between running and the end, throttled, and never after the end', async () => {
    let report: ((fraction: number) => void) | undefined;
    let finish: (() => void) | undefined;
    const { onUpdate, log } = recorder<string>();
    const jobs = new BatchJobs<string, string>({
      concurrency: 1,
      onUpdate,
      progressInterval: 50,
      run: (input, job) => {
        report = job.progress;
        return new Promise<string>((resolve) => (finish = () => resolve(input)));
      },
    });
    jobs.add('a', 'a');
    report!(0.1);
    report!(0.2); // within 50 ms of the last: dropped
    await sleep(60);
    report!(0.5);
    report!(1); // the last report always passes
    finish!();
    await jobs.idle();
    await sleep(60);
    report!(0.7); // after the end: dropped, however long after the last
    expect(log.get('a')).toEqual([
      { status: 'queued', progress: 0 },
      { status: 'running', progress: 0 },
      { status: 'running', progress: 0.1 },
      { status: 'running', progress: 0.5 },
      { status: 'running', progress: 1 },
      { status: 'done', progress: 1, result: 'a' },
    ]);
  });

  it('with runningFrom "progress", a job called but still waiting in a capability’s queue stays queued', async () => {
    let report: ((fraction: number) => void) | undefined;
    const manual = manualRun();
    const { onUpdate, statuses } = recorder<string>();
    const jobs = new BatchJobs<string, string>({
      concurrency: 4,
      onUpdate,
      runningFrom: 'progress',
      run: (input, job) => {
        report = job.progress;
        return manual.run(input, job);
      },
    });
    jobs.add('a', 'a');
    expect(statuses('a')).toEqual(['queued']);
    report!(0);
    expect(statuses('a')).toEqual(['queued', 'running', 'running']);
    await manual.finish('a');
    expect(statuses('a').at(-1)).toBe('done');
  });

  it('a removed job says nothing more, and clear() forgets the whole batch', async () => {
    const manual = manualRun();
    const { onUpdate, statuses } = recorder<string>();
    const jobs = new BatchJobs<string, string>({ concurrency: 1, onUpdate, run: manual.run });
    jobs.add('a', 'a');
    jobs.add('b', 'b');
    jobs.remove('a');
    expect(manual.signal('a')?.aborted).toBe(true);
    await manual.finish('a');
    expect(statuses('a')).toEqual(['queued', 'running']);
    expect(manual.state.started).toEqual(['a', 'b']);
    jobs.clear();
    await manual.finish('b');
    expect(statuses('b')).toEqual(['queued', 'running']);
    expect(jobs.pending).toBe(0);
  });
});

interface WorkerApi {
  work(name: string): Promise<string>;
}

/** Workers made of MessageChannels in this process; the job named "crash" breaks its worker as a dying worker would. */
function fakeWorkers() {
  const state = { created: 0 };
  const channels: MessageChannel[] = [];
  cleanup.push(() => channels.forEach((channel) => (channel.port1.close(), channel.port2.close())));
  const create = (): PoolWorker => {
    const channel = new MessageChannel();
    channels.push(channel);
    state.created += 1;
    const api: WorkerApi = {
      async work(name) {
        await sleep(5);
        if (name === 'crash') {
          channel.port2.close();
          channel.port1.dispatchEvent(Object.assign(new Event('error'), { message: 'Uncaught RangeError', lineno: 1 }));
          return new Promise<string>(() => undefined);
        }
        return `${name} done`;
      },
    };
    expose(api, channel.port2);
    return Object.assign(channel.port1, {
      terminate() {
        channel.port1.close();
        channel.port2.close();
      },
    }) as unknown as PoolWorker;
  };
  return {
    create,
    get created() {
      return state.created;
    },
  };
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((fn) => fn());
  cleanup = [];
});
