import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_IGNORE } from './folder-tree.service';
import type { OutputFormat, SortMode } from './folder-tree.service';

interface Settings {
  foldersOnly: boolean;
  showSizes: boolean;
  sort: SortMode;
  format: OutputFormat;
  ignore: string;
}

interface State extends Settings {
  set: (patch: Partial<Settings>) => void;
}

const SORTS: readonly SortMode[] = ['name', 'size', 'folders-first'];
const FORMATS: readonly OutputFormat[] = ['text', 'markdown', 'json'];
const defaults: Settings = { foldersOnly: false, showSizes: false, sort: 'name', format: 'text', ignore: DEFAULT_IGNORE };

/** The options survive a reload; the folder cannot (the browser does not let a page keep it). */
export const useFolderTreeStore = create<State>()(
  persist((set) => ({ ...defaults, set: (patch) => set(patch) }), {
    name: 'baibao:folder-tree',
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ foldersOnly, showSizes, sort, format, ignore }) => ({ foldersOnly, showSizes, sort, format, ignore }),
    // Stored values are checked, so a hand-edited or older entry cannot put the page in a state it has no control for.
    merge: (persisted, current) => {
      const saved: Partial<Record<keyof Settings, unknown>> = typeof persisted === 'object' && persisted !== null ? persisted : {};
      return {
        ...current,
        foldersOnly: saved.foldersOnly === true,
        showSizes: saved.showSizes === true,
        sort: SORTS.find((sort) => sort === saved.sort) ?? defaults.sort,
        format: FORMATS.find((format) => format === saved.format) ?? defaults.format,
        ignore: typeof saved.ignore === 'string' ? saved.ignore : defaults.ignore,
      };
    },
  }),
);
