import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'feedback',
  path: '/user/suggest',
  group: 'extra',
  unlisted: true,
  icon: ToolOutlined,
  topicId: 35,
  createdAt: '2026-11-28',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./FeedbackPage'),
});
