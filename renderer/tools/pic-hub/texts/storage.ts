import type { LocaleShape } from '@/i18n/types';

/** The storage part's texts (locales.ts joins the parts; one file per part keeps parallel work apart). */
export const cn = {
  title: 'storage',
};

export const en: LocaleShape<typeof cn> = {
  title: 'storage',
};
