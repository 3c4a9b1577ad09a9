import { ToolOutlined } from '@ant-design/icons';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'psd',
  path: '/psd',
  group: 'image',
  icon: ToolOutlined,
  topicId: 8,
  aliases: { cn: [], en: [] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./PsdPage'),
});
