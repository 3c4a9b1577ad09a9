import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'feedback',
  path: '/user/suggest',
  group: 'extra',
  icon: MessageOutlined,
  topicId: 35,
  createdAt: '2026-11-28',
  plainFirstView: true,
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./FeedbackPage'),
});
