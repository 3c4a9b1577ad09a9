import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import i18n from '@/i18n';
import { isLanguage } from '@/i18n/language';
import type { Language } from '@/i18n/resources';
import { localizeDefaults } from '@/lib/local-defaults';
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

function textDefaults(lng?: Language): Pick<IconSettings, 'text' | 'name' | 'shortName'> {
  const name = i18n.t('defaults.name', { ns: 'icon-marker', lng });
  return { text: i18n.t('defaults.text', { ns: 'icon-marker', lng }), name, shortName: name };
}

/** The defaults with the icon text and app name in the current language (read when the page first loads and on reset). */
function localDefaults(): IconSettings {
  return { ...DEFAULT_SETTINGS, ...textDefaults() };
}

const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'cn');

/** Settings persist locally so a returning visitor continues with their icon's colours and text. */
export const useIconMarkerStore = create<State>()(
  persist(
    (set) => ({
      settings: localDefaults(),
      image: null,
      update: (patch) => set((state) => ({ settings: { ...state.settings, ...patch } })),
      setImage: (image) => set((state) => ({ image, settings: image ? { ...state.settings, source: 'image' } : state.settings })),
      reset: () => set({ settings: localDefaults(), image: null }),
    }),
    {
      name: 'baibao.icon-marker',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // An image source without its file cannot be restored: come back on text.
      partialize: (state) => ({ settings: { ...state.settings, source: state.settings.source === 'image' ? 'text' : state.settings.source } }),
      merge: (persisted, current) => ({
        ...current,
        settings: localizeDefaults({ ...localDefaults(), ...(persisted as Partial<State> | undefined)?.settings }, textDefaults, currentLanguage()),
      }),
    },
  ),
);

i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  useIconMarkerStore.setState((state) => ({ settings: localizeDefaults(state.settings, textDefaults, language) }));
});
