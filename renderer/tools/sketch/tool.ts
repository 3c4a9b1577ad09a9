import LayoutOutlined from '@ant-design/icons-svg/es/asn/LayoutOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'sketch',
  path: '/sketch',
  group: 'image',
  icon: LayoutOutlined,
  topicId: 7,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./SketchPage'),
  plainFirstView: true,
});
