import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'epub-reader',
  path: '/epub/reader',
  group: 'reader',
  icon: ToolOutlined,
  topicId: 6,
  aliases: { cn: [], en: [] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./EpubReaderPage'),
});
