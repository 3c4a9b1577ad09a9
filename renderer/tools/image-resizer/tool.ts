import { ToolOutlined } from '@ant-design/icons';
import { defineTool } from '@/tools/types';
import { cn, en } from './locales';

export default defineTool({
  id: 'image-resizer',
  path: '/image/resizer',
  group: 'image',
  icon: ToolOutlined,
  topicId: 0,
  aliases: { cn: [], en: [] },
  capabilities: [],
  createdAt: '2026-11-21',
  locales: { cn, en },
  page: () => import('./ImageResizerPage'),
});
