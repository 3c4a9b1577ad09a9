import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, resources } from './resources';
import type { Language } from './resources';

export { LANGUAGES, FALLBACK_LANGUAGE, isLanguage } from './language';
export type { Language } from './resources';

void i18n.use(initReactI18next).init({
  resources,
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: 'common',
  ns: Object.keys(resources.cn),
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function setLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  document.documentElement.lang = language === 'cn' ? 'zh-CN' : 'en';
}

export default i18n;
