import { FALLBACK_LANGUAGE, LANGUAGES } from './resources';
import type { Language } from './resources';

export { FALLBACK_LANGUAGE, LANGUAGES };

export function isLanguage(value: string | undefined): value is Language {
  return value !== undefined && (LANGUAGES as readonly string[]).includes(value);
}
