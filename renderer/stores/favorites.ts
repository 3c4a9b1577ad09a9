import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isBoolean, isStringList } from '@/lib/field-checks';
import { persistedSettings } from '@/lib/persisted-settings';

interface FavoritesStore {
  /** Tool ids in the order they were starred. */
  ids: string[];
  isZooming: boolean;
  toggle(id: string): void;
  setZooming(zooming: boolean): void;
}

export const useFavorites = create<FavoritesStore>()(
  persist(
    (set) => ({
      ids: [],
      isZooming: false,
      toggle: (id) => set((state) => ({ ids: state.ids.includes(id) ? state.ids.filter((x) => x !== id) : [...state.ids, id] })),
      setZooming: (isZooming) => set({ isZooming }),
    }),
    // The zoom mode is remembered with the stars, as the home page has always done.
    persistedSettings({
      key: 'baibao:favorites',
      pick: ({ ids, isZooming }) => ({ ids, isZooming }),
      fields: { ids: isStringList, isZooming: isBoolean },
    }),
  ),
);
