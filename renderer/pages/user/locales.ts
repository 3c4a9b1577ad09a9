import type { LocaleShape } from '@/i18n/types';

export const cn = {
  title: '',
};

export const en: LocaleShape<typeof cn> = {
  title: '',
};
