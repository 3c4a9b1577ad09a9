import i18n from 'i18next';
import type { cn } from './locales/common';

type ShellTexts = typeof cn;

/**
 * The shell's English texts (locales/common-en.ts), apart from the first chunk as the tools' English
 * titles are (english-tool-texts.ts): the router loads both before an English page opens.
 */
let english: ShellTexts | undefined;
let loading: Promise<ShellTexts> | undefined;

/** The shell's English texts once loaded; undefined until then. */
export function englishShellTexts(): ShellTexts | undefined {
  return english;
}

/** Loads them and adds them to i18next's `common` namespace, beside texts other parts added there. */
export function loadEnglishShellTexts(): Promise<ShellTexts> {
  loading ??= import('./locales/common-en').then(
    (module) => {
      english = module.en;
      i18n.addResourceBundle('en', 'common', module.en, true, false);
      return module.en;
    },
    (error: unknown) => {
      // Tried again by the next navigation (offline, a stale deploy).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
