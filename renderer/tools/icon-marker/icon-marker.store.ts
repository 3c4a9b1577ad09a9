import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import i18n from '@/i18n';
import { isLanguage } from '@/i18n/language';
import type { Language } from '@/i18n/resources';
import { isBoolean, isOneOf } from '@/lib/field-checks';
import { isHexColour, isNumber, isText } from '@/lib/shape-checks';
import { localizeDefaults } from '@/lib/local-defaults';
import { persistedSettings, restoreFields } from '@/lib/persisted-settings';
import type { FieldSchemas } from '@/lib/persisted-settings';
import { DEFAULT_SETTINGS, FONT_KEYS, SOURCE_KINDS } from './icon-marker.service';
import { cn, en } from './locales';
import type { IconSettings } from './icon-marker.service';

interface State {
  settings: IconSettings;
  /** The uploaded source; kept out of storage (files cannot be persisted). */
  image: File | null;
  update: (patch: Partial<IconSettings>) => void;
  setImage: (image: File | null) => void;
  reset: () => void;
}

const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : 'cn');

/**
 * The default texts straight from the locales, not through i18n: this module runs when the page's
 * chunk loads, which may be before the route has added the tool's namespace (the defaults were then
 * the keys themselves, "defaults.text").
 */
function textDefaults(lng: Language = currentLanguage()): Pick<IconSettings, 'text' | 'name' | 'shortName'> {
  const { text, name } = { cn, en }[lng].defaults;
  return { text, name, shortName: name };
}

/** The defaults with the icon text and app name in the current language (read when the page first loads and on reset). */
function localDefaults(): IconSettings {
  return { ...DEFAULT_SETTINGS, ...textDefaults() };
}

/** Version 1 defaulted the manifest's names to this site's own name; an untouched one becomes the visitor's default. */
const OLD_DEFAULT_NAMES: ReadonlySet<string> = new Set(['百宝箱', 'Baibao']);

export function migrateSettings(persisted: unknown, version: number): unknown {
  const settings = (persisted as { settings?: Partial<IconSettings> } | undefined)?.settings;
  if (version >= 2 || !settings) return persisted;
  const names = textDefaults();
  return {
    ...(persisted as object),
    settings: {
      ...settings,
      ...(settings.name !== undefined && OLD_DEFAULT_NAMES.has(settings.name) ? { name: names.name } : {}),
      ...(settings.shortName !== undefined && OLD_DEFAULT_NAMES.has(settings.shortName) ? { shortName: names.shortName } : {}),
    },
  };
}

const colour = isHexColour;
const share = (max: number) => isNumber({ min: 0, max });

/** What each stored setting must be to be taken back: the page's own controls' ranges (StylePanel, SourcePanel). */
const SETTING_FIELDS: FieldSchemas<IconSettings> = {
  source: isOneOf(SOURCE_KINDS),
  text: isText({ max: 24 }),
  font: isOneOf(FONT_KEYS),
  bold: isBoolean,
  textColor: colour,
  emoji: isText({ max: 16 }),
  background: colour,
  transparent: isBoolean,
  padding: share(40),
  rounding: share(50),
  maskablePadding: share(40),
  dark: isBoolean,
  darkBackground: colour,
  darkTextColor: colour,
  name: isText({ max: 60 }),
  shortName: isText({ max: 24 }),
};

/** Stored settings field by field (a damaged one takes its default), untouched default texts in the page's language. */
export function restoreSettings(stored: unknown): IconSettings {
  const settings = (stored as { settings?: unknown } | null | undefined)?.settings;
  return localizeDefaults(restoreFields(settings, localDefaults(), SETTING_FIELDS), textDefaults, currentLanguage());
}

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
    persistedSettings<State, { settings: IconSettings }>({
      key: 'baibao.icon-marker',
      version: 2,
      migrate: migrateSettings,
      // An image source without its file cannot be restored: come back on text.
      pick: (state) => ({
        settings: { ...state.settings, source: state.settings.source === 'image' ? 'text' : state.settings.source },
      }),
      restore: (stored) => ({ settings: restoreSettings(stored) }),
    }),
  ),
);

i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  useIconMarkerStore.setState((state) => ({ settings: localizeDefaults(state.settings, textDefaults, language) }));
});
