import { ToolOutlined } from '@ant-design/icons';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'excel',
  path: '/excel',
  group: 'office',
  icon: ToolOutlined,
  topicId: 2,
  aliases: { cn: [], en: [] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./ExcelPage'),
});
