import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'text-assistant',
  path: '/text/assistant',
  group: 'text-file',
  icon: FileTextOutlined,
  topicId: 17,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./TextAssistantPage'),
  plainFirstView: true,
});
