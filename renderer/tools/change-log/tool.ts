import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'change-log',
  path: '/changeLog',
  group: 'extra',
  icon: HistoryOutlined,
  topicId: 38,
  createdAt: '2026-11-28',
  plainFirstView: true,
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./ChangeLogPage'),
});
