import { WorkerClient, WorkerCrashed } from '@/lib/worker-client';
import type { HandwritingLayout } from '@shared/handwriting';
import { HandwritingError } from './engine-port';
import type { HandwritingEngine, RenderedPage, RenderSettings } from './engine-port';
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

const blobIds = new WeakMap<Blob, number>();
let blobCount = 0;

/** Same key, same layout and pages: the worker need not load and lay out again (the preview asks layout, then page 0). */
function settingsKey(text: string, settings: RenderSettings): string {
  const { font, background, ...rest } = settings;
  let backgroundId: number | undefined;
  if (background) {
    backgroundId = blobIds.get(background) ?? ++blobCount;
    blobIds.set(background, backgroundId);
  }
  // An own font is keyed by the buffer it came in; a new pick is a new buffer.
  const fontKey = font.kind === 'bundled' ? font.id : `own:${font.name}:${font.data.byteLength}:${bufferId(font.data)}`;
  return JSON.stringify([text, rest, fontKey, backgroundId]);
}

const bufferIds = new WeakMap<ArrayBuffer, number>();
let bufferCount = 0;
function bufferId(buffer: ArrayBuffer): number {
  let id = bufferIds.get(buffer);
  if (id === undefined) bufferIds.set(buffer, (id = ++bufferCount));
  return id;
}

/** One worker and what it was last configured with. */
class Lane {
  private configured: { key: string; layout: Promise<HandwritingLayout> } | undefined;
  constructor(readonly client: WorkerClient<HandwritingWorkerApi>) {}

  // Comlink's Remote type cannot follow the Outcome unions; the worker's own signatures are the truth.
  get api(): HandwritingWorkerApi {
    return this.client.api as unknown as HandwritingWorkerApi;
  }

  configure(text: string, settings: RenderSettings): Promise<{ key: string; layout: HandwritingLayout }> {
    const key = settingsKey(text, settings);
    if (this.configured?.key !== key) {
      const layout = this.api.configure(key, text, settings).then(unwrap);
      this.configured = { key, layout };
      layout.catch(() => {
        if (this.configured?.layout === layout) this.configured = undefined;
      });
    }
    return this.configured.layout.then((layout) => ({ key, layout }));
  }

  async paint(key: string, index: number): Promise<RenderedPage> {
    try {
      return { index, ...unwrap(await this.api.paint(key, index)) };
    } catch (error) {
      // A crashed worker comes back empty: configure again next time.
      if (error instanceof WorkerCrashed) this.configured = undefined;
      throw error;
    }
  }

  terminate(reason: string): void {
    this.configured = undefined;
    this.client.terminate(reason);
  }
}

/**
 * The page's handwriting engine: two workers, one for the live preview and one for generating all
 * pages, so a preview while typing never waits behind (or disturbs) a long export, and cancelling
 * the export can end its worker at once without losing the preview's loaded fonts.
 */
export function createHandwritingEngine(): HandwritingEngine {
  const preview = new Lane(worker('hand-write-preview'));
  const generator = new Lane(worker('hand-write'));

  return {
    async layout(text, settings): Promise<HandwritingLayout> {
      return (await preview.configure(text, settings)).layout;
    },

    async renderPage(text, settings, index, signal): Promise<RenderedPage> {
      if (signal?.aborted) throw aborted();
      // A stale preview is only dropped, not killed: ending the worker would drop its loaded fonts.
      const work = (async () => {
        const { key } = await preview.configure(text, settings);
        return preview.paint(key, index);
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
        const { key, layout } = await generator.configure(text, settings);
        const pages: RenderedPage[] = [];
        const total = layout.pages.length;
        for (let index = 0; index < total; index++) {
          if (signal?.aborted) throw aborted();
          const page = await generator.paint(key, index);
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
      unwrap(await preview.api.checkFont(data));
    },

    dispose(): void {
      preview.terminate('closed');
      generator.terminate('closed');
    },
  };
}
