import type { LocaleShape } from '@/i18n/types';

export const cn = {
  meta: {
    title: '图片尺寸调整与裁剪',
    description: '图片尺寸调整与裁剪',
    keywords: '图片尺寸调整与裁剪',
  },
  inputLabel: '输入',
  outputLabel: '结果',
};

export const en: LocaleShape<typeof cn> = {
  meta: {
    title: 'Image resizer & cropper',
    description: 'Image resizer & cropper',
    keywords: 'Image resizer & cropper',
  },
  inputLabel: 'Input',
  outputLabel: 'Output',
};
