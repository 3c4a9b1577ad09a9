import { expose } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerClient, WorkerCrashed } from './worker-client';
import type { PoolWorker } from './worker-pool';

/** Workers made of MessageChannels in this process; each remembers what it was told, as a stateful worker would. */
function fakeWorkers() {
  const channels: MessageChannel[] = [];
  const create = (): PoolWorker => {
    const channel = new MessageChannel();
    channels.push(channel);
    const kept: string[] = [];
    let ended = false;
    expose(
      {
        keep(value: string): number {
          kept.push(value);
          return kept.length;
        },
        async slow(ms: number): Promise<string> {
          for (let waited = 0; waited < ms && !ended; waited += 5) await new Promise((resolve) => setTimeout(resolve, 5));
          return 'slow done';
        },
      },
      channel.port2,
    );
    return Object.assign(channel.port1, {
      terminate() {
        ended = true;
        channel.port1.close();
        channel.port2.close();
      },
    }) as unknown as PoolWorker;
  };
  const crash = (n: number) => {
    const channel = channels[n]!;
    channel.port2.close();
    channel.port1.dispatchEvent(Object.assign(new Event('error'), { message: 'script failed to load' }));
  };
  return { create, crash, channels, close: () => channels.forEach((channel) => (channel.port1.close(), channel.port2.close())) };
}

interface Api {
  keep(value: string): number;
  slow(ms: number): Promise<string>;
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((fn) => fn());
  cleanup = [];
});

function clientOf() {
  const workers = fakeWorkers();
  const client = new WorkerClient<Api>(workers.create);
  cleanup.push(() => client.terminate(), workers.close);
  return { client, ...workers };
}

describe('WorkerClient', () => {
  it('starts one worker on first use and sends every call to it', async () => {
    const { client, channels } = clientOf();
    expect(channels).toHaveLength(0);
    expect(await client.api.keep('a')).toBe(1);
    expect(await client.api.keep('b')).toBe(2);
    expect(await client.call((remote) => remote.keep('c'))).toBe(3);
    expect(channels).toHaveLength(1);
  });

  it('fails every call a crashed worker owed, and the next call gets a fresh worker', async () => {
    const { client, crash, channels } = clientOf();
    const owed = [client.api.slow(60_000), client.api.slow(60_000)];
    await new Promise((resolve) => setTimeout(resolve, 20));
    crash(0);
    for (const call of owed) await expect(call).rejects.toBeInstanceOf(WorkerCrashed);
    expect(await client.api.keep('after')).toBe(1);
    expect(channels).toHaveLength(2);
  });

  it('terminate() stops work that cannot be interrupted: its calls fail, the next starts afresh', async () => {
    const { client, channels } = clientOf();
    const runaway = client.api.slow(60_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    client.terminate('timeout');
    await expect(runaway).rejects.toThrow('worker stopped: timeout');
    expect(await client.api.keep('x')).toBe(1);
    expect(channels).toHaveLength(2);
  });

  it('an idle worker that crashes leaves no unhandled rejection behind', async () => {
    const { client, crash } = clientOf();
    await client.api.keep('a');
    crash(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await client.api.keep('b')).toBe(1);
  });
});
