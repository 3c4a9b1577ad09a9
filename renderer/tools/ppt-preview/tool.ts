import { ToolOutlined } from '@ant-design/icons';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'ppt-preview',
  path: '/ppt/preview',
  group: 'office',
  icon: ToolOutlined,
  topicId: 4,
  aliases: { cn: [], en: [] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./PptPreviewPage'),
});
