import type { LocaleShape } from '@/i18n/types';

/** The gallery part's texts (locales.ts joins the parts; one file per part keeps parallel work apart). */
export const cn = {
  title: 'gallery',
};

export const en: LocaleShape<typeof cn> = {
  title: 'gallery',
};
