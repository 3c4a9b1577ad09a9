import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistedSettings } from '@/lib/persisted-settings';
import { isListOf, isText } from '@/lib/shape-checks';
import { rememberUrl } from './cloud.service';

interface CloudListsState {
  /** List and feed addresses the user opened, newest first: only addresses, never the books. */
  recent: string[];
  remember: (url: string) => void;
}

export const useCloudLists = create<CloudListsState>()(
  persist(
    (set) => ({
      recent: [],
      remember: (url) => set((state) => ({ recent: rememberUrl(state.recent, url) })),
    }),
    persistedSettings({
      key: 'baibao:book-library:cloud',
      pick: ({ recent }) => ({ recent }),
      fields: { recent: isListOf(isText({ min: 1, max: 2048 }), { max: 8 }) },
    }),
  ),
);
