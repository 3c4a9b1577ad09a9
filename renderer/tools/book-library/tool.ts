import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'book-library',
  path: '/book/library',
  group: 'reader',
  icon: ReadOutlined,
  topicId: 5,
  aliases: {
    cn: ['书库', '书架', '电子书', '藏书', '导入电子书', 'epub', 'mobi', 'azw3', 'kindle', '静读天下', 'koodo'],
    en: ['ebook', 'bookshelf', 'book library', 'epub library', 'calibre', 'koodo reader', 'kindle'],
  },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./BookLibraryPage'),
});
