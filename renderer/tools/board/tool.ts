import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'board',
  path: '/comment/board',
  group: 'extra',
  plainFirstView: true,
  // Spec §2: /comment/board takes layout offset 0.
  offset: 0,
  icon: MessageOutlined,
  topicId: 37,
  createdAt: '2026-11-28',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./BoardPage'),
});
