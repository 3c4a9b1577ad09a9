import ReadOutlined from '@ant-design/icons-svg/es/asn/ReadOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'book-library',
  path: '/book/library',
  group: 'reader',
  icon: ReadOutlined,
  topicId: 5,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  hideAds: true,
  page: () => import('./BookLibraryPage'),
});
