import { transfer } from 'comlink';
import { WorkerClient } from '@/lib/worker-client';
import type { Sink } from './download';
import { discontinuityStarts } from './m3u8-downloader.service';
import type { RemuxWorkerApi } from './remux.worker';

const worker = new WorkerClient<RemuxWorkerApi>(
  () => new Worker(new URL('./remux.worker.ts', import.meta.url), { type: 'module', name: 'm3u8-remux' }),
);

/**
 * A sink that turns the TS it is given into MP4 in the worker and passes that on, in order. It is
 * written once per planned segment, in plan order, which is how it knows where discontinuities are.
 */
export async function remuxingSink(
  plan: { duration: number; segments: readonly { duration: number; discontinuity: boolean }[] },
  next: Sink,
): Promise<Sink> {
  const restarts = discontinuityStarts(plan.segments);
  let position = 0;
  await worker.api.start(plan.duration);
  return {
    async write(ts) {
      const copy = ts.slice();
      const mp4 = await worker.api.push(transfer(copy, [copy.buffer]), restarts[position++]);
      if (mp4.length > 0) await next.write(mp4);
    },
    close: () => next.close(),
    abort: () => next.abort(),
  };
}
