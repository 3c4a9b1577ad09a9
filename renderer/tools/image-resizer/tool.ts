import ExpandOutlined from '@ant-design/icons-svg/es/asn/ExpandOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-resizer',
  path: '/image/resizer',
  group: 'image',
  icon: ExpandOutlined,
  topicId: 12,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./ImageResizerPage'),
  plainFirstView: true,
});
