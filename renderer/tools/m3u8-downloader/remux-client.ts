import { transfer } from 'comlink';
import { WorkerClient } from '@/lib/worker-client';
import type { Sink } from './download';
import type { RemuxWorkerApi } from './remux.worker';

const worker = new WorkerClient<RemuxWorkerApi>(
  () => new Worker(new URL('./remux.worker.ts', import.meta.url), { type: 'module', name: 'm3u8-remux' }),
);

/** A sink that turns the TS it is given into MP4 in the worker and passes that on, in order. */
export async function remuxingSink(seconds: number, next: Sink): Promise<Sink> {
  await worker.api.start(seconds);
  return {
    async write(ts) {
      const copy = ts.slice();
      const mp4 = await worker.api.push(transfer(copy, [copy.buffer]));
      if (mp4.length > 0) await next.write(mp4);
    },
    close: () => next.close(),
    abort: () => next.abort(),
  };
}
