import RetweetOutlined from '@ant-design/icons-svg/es/asn/RetweetOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'text-disorder',
  path: '/text/disorder',
  group: 'text-file',
  icon: RetweetOutlined,
  topicId: 27,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  page: () => import('./TextDisorderPage'),
});
