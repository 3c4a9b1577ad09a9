import { ToolOutlined } from '@ant-design/icons';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'book-library',
  path: '/book/library',
  group: 'reader',
  icon: ToolOutlined,
  topicId: 5,
  aliases: { cn: [], en: [] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./BookLibraryPage'),
});
