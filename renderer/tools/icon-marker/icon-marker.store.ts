import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { DEFAULT_SETTINGS } from './icon-marker.service';
import type { IconSettings } from './icon-marker.service';

interface State {
  settings: IconSettings;
  /** The uploaded source; kept out of storage (files cannot be persisted). */
  image: File | null;
  update: (patch: Partial<IconSettings>) => void;
  setImage: (image: File | null) => void;
  reset: () => void;
}

/** Settings persist locally so a returning visitor continues with their icon's colours and text. */
export const useIconMarkerStore = create<State>()(
  persist(
    (set) => ({
      settings: DEFAULT_SETTINGS,
      image: null,
      update: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
      setImage: (image) => set((state) => ({ image, settings: image ? { ...state.settings, source: 'image' } : state.settings })),
      reset: () => set({ settings: DEFAULT_SETTINGS, image: null }),
    }),
    {
      name: 'baibao.icon-marker',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // An image source without its file cannot be restored: come back on text.
      partialize: (state) => ({ settings: { ...state.settings, source: state.settings.source === 'image' ? 'text' : state.settings.source } }),
      merge: (persisted, current) => ({ ...current, settings: { ...DEFAULT_SETTINGS, ...(persisted as Partial<State> | undefined)?.settings } }),
    },
  ),
);
