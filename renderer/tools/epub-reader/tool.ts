import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'epub-reader',
  path: '/epub/reader',
  group: 'reader',
  icon: BookOutlined,
  topicId: 6,
  aliases: {
    cn: ['电子书阅读', '看书', 'EPUB 阅读', 'MOBI 阅读', 'AZW3 阅读'],
    en: ['ebook reader', 'EPUB reader', 'MOBI reader', 'Kindle book'],
  },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./EpubReaderPage'),
  plainFirstView: true,
});
