import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'icon-marker',
  path: '/icon/marker',
  group: 'image',
  icon: AppstoreOutlined,
  topicId: 9,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./IconMarkerPage'),
  plainFirstView: true,
});
