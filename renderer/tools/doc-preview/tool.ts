import { ToolOutlined } from '@ant-design/icons';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'doc-preview',
  path: '/doc/preview',
  group: 'office',
  icon: ToolOutlined,
  topicId: 3,
  aliases: { cn: [], en: [] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./DocPreviewPage'),
});
