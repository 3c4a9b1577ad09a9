import type { LocaleShape } from '@/i18n/types';

/** The setting part's texts (locales.ts joins the parts; one file per part keeps parallel work apart). */
export const cn = {
  title: 'setting',
};

export const en: LocaleShape<typeof cn> = {
  title: 'setting',
};
