import { ToolOutlined } from '@ant-design/icons';
import { defineTool } from '@/tools/types';
import { cn, en } from './locales';

export default defineTool({
  id: 'text-assistant',
  path: '/text/assistant',
  group: 'text-file',
  icon: ToolOutlined,
  topicId: 0,
  aliases: { cn: [], en: [] },
  capabilities: [],
  createdAt: '2026-11-21',
  locales: { cn, en },
  page: () => import('./TextAssistantPage'),
});
