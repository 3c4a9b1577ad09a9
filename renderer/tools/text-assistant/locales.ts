import type { LocaleShape } from '@/i18n/types';

export const cn = {
  meta: {
    title: '文本助手',
    description: '文本助手',
    keywords: '文本助手',
  },
  inputLabel: '输入',
  outputLabel: '结果',
};

export const en: LocaleShape<typeof cn> = {
  meta: {
    title: 'Text assistant',
    description: 'Text assistant',
    keywords: 'Text assistant',
  },
  inputLabel: 'Input',
  outputLabel: 'Output',
};
