import type { LocaleShape } from '@/i18n/types';
import * as documents from './documents/texts';
import { meta } from './meta';

export const cn = {
  meta: meta.cn,
  documents: documents.cn,
  inputLabel: '输入',
  outputLabel: '结果',
};

export const en: LocaleShape<typeof cn> = {
  meta: meta.en,
  documents: documents.en,
  inputLabel: 'Input',
  outputLabel: 'Output',
};
