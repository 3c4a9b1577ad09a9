import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from 'react-i18next';
import { ImageError, imageErrorCode, unsupportedFormat } from '@shared/contracts/image';
import type { ImageJobInput, ImageResult } from '@shared/contracts/image';
import type { BatchItem } from '@/components/BatchList';
import { randomHexId } from '@/lib/ids';
import { platform } from '@/platform';
import { createLimiter } from './limiter';
import { outputName, resultBlob } from './names';
import { originalInstead } from './prefer-original';

export interface ImageBatchItem extends BatchItem {
  readonly file: File;
  readonly result?: ImageResult;
  readonly outputName?: string;
  /** Object URL of the output (thumbnail, compare, download); revoked when the item goes. */
  readonly url?: string;
  /** The output would have been this many bytes, no fewer than the original's: `result` is the original (AddOptions.neverLarger). */
  readonly discardedBytes?: number;
}

export interface AddOptions {
  /** Hand out the original instead of a result that is no smaller in the same format and size (Compress). */
  neverLarger?: boolean;
}

/**
 * At most this many images in flight: the browser pool queues the rest itself, but the desktop
 * engine would otherwise get a whole folder of jobs at once and hold every decoded photo in memory.
 */
const IN_FLIGHT = 4;

/** The items of one batch, outside React state (a zustand store): see useImageBatch. */
export type BatchItemsStore = StoreApi<{ items: readonly ImageBatchItem[] }>;

/**
 * A batch of images run through `platform.image` with one job per file: progress, cancel, translated per-file errors.
 *
 * The items live in a store, not in the page's state: a running batch changes them several times
 * per file, and only the components that show them (`useBatchItems`) should render then — not the
 * page with its settings form, crop editor or preview (`BENCH_ONLY=frames npm run bench`).
 */
export function useImageBatch() {
  const { t } = useTranslation('components');
  const [store] = useState(() => createStore<{ items: readonly ImageBatchItem[] }>()(() => ({ items: [] })));
  const items = useCallback(() => store.getState().items, [store]);
  const setItems = useCallback(
    (change: (list: readonly ImageBatchItem[]) => readonly ImageBatchItem[]) =>
      store.setState(({ items: list }) => ({ items: change(list) })),
    [store],
  );
  const controllers = useRef(new Map<string, AbortController>());
  const [limiter] = useState(() => createLimiter(IN_FLIGHT));
  const urls = useRef(new Set<string>());

  const update = useCallback(
    (id: string, patch: Partial<ImageBatchItem>) => setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item))),
    [setItems],
  );

  const describe = useCallback(
    (error: unknown) => {
      const code = imageErrorCode(error);
      // Formats no engine here reads get their own words: what they are and where they can be opened.
      const format = code === 'unsupportedInput' ? unsupportedFormat(error) : undefined;
      if (format === 'psd' || format === 'tiff') return t(`image.errors.${format}`);
      return code
        ? t(`image.errors.${code}`)
        : t('image.errors.unknown', { message: error instanceof Error ? error.message : String(error) });
    },
    [t],
  );

  const add = useCallback(
    (files: readonly File[], jobFor: (file: File) => ImageJobInput, options: AddOptions = {}) => {
      const added = files.map((file) => ({
        id: randomHexId(),
        name: file.name,
        size: file.size,
        file,
        status: 'queued' as const,
        progress: 0,
      }));
      setItems((list) => [...list, ...added]);
      for (const item of added) {
        const controller = new AbortController();
        controllers.current.set(item.id, controller);
        const run = async () => {
          if (controller.signal.aborted) return;
          update(item.id, { status: 'running' });
          try {
            const job = jobFor(item.file);
            const processed = await platform.image.process(item.file, job, {
              signal: controller.signal,
              onProgress: (progress) => update(item.id, { progress }),
            });
            const original = options.neverLarger ? await originalInstead(item.file, processed) : undefined;
            if (controller.signal.aborted) throw new ImageError('cancelled');
            const result = original ?? processed;
            const url = URL.createObjectURL(resultBlob(result));
            urls.current.add(url);
            update(item.id, {
              status: 'done',
              progress: 1,
              result,
              url,
              outputName: outputName(item.name, result.format),
              discardedBytes: original ? processed.bytes.length : undefined,
            });
          } catch (error) {
            if (controller.signal.aborted) update(item.id, { status: 'cancelled' });
            else update(item.id, { status: 'error', error: describe(error) });
          } finally {
            controllers.current.delete(item.id);
          }
        };
        limiter.schedule(item.id, run);
      }
    },
    [describe, limiter, setItems, update],
  );

  const cancel = useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      if (limiter.drop(id)) update(id, { status: 'cancelled' });
    },
    [limiter, update],
  );

  const release = (item: ImageBatchItem) => {
    if (!item.url) return;
    URL.revokeObjectURL(item.url);
    urls.current.delete(item.url);
  };

  const remove = useCallback(
    (id: string) => {
      const item = items().find((candidate) => candidate.id === id);
      if (item) release(item);
      setItems((list) => list.filter((candidate) => candidate.id !== id));
    },
    [items, setItems],
  );

  const cancelAll = useCallback(() => {
    for (const id of [...controllers.current.keys()]) cancel(id);
  }, [cancel]);

  const clear = useCallback(() => {
    cancelAll();
    items().forEach(release);
    setItems(() => []);
  }, [cancelAll, items, setItems]);

  const files = useCallback(() => items().map((item) => item.file), [items]);

  useEffect(() => {
    const owned = urls.current;
    const running = controllers.current;
    return () => {
      running.forEach((controller) => controller.abort());
      owned.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  return useMemo(() => ({ store, files, add, cancel, cancelAll, remove, clear }), [store, files, add, cancel, cancelAll, remove, clear]);
}

export type ImageBatch = ReturnType<typeof useImageBatch>;

/**
 * The batch's items, for a component that shows them. Changes arrive as transitions: React renders
 * them in 5 ms slices between frames, so a list updating while workers finish never blocks the page.
 */
export function useBatchItems(batch: Pick<ImageBatch, 'store'>): readonly ImageBatchItem[] {
  const { store } = batch;
  const [items, setItems] = useState(() => store.getState().items);
  useEffect(() => {
    // Not zustand's useStore: that renders synchronously, and these renders should be transitions.
    const sync = () => startTransition(() => setItems(store.getState().items));
    sync();
    return store.subscribe(sync);
  }, [store]);
  return items;
}

/** How many items the batch has; the component using it renders only when that number changes. */
export function useBatchCount(batch: Pick<ImageBatch, 'store'>): number {
  return useStore(batch.store, (state) => state.items.length);
}
