import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { StateStorage } from 'zustand/middleware';
import type { Jitter } from '@shared/handwriting';
import { isBoolean, isOneOf } from '@/lib/field-checks';
import { persistedSettings } from '@/lib/persisted-settings';
import type { FieldSchemas } from '@/lib/persisted-settings';
import { isHexColour, isNumber, isShape } from '@/lib/shape-checks';
import { DEFAULT_SETTINGS, FONT_IDS, JITTER_KEYS, JITTER_MAX, PAGE_SIZE_CHOICES, PAPER_KINDS } from './hand-write.service';
import type { PageSettings } from './hand-write.service';

interface State extends PageSettings {
  setSettings: (settings: PageSettings) => void;
}

const finite = isNumber();
const jitter = isShape(
  Object.fromEntries(JITTER_KEYS.map((key) => [key, isNumber({ min: 0, max: JITTER_MAX[key] })])) as {
    [Key in keyof Jitter]: ReturnType<typeof isNumber>;
  },
);

const fields: FieldSchemas<PageSettings> = {
  font: isOneOf([...FONT_IDS, 'own']),
  paper: isOneOf(PAPER_KINDS),
  useBackground: isBoolean,
  size: isOneOf(PAGE_SIZE_CHOICES),
  custom: isShape({ width: finite, height: finite }),
  margin: finite,
  fontSizePt: finite,
  lineSpacing: finite,
  indent: finite,
  ink: isHexColour,
  jitter,
  seed: isNumber({ integer: true }),
};

const pick = (state: PageSettings): PageSettings =>
  Object.fromEntries(Object.keys(DEFAULT_SETTINGS).map((key) => [key, state[key as keyof PageSettings]])) as unknown as PageSettings;

/**
 * The page's settings survive a reload (localStorage); the text, the own font, the background and
 * the generated pages are files and go to the handwriting database instead.
 */
export function createHandWriteStore(storage?: () => StateStorage) {
  return create<State>()(
    persist(
      (set) => ({ ...DEFAULT_SETTINGS, setSettings: (settings) => set(settings) }),
      persistedSettings<State, PageSettings>({ key: 'baibao:hand-write', pick, fields, ...(storage ? { storage } : {}) }),
    ),
  );
}

export const useHandWriteStore = createHandWriteStore();
