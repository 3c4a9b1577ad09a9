import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isBoolean, isOneOf, isString } from '@/lib/field-checks';
import { persistedSettings } from '@/lib/persisted-settings';
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

const defaults: Settings = { foldersOnly: false, showSizes: false, sort: 'name', format: 'text', ignore: DEFAULT_IGNORE };

/** The options survive a reload; the folder cannot (the browser does not let a page keep it). */
export const useFolderTreeStore = create<State>()(
  persist(
    (set) => ({ ...defaults, set: (patch) => set(patch) }),
    persistedSettings({
      key: 'baibao:folder-tree',
      pick: ({ foldersOnly, showSizes, sort, format, ignore }): Settings => ({ foldersOnly, showSizes, sort, format, ignore }),
      fields: {
        foldersOnly: isBoolean,
        showSizes: isBoolean,
        sort: isOneOf(['name', 'size', 'folders-first']),
        format: isOneOf(['text', 'markdown', 'json']),
        ignore: isString,
      },
    }),
  ),
);
