import ApartmentOutlined from '@ant-design/icons-svg/es/asn/ApartmentOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'folder-tree',
  path: '/folder/tree',
  group: 'text-file',
  icon: ApartmentOutlined,
  topicId: 18,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./FolderTreePage'),
  plainFirstView: true,
});
