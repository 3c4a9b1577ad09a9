import { startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import { useTranslation } from 'react-i18next';
import { ImageError, imageErrorCode, unsupportedFormat } from '@shared/contracts/image-base';
import type { ImageJobInput, ImageResult } from '@shared/contracts/image';
import type { BatchItem } from '@/components/BatchList';
import { BatchJobs } from '@/lib/batch-jobs';
import { randomHexId } from '@/lib/ids';
import { platform } from '@/platform';
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

/** One image's job as the batch engine runs it. */
interface ImageJob {
  file: File;
  /** Evaluated when the job starts. */
  jobFor: (file: File) => ImageJobInput;
  neverLarger: boolean;
  /** A failure in the words of the page's language when the job was added. */
  describe: (error: unknown) => string;
}

interface Processed {
  processed: ImageResult;
  /** The original, handed out instead of a result no smaller (AddOptions.neverLarger). */
  original?: ImageResult;
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
  /** Object URLs this batch made, revoked when their item goes or the page does. */
  const [urls] = useState(() => new Set<string>());

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
  const [jobs] = useState(
    () =>
      new BatchJobs<ImageJob, Processed>({
        concurrency: IN_FLIGHT,
        run: async ({ file, jobFor, neverLarger, describe: say }, { signal, progress }) => {
          try {
            const processed = await platform.image.process(file, jobFor(file), { signal, onProgress: progress });
            const original = neverLarger ? await originalInstead(file, processed) : undefined;
            if (signal.aborted) throw new ImageError('cancelled');
            return { processed, original };
          } catch (error) {
            throw new Error(say(error), { cause: error });
          }
        },
        onUpdate: (id, update) => {
          if (update.status !== 'done') {
            const patch: Partial<ImageBatchItem> =
              update.status === 'error'
                ? { status: 'error', error: update.error instanceof Error ? update.error.message : String(update.error) }
                : { status: update.status, progress: update.progress };
            setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
            return;
          }
          const { processed, original } = update.result;
          const result = original ?? processed;
          const url = URL.createObjectURL(resultBlob(result));
          urls.add(url);
          setItems((list) =>
            list.map((item) =>
              item.id === id
                ? {
                    ...item,
                    status: 'done',
                    progress: 1,
                    result,
                    url,
                    outputName: outputName(item.name, result.format),
                    discardedBytes: original ? processed.bytes.length : undefined,
                  }
                : item,
            ),
          );
        },
      }),
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
      for (const item of added) jobs.add(item.id, { file: item.file, jobFor, neverLarger: options.neverLarger ?? false, describe });
    },
    [describe, jobs, setItems],
  );

  const cancel = useCallback((id: string) => jobs.cancel(id), [jobs]);
  const cancelAll = useCallback(() => jobs.cancelAll(), [jobs]);

  const release = useCallback(
    (item: ImageBatchItem) => {
      if (!item.url) return;
      URL.revokeObjectURL(item.url);
      urls.delete(item.url);
    },
    [urls],
  );

  const remove = useCallback(
    (id: string) => {
      jobs.remove(id);
      const item = items().find((candidate) => candidate.id === id);
      if (item) release(item);
      setItems((list) => list.filter((candidate) => candidate.id !== id));
    },
    [items, jobs, release, setItems],
  );

  const clear = useCallback(() => {
    jobs.clear();
    items().forEach(release);
    setItems(() => []);
  }, [items, jobs, release, setItems]);

  const files = useCallback(() => items().map((item) => item.file), [items]);

  useEffect(() => {
    return () => {
      jobs.clear();
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [jobs, urls]);

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
