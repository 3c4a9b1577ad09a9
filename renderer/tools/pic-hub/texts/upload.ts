import type { LocaleShape } from '@/i18n/types';

/** The upload part's texts (locales.ts joins the parts; one file per part keeps parallel work apart). */
export const cn = {
  title: 'upload',
};

export const en: LocaleShape<typeof cn> = {
  title: 'upload',
};
