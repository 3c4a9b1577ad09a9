import { WorkerClient } from '@/lib/worker-client';
import type { HandwritingLayout } from '@shared/handwriting';
import { HandwritingError } from './engine-port';
import type { HandwritingEngine, RenderedPage } from './engine-port';
import type { HandwritingWorkerApi, Outcome } from './render.worker';

export { WorkerCrashed } from '@/lib/worker-client';

const worker = (name: string) =>
  new WorkerClient<HandwritingWorkerApi>(() => new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module', name }));

function unwrap<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  if (outcome.error === 'unknown') throw new Error(outcome.detail ?? 'handwriting worker failed');
  throw new HandwritingError(outcome.error);
}

function aborted(): DOMException {
  return new DOMException('Handwriting cancelled', 'AbortError');
}

/**
 * The page's handwriting engine: two workers, one for the live preview and one for generating all
 * pages, so a preview while typing never waits behind (or disturbs) a long export, and cancelling
 * the export can end its worker at once without losing the preview's loaded fonts.
 */
export function createHandwritingEngine(): HandwritingEngine {
  const preview = worker('hand-write-preview');
  const generator = worker('hand-write');
  // Comlink's Remote type cannot follow the Outcome unions; the worker's own signatures are the truth.
  const api = (client: WorkerClient<HandwritingWorkerApi>) => client.api as unknown as HandwritingWorkerApi;

  return {
    async layout(text, settings): Promise<HandwritingLayout> {
      return unwrap(await api(preview).configure(text, settings));
    },

    async renderPage(text, settings, index, signal): Promise<RenderedPage> {
      if (signal?.aborted) throw aborted();
      // A stale preview is only dropped, not killed: ending the worker would drop its loaded fonts.
      const work = (async () => {
        unwrap(await api(preview).configure(text, settings));
        const page = unwrap(await api(preview).paint(index));
        return { index, ...page };
      })();
      if (!signal) return work;
      return Promise.race([
        work,
        new Promise<never>((_resolve, reject) => signal.addEventListener('abort', () => reject(aborted()), { once: true })),
      ]);
    },

    async renderAll(text, settings, { onPage, signal } = {}): Promise<RenderedPage[]> {
      if (signal?.aborted) throw aborted();
      const stop = () => generator.terminate('cancelled');
      signal?.addEventListener('abort', stop, { once: true });
      try {
        const layout = unwrap(await api(generator).configure(text, settings));
        const pages: RenderedPage[] = [];
        const total = layout.pages.length;
        for (let index = 0; index < total; index++) {
          if (signal?.aborted) throw aborted();
          const page: RenderedPage = { index, ...unwrap(await api(generator).paint(index)) };
          pages.push(page);
          onPage?.(page, { done: index + 1, total });
        }
        return pages;
      } catch (error) {
        if (signal?.aborted) throw aborted();
        throw error;
      } finally {
        signal?.removeEventListener('abort', stop);
      }
    },

    async checkFont(data): Promise<void> {
      unwrap(await api(preview).checkFont(data));
    },

    dispose(): void {
      preview.terminate('closed');
      generator.terminate('closed');
    },
  };
}
