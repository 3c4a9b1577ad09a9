import type { LocaleShape } from '@/i18n/types';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  inputLabel: '输入',
  outputLabel: '结果',
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  inputLabel: 'Input',
  outputLabel: 'Output',
};
