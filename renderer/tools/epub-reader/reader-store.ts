import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistedSettings } from '@/lib/persisted-settings';
import { DEFAULT_SETTINGS, SETTINGS_FIELDS } from './reader-settings';
import type { ReaderSettings } from './reader-settings';

interface State extends ReaderSettings {
  set: (patch: Partial<ReaderSettings>) => void;
  reset: () => void;
}

/** The reader's settings, the same for every book, kept across reloads. */
export const useReaderSettings = create<State>()(
  persist(
    (set) => ({ ...DEFAULT_SETTINGS, set: (patch) => set(patch), reset: () => set(DEFAULT_SETTINGS) }),
    persistedSettings({
      key: 'baibao:epub-reader',
      pick: ({ fontSize, font, lineHeight, margin, theme, flow }): ReaderSettings => ({ fontSize, font, lineHeight, margin, theme, flow }),
      fields: SETTINGS_FIELDS,
    }),
  ),
);
