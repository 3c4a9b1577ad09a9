import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { BatchJobs } from '@/lib/batch-jobs';
import { persistedSettings } from '@/lib/persisted-settings';
import { DEFAULT_BOUNDS, clampBounds } from '@shared/image/stitch';
import type { Size, StripBounds } from '@shared/image/stitch';
import { clampQuality, imageErrorKind, moveById, restoreSettings } from './subtitle-stitch.service';
import type { ImageErrorKind, StitchEntry, StitchFormat, StitchSettings } from './subtitle-stitch.service';
import { stitchWorker } from './stitch-client';
import { randomHexId } from '@/lib/ids';

export interface StitchItem extends StitchEntry {
  file: File;
  /** Object URL of the file for the handles' backdrop; revoked when the item goes. */
  url?: string;
  error?: ImageErrorKind;
  errorMessage?: string;
}

interface State extends StitchSettings {
  items: StitchItem[];
  addFiles: (files: readonly File[]) => void;
  remove: (id: string) => void;
  clear: () => void;
  move: (activeId: string, overId: string) => void;
  /** Sets the bounds of one image: in shared mode that is everyone's. */
  setBounds: (id: string, bounds: StripBounds) => void;
  setPerImage: (perImage: boolean) => void;
  setFormat: (format: StitchFormat) => void;
  setQuality: (quality: number) => void;
}

const release = (items: readonly StitchItem[]) => {
  for (const item of items) if (item.url) URL.revokeObjectURL(item.url);
  if (items.length > 0) void stitchWorker().forget(items.map((item) => item.id));
};

export const useSubtitleStitchStore = create<State>()(
  persist(
    (set, get) => {
      const patch = (id: string, change: Partial<StitchItem>) =>
        set((state) => ({ items: state.items.map((item) => (item.id === id ? { ...item, ...change } : item)) }));

      /**
       * Two full-size decodes at once, the rest in the order they were added: forty 4K frames
       * dropped together would otherwise hold over a gigabyte of pixels before the first is shrunk
       * to its preview, enough to kill a phone's tab.
       */
      const loads = new BatchJobs<StitchItem, Size>({
        concurrency: 2,
        run: async (item, job) => {
          const size = await stitchWorker().load(item.id, item.file);
          // Removed while it was decoding: the worker's preview copy has no item any more.
          if (job.signal.aborted) void stitchWorker().forget([item.id]);
          return size;
        },
        onUpdate: (id, update) => {
          const item = get().items.find((entry) => entry.id === id);
          if (!item) return;
          if (update.status === 'done') patch(id, { status: 'ready', size: update.result, url: URL.createObjectURL(item.file) });
          else if (update.status === 'error') {
            const { error } = update;
            patch(id, {
              status: 'error',
              error: imageErrorKind(error),
              errorMessage: error instanceof Error ? error.message : String(error),
            });
          }
        },
      });

      return {
        items: [],
        perImage: false,
        shared: DEFAULT_BOUNDS,
        format: 'png',
        quality: 90,
        addFiles: (files) => {
          const added: StitchItem[] = files.map((file) => ({ id: randomHexId(), name: file.name, file, status: 'loading' }));
          set((state) => ({ items: [...state.items, ...added] }));
          for (const item of added) loads.add(item.id, item);
        },
        remove: (id) => {
          loads.remove(id);
          release(get().items.filter((item) => item.id === id));
          set((state) => ({ items: state.items.filter((item) => item.id !== id) }));
        },
        clear: () => {
          loads.clear();
          release(get().items);
          set({ items: [] });
        },
        move: (activeId, overId) => set((state) => ({ items: moveById(state.items, activeId, overId) })),
        setBounds: (id, bounds) => {
          const clamped = clampBounds(bounds);
          if (get().perImage) patch(id, { bounds: clamped });
          else set({ shared: clamped });
        },
        setPerImage: (perImage) =>
          // Switching on starts every image from the shared bounds, so nothing jumps.
          set((state) => ({
            perImage,
            items: perImage ? state.items.map((item) => ({ ...item, bounds: item.bounds ?? state.shared })) : state.items,
          })),
        setFormat: (format) => set({ format }),
        setQuality: (quality) => set({ quality: clampQuality(quality) }),
      };
    },
    // Only the settings outlive the page; files and bitmaps do not.
    persistedSettings<State, StitchSettings>({
      key: 'baibao:subtitle-stitch',
      pick: ({ perImage, shared, format, quality }): StitchSettings => ({ perImage, shared, format, quality }),
      restore: restoreSettings,
    }),
  ),
);
