import { create } from 'zustand';
import { persist } from 'zustand/middleware';

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
    { name: 'baibao:favorites', version: 1 },
  ),
);
