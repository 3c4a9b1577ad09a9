import { transfer } from 'comlink';
import type { P2pHasher } from '@shared/p2p';
import { WorkerClient } from '@/lib/worker-client';
import type { HashWorkerApi } from './hash.worker';

const client = new WorkerClient<HashWorkerApi>(
  () => new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module', name: 'p2p-hash' }),
);
const calls = client.api as unknown as {
  [K in keyof HashWorkerApi]: (...args: Parameters<HashWorkerApi[K]>) => Promise<Awaited<ReturnType<HashWorkerApi[K]>>>;
};
let nextId = 0;

/**
 * A transfer's SHA-256 in the page's hash worker. `init`, `update` and `load` are sent without
 * waiting (one round trip per 60 KiB chunk would slow the transfer); the worker runs calls in
 * order, so `save` and `digest` answer after them, and reject if one of them failed or the worker
 * broke (WorkerCrashed): the transfer then fails as a hasher error instead of waiting.
 */
export async function workerHasher(): Promise<P2pHasher> {
  const id = nextId++;
  await calls.open(id);
  let failure: { error: unknown } | undefined;
  const send = (call: Promise<unknown>) => void call.catch((error: unknown) => (failure ??= { error }));
  const answer = async <T>(call: Promise<T>): Promise<T> => {
    const value = await call;
    if (failure) throw failure.error;
    return value;
  };
  return {
    init: () => send(calls.init(id)),
    update: (data) => {
      // A copy of exactly these bytes, moved rather than cloned: the caller keeps using its buffer.
      const copy = data.slice();
      send(calls.update(id, transfer(copy, [copy.buffer])));
    },
    load: (state) => send(calls.load(id, state)),
    save: () => answer(calls.save(id)),
    digest: () => answer(calls.digest(id)),
    dispose: () => send(calls.close(id)),
  };
}
