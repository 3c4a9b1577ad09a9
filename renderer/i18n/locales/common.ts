import type { LocaleShape } from '../types';

export const cn = {
  site: {
    title: '百宝箱',
    subTitle: '免费、好用、不上传的在线工具箱',
  },
  groups: {
    markdown: 'Markdown',
    office: '办公文档',
    reader: '阅读',
    image: '图片',
    'text-file': '文本与文件',
    toolbox: '工具箱',
    external: '外部工具',
    extra: '更多',
  },
};

export const en: LocaleShape<typeof cn> = {
  site: {
    title: 'Baibao',
    subTitle: 'Free, handy tools that never upload your files',
  },
  groups: {
    markdown: 'Markdown',
    office: 'Office',
    reader: 'Reader',
    image: 'Image',
    'text-file': 'Text & files',
    toolbox: 'Toolbox',
    external: 'External tools',
    extra: 'More',
  },
};
