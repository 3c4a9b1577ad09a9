import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'board',
  path: '/comment/board',
  group: 'extra',
  // Work in progress (issue 20): listed once the board, its moderation and their tests are complete.
  unlisted: true,
  plainFirstView: true,
  icon: MessageOutlined,
  topicId: 37,
  createdAt: '2026-11-28',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./BoardPage'),
});
