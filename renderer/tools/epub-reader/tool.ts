import BookOutlined from '@ant-design/icons-svg/es/asn/BookOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'epub-reader',
  path: '/epub/reader',
  group: 'reader',
  icon: BookOutlined,
  topicId: 6,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./EpubReaderPage'),
  plainFirstView: true,
  hideAds: true,
});
