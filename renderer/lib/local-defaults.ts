import { LANGUAGES } from '@/i18n/language';
import type { Language } from '@/i18n/resources';

/**
 * Fields that still hold some language's default text ("百宝箱", "Baibao") take the given
 * language's; text the user typed stays. So switching the page to English turns an untouched
 * "© 百宝箱" watermark into "© Baibao" without undoing anybody's own wording.
 */
export function localizeDefaults<T extends object>(value: T, defaultsIn: (language: Language) => Partial<T>, language: Language): T {
  const wanted = defaultsIn(language);
  const keys = Object.keys(wanted) as (keyof T)[];
  const untouched = keys.filter((key) => value[key] !== wanted[key] && LANGUAGES.some((other) => defaultsIn(other)[key] === value[key]));
  if (untouched.length === 0) return value;
  return { ...value, ...Object.fromEntries(untouched.map((key) => [key, wanted[key]])) };
}
